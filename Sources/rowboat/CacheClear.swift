import ArgumentParser
import RowboatCache

/// `rowboat cache clear [--images|--responses]`: empties the cache (both
/// kinds by default; favorites are kept).
struct CacheClear: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Remove cached responses and images (favorites are kept).")

    @Flag(name: .long, help: "Only images.")
    var images = false

    @Flag(name: .long, help: "Only responses.")
    var responses = false

    @Option(name: .long, help: "Config file (YAML, JSON or DataConfig.plist). Default: the demo config.")
    var config: String?

    func run() throws {
        do {
            var kinds: Set<CacheKind> = []
            if images { kinds.insert(.images) }
            if responses { kinds.insert(.responses) }
            if kinds.isEmpty { kinds = Set(CacheKind.allCases) }
            let store = try CacheCommand.store(config: config)
            let removed = try store.clear(kinds)
            let names = CacheKind.allCases.filter(kinds.contains).map(\.rawValue).joined(separator: " and ")
            try? StandardStreams.out("cleared \(names): \(removed) \(removed == 1 ? "entry" : "entries")\n")
        } catch {
            throw StandardStreams.fail(error)
        }
    }
}
