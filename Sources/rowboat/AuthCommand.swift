import ArgumentParser
import Foundation
import RowboatApp
import RowboatNetwork
import RowboatSpec

/// `rowboat auth login|status|logout`: a person's OAuth2 sign-in for a
/// config whose `auth:` is `oauth2-code` or `oauth2-device`.
struct AuthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auth",
        abstract: "Sign in to a config's server with OAuth2 (oauth2-code or oauth2-device), show or end the sign-in.",
        subcommands: [AuthLogin.self, AuthStatus.self, AuthLogout.self])
}

/// The options the auth commands share: the config, and an endpoint of it.
struct AuthOptions: ParsableArguments {
    @Option(name: .long, help: "Config file (YAML, JSON or DataConfig.plist) whose auth: is oauth2-code or oauth2-device.",
            completion: .file(extensions: ShellCompletion.configExtensions))
    var config: String?

    @Argument(help: ArgumentHelp("An endpoint of the config (the sign-in is the config's: every endpoint shares it).",
                                 valueName: "endpoint"))
    var endpoint: String?

    /// The sign-in the config describes, with the store for this machine.
    func context(transport: HTTPTransport) throws(CLIError) -> (SignInContext, notice: String?) {
        let loaded: RowboatConfig
        do {
            loaded = try ConfigFile.load(config ?? ConfigFile.demoConfigPath())
        } catch {
            throw CLIError(error.description)
        }
        if let endpoint, loaded.endpoint(endpoint) == nil {
            let keys = loaded.endpoints.map(\.key)
            throw CLIError("\(loaded.source): no endpoint named \"\(endpoint)\"\(Suggestion.hint(for: endpoint, in: keys))")
        }
        guard case .signIn(let settings)? = loaded.auth else {
            let what = loaded.auth.map { "its auth is \($0.description)" } ?? "it has no auth section"
            throw CLIError("\(loaded.source): nothing to sign in to (\(what)); auth type oauth2-code or "
                           + "oauth2-device signs in")
        }
        let (store, notice) = TokenStores.automatic()
        return (SignInContext(settings: settings, server: loaded.server, transport: transport, store: store,
                              timeoutSeconds: loaded.communication.timeoutSeconds,
                              userAgent: loaded.communication.userAgent ?? ClientInfo.current.userAgent), notice)
    }
}
