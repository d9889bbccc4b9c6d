import ArgumentParser
import RowboatNetwork

/// `rowboat auth status`: signed in or not, scopes, expiry, where the tokens are stored. Never a token.
struct AuthStatus: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the sign-in: signed in or not, scopes, expiry and where the tokens are stored (never a token).")

    @OptionGroup var options: AuthOptions

    func run() async throws {
        let transport = HTTPTransport()
        do {
            let (context, notice) = try options.context(transport: transport)
            let lines = try SignInStatus.lines(context, storeNotice: notice)
            await transport.shutdown()
            try? StandardStreams.out(lines.joined(separator: "\n") + "\n")
        } catch {
            await transport.shutdown()
            throw StandardStreams.fail(error)
        }
    }
}
