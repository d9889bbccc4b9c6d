import ArgumentParser
import Foundation
import RowboatKit
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
            let say: @Sendable (String) -> Void = { StandardStreams.err($0) }
            switch context.settings.flow {
            case .code:
                let environment = ProcessInfo.processInfo.environment
                _ = try await CodeSignIn.run(context, waitSeconds: wait, open: { url in
                    switch LinkOpener(environment: environment).open(url) {
                    case .success: return nil
                    case .failure(let error): return error.description
                    }
                }, say: say)
            case .device:
                _ = try await DeviceSignIn.run(context, say: say)
            }
            say("Signed in to \(context.origin); tokens stored in \(context.store.location(account: context.account))")
            if let notice { say("(\(notice))") }
            await transport.shutdown()
        } catch {
            await transport.shutdown()
            throw StandardStreams.fail(error)
        }
    }
}
