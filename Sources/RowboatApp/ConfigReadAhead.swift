import Dispatch
import Foundation
import RowboatCache
import RowboatSpec
import Synchronization

/// A config file read on another thread while its command line is still
/// being parsed: `rowboat` begins loading the file its arguments name
/// (`ConfigFile.load`, the same read, parse and checks) before
/// ArgumentParser runs, and the command's own open takes what was loaded
/// when it asks for the same file. Asked for another, or never asked, it
/// is not used: the command loads as it would have.
public enum ConfigReadAhead {
    /// One load under way or done: the file as named (nil: the demo
    /// config) and its outcome once there.
    private final class Load: Sendable {
        let named: String?
        let outcome = Mutex<Result<RowboatConfig, ConfigError>?>(nil)
        let done = DispatchGroup()

        init(named: String?) {
            self.named = named
        }
    }

    private static let current = Mutex<Load?>(nil)

    /// Starts loading `named` (nil: the demo config) on another thread;
    /// with `openingCache` (a browse), the config's cache file begins to
    /// open too (`CacheStore.openAhead`): at once where a config of that
    /// file keeps it unless it says otherwise, if it is there, and where
    /// the config read says, if that is elsewhere. `loaded` is handed the
    /// config there, once read, before a `take` can have it.
    public static func begin(_ named: String?, openingCache: Bool = false,
                             loaded: (@Sendable (RowboatConfig) -> Void)? = nil) {
        let load = Load(named: named)
        load.done.enter()
        current.withLock { $0 = load }
        DispatchQueue.global(qos: .userInitiated).async {
            let path = named ?? ConfigFile.demoConfigPath()
            if openingCache { CacheStore.openAhead(forConfigAt: path) }
            let outcome = Result { () throws(ConfigError) in try ConfigFile.load(path) }
            if case .success(let config) = outcome {
                loaded?(config)
                if openingCache { CacheStore.openAhead(for: config) }
            }
            load.outcome.withLock { $0 = outcome }
            load.done.leave()
        }
    }

    /// The config `named` (nil: the demo config): what the load begun for
    /// it gave, else loaded now.
    public static func load(_ named: String?) throws(ConfigError) -> RowboatConfig {
        if let loaded = take(named) { return try loaded.get() }
        return try ConfigFile.load(named ?? ConfigFile.demoConfigPath())
    }

    /// What the load begun for `named` gave (waiting for it if it is still
    /// under way), once; nil when none was begun for that file.
    public static func take(_ named: String?) -> Result<RowboatConfig, ConfigError>? {
        guard let load = current.withLock({ current -> Load? in
            guard let load = current, load.named == named else { return nil }
            current = nil
            return load
        }) else { return nil }
        load.done.wait()
        return load.outcome.withLock { $0 }
    }

    /// The config a `rowboat` command line opens, judged from its words
    /// before they are parsed: `.some(file)` for `--config FILE` or
    /// `--config=FILE` (the last given), `.some(nil)` for the demo config
    /// (no `--config` and no URL), nil when it opens none this way: a URL
    /// to probe, help or the version asked for, or a first word that is
    /// neither an option nor one of `commands` (the subcommands that read
    /// ahead; with no subcommand, the default's). A wrong judgement costs
    /// only the load: `take` is asked for the file the parse settled on.
    public static func named(in arguments: [String], commands: Set<String>) -> String?? {
        if let first = arguments.first, !first.hasPrefix("-"), !isURL(first), !commands.contains(first) { return nil }
        let words = arguments.prefix { $0 != "--" }
        if words.contains(where: { ["--help", "-h", "--version", "--generate-completion-script"].contains($0) || isURL($0) }) {
            return nil
        }
        return .some(lastValue(of: "--config", in: words))
    }

    /// The value the last `OPTION VALUE` or `OPTION=VALUE` among `words`
    /// gives (up to a `--`), judged before the parse; nil when none does.
    public static func lastValue(of option: String, in words: some Collection<String>) -> String? {
        var value: String?
        var index = words.startIndex
        while index != words.endIndex {
            let word = words[index]
            if word == "--" { break }
            index = words.index(after: index)
            if word == option, index != words.endIndex {
                value = words[index]
                index = words.index(after: index)
            } else if word.hasPrefix(option + "=") {
                value = String(word.dropFirst(option.count + 1))
            }
        }
        return value
    }

    /// A command-line word that is a URL to probe (http or https, in any
    /// case): the one rule the browse command and the read-ahead judge
    /// words by.
    public static func isURL(_ word: String) -> Bool {
        let lower = word.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }
}
