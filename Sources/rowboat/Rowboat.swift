import ArgumentParser
import Dispatch
import Glibc
import RowboatApp
import RowboatCore
import RowboatSpec
import RowboatTerminal

/// The `rowboat` command: browse (default) and the demo server.
@main
struct Rowboat: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rowboat",
        abstract: "Browse paged JSON APIs in the terminal.",
        usage: """
        rowboat [--config FILE] [--endpoint KEY] [--mode MODE] [<options>]
        rowboat URL [--header 'K: V'] [--user U:P] [--save FILE]
        rowboat <subcommand>
        """,
        discussion: Self.browserOptions,
        version: RowboatVersion.text,
        subcommands: [Browse.self, DemoServerCommand.self, Fetch.self, ConfigCommand.self, CacheCommand.self,
                      AuthCommand.self],
        defaultSubcommand: Browse.self)

    /// The browser's own flags, shown at the top level too (browse is the
    /// default command: `rowboat --config x.yaml` is what most runs are).
    /// `RootHelpTests` keeps this list to `browse --help`'s options.
    static let browserOptions = """
    With no subcommand, rowboat opens the list browser (rowboat browse):
      --config <file>     Config file (YAML, JSON or plist). Default: the demo.
      --endpoint <key>    Endpoint to browse. Default: the first one.
      --mode <mode>       network, cache-else-network, cache-only or
                          cache-then-network. Default: the endpoint's.
      --theme <name>      Colour theme: default, light or monochrome.
      --images <mode>     auto, kitty, sixel, iterm, symbols or off.
      --no-mouse          Leave the mouse to the terminal.
      <url>               A list to probe and browse at once (--header,
                          --user, --method, --data, --save and more).
    See 'rowboat browse --help' for every one of them.
    """

    static func main() async {
        StandardStreams.checkDescriptorsAtStart()
        // The concurrency pool's first thread is made while the arguments
        // are parsed here, on the main thread: a command's `run` then starts
        // on a thread that is waiting, not on one being made.
        // The browser's default key map, which every config's keys are
        // checked against (0.8 ms of dictionaries and first runtime lookups),
        // is made there too, while the arguments are parsed.
        DispatchQueue.global().async { _ = KeyMap.default }
        // The config file the command will open is read and checked on
        // another thread meanwhile, and a browse's cache then begins to
        // open (what the command asks for, if the parse settles on another
        // file, is loaded and opened then as before).
        let words = Array(CommandLine.arguments.dropFirst())
        if let named = ConfigReadAhead.named(in: words, commands: ["browse", "fetch"]) {
            let browsing = words.first != "fetch"
            // A browse's questions (what pictures the terminal shows) asked
            // as soon as the config says pictures may be drawn — tmux asked
            // at once whether it passes them on, unless `--images` says no
            // picture will be drawn — and their answers read when the
            // screen starts.
            let images = ConfigReadAhead.lastValue(of: "--images", in: words).flatMap { try? ImageMode.parse($0) }
            if browsing, images?.asksTheTerminal ?? true { GraphicsProbeAhead.askTmux() }
            ConfigReadAhead.begin(named, openingCache: browsing) { config in
                if browsing, (images ?? config.images.mode).asksTheTerminal { GraphicsProbeAhead.begin() }
            }
        }
        do {
            var command = try parseAsRoot(nil)
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
