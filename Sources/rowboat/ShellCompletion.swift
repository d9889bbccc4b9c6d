import Foundation
import RowboatApp
import RowboatSpec

/// What the shells complete for rowboat's arguments beyond flag names: config
/// files, and endpoint keys (`rowboat fetch <TAB>`) read from the config named
/// by `--config` on the command line being completed, else the demo config;
/// `rowboat browse --endpoint <TAB>` completes the same keys (the generated
/// scripts know a default subcommand's options only after its name).
enum ShellCompletion {
    /// File name extensions offered for a config file argument.
    static let configExtensions = ["yaml", "yml", "json", "plist"]

    /// The argument parser's custom completion of endpoint keys: `words` is
    /// the command line as the shell split it (quotes and escapes kept),
    /// `prefix` what is typed of the key so far. A config that does not load
    /// completes nothing.
    @Sendable static func endpointKeys(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let path = configPath(in: words).map(shellWord) ?? ConfigFile.demoConfigPath()
        guard let config = try? ConfigFile.load(path) else { return [] }
        return config.endpoints.map(\.key).filter { key in
            key.hasPrefix(prefix) && !key.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 }
        }
    }

    /// The value of the last `--config FILE` or `--config=FILE` in `words`
    /// (bash splits the latter into `--config`, `=`, `FILE`).
    static func configPath(in words: [String]) -> String? {
        var found: String?
        for (i, word) in words.enumerated() {
            if word == "--config" {
                let value = i + 1 < words.count && words[i + 1] == "=" ? i + 2 : i + 1
                if value < words.count, !words[value].isEmpty { found = words[value] }
            } else if word.hasPrefix("--config=") {
                found = String(word.dropFirst("--config=".count))
            }
        }
        return found
    }

    /// A shell word as the shell would pass it on: quotes removed,
    /// backslash escapes undone, a leading `~/` expanded.
    static func shellWord(_ word: String) -> String {
        var out = ""
        var quote: Character?
        var escaped = false
        for c in word {
            if escaped {
                out.append(c)
                escaped = false
            } else if let q = quote {
                if c == q { quote = nil } else if c == "\\" && q == "\"" { escaped = true } else { out.append(c) }
            } else if c == "'" || c == "\"" {
                quote = c
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        if out == "~" || out.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] {
            out = home + out.dropFirst()
        }
        return out
    }
}
