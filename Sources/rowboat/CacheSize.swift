import ArgumentParser
import RowboatCache

/// `rowboat cache size`: content size and entries per kind, and the total.
struct CacheSize: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "size",
        abstract: "Print the cache's size per kind (responses, images, favorites) and the total.")

    @Option(name: .long, help: "Config file (YAML, JSON or DataConfig.plist). Default: the demo config.")
    var config: String?

    func run() throws {
        do {
            let store = try CacheCommand.store(config: config)
            let sizes = try store.sizes()
            var lines: [String] = []
            func line(_ name: String, _ kind: CacheSizes.Kind) {
                let noun = kind.entries == 1 ? "entry" : "entries"
                lines.append("\(name) \(CacheSizes.human(kind.bytes)) (\(kind.entries) \(noun))")
            }
            line("responses", sizes.responses)
            line("images", sizes.images)
            line("favorites", sizes.favorites)
            lines.append("total \(CacheSizes.human(sizes.totalBytes)) in \(store.path ?? "")")
            try? StandardStreams.out(lines.joined(separator: "\n") + "\n")
        } catch {
            throw StandardStreams.fail(error)
        }
    }
}
