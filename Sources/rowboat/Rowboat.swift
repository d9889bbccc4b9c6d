import ArgumentParser
import Glibc

/// The `rowboat` command: browse (default) and the demo server.
@main
struct Rowboat: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rowboat",
        abstract: "Browse paged JSON APIs in the terminal.",
        version: RowboatVersion.text,
        subcommands: [Browse.self, DemoServerCommand.self, Fetch.self, ConfigCommand.self, CacheCommand.self],
        defaultSubcommand: Browse.self)

    static func main() async {
        StandardStreams.checkDescriptorsAtStart()
        do {
            var command = try await asyncParseAsRoot(nil)
            if var command = command as? AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            Glibc.exit(ExitReport.status(for: error))
        }
    }
}
