import ArgumentParser
import RowboatNetwork

/// `rowboat auth logout`: revokes the tokens where the server can, and forgets them.
struct AuthLogout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Sign out: revoke the tokens at the config's revocationURL (RFC 7009), then forget them.")

    @OptionGroup var options: AuthOptions

    func run() async throws {
        let transport = HTTPTransport()
        do {
            let (context, _) = try options.context(transport: transport)
            let lines = try await SignOut.run(context)
            await transport.shutdown()
            try? StandardStreams.out(lines.joined(separator: "\n") + "\n")
        } catch {
            await transport.shutdown()
            throw StandardStreams.fail(error)
        }
    }
}
