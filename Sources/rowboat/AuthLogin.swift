import ArgumentParser
import RowboatNetwork
import RowboatSpec

/// `rowboat auth login`: signs in with the config's flow and stores the tokens.
struct AuthLogin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in: oauth2-code opens the browser ($BROWSER, else xdg-open, else prints the URL); "
            + "oauth2-device shows a URL and a code to enter on another device.")

    @OptionGroup var options: AuthOptions

    @Option(name: .long, help: ArgumentHelp("How long to wait for the browser (oauth2-code), in seconds.", valueName: "seconds"))
    var wait: Double = 300

    func run() async throws {
        let transport = HTTPTransport()
        do {
            let (context, notice) = try options.context(transport: transport)
            guard wait > 0, wait.isFinite else { throw CLIError("--wait must be a positive number of seconds") }
            try await SignInRun.login(context, notice: notice, wait: wait)
            await transport.shutdown()
        } catch {
            await transport.shutdown()
            throw StandardStreams.fail(error)
        }
    }
}
