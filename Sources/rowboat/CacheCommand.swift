import ArgumentParser
import RowboatApp
import RowboatCache
import RowboatSpec

/// `rowboat cache size|clear`: look at or empty a config's on-disk cache.
struct CacheCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show or clear the on-disk cache of a config.",
        subcommands: [CacheSize.self, CacheClear.self, CacheWriteLoop.self])

    /// The cache store of `--config` (default: the demo config). Loading the
    /// config does not start the demo server: the cache is named by the
    /// config file, not by the server's port.
    static func store(config path: String?) throws(CLIError) -> CacheStore {
        let config: RowboatConfig
        do {
            config = try ConfigFile.load(path ?? ConfigFile.demoConfigPath())
        } catch {
            throw CLIError(error.description)
        }
        let store = CacheStore.open(for: config)
        if let reason = store.disabledReason { throw CLIError(reason) }
        if let notice = store.notice { StandardStreams.err("rowboat: \(notice)") }
        return store
    }
}
