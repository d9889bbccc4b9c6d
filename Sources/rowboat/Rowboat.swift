import ArgumentParser

/// The `rowboat` command: browse (default) and the demo server.
@main
struct Rowboat: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rowboat",
        abstract: "Browse paged JSON APIs in the terminal.",
        version: "0.1.0",
        subcommands: [Browse.self, DemoServerCommand.self, Fetch.self, ConfigCommand.self, CacheCommand.self],
        defaultSubcommand: Browse.self)

    static func main() async {
        StandardStreams.checkDescriptorsAtStart()
        await main(nil)
    }
}
