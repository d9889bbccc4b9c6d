import Foundation
import RowboatKit
import RowboatNetwork
import RowboatSpec

/// A sign-in on the terminal, as `rowboat auth login` runs it and as the
/// browser runs it first when a sign-in config has no tokens yet: the
/// person's lines on stderr, the browser opened with `$BROWSER`/xdg-open.
enum SignInRun {
    static func login(_ context: SignInContext, notice: String?, wait: Double) async throws {
        let say: @Sendable (String) -> Void = { StandardStreams.err($0) }
        switch context.settings.flow {
        case .code:
            let environment = ProcessInfo.processInfo.environment
            _ = try await CodeSignIn.run(context, waitSeconds: wait, open: { url in
                // On a thread of its own: the browser command may run for long.
                await withCheckedContinuation { continuation in
                    Thread.detachNewThread {
                        switch LinkOpener(environment: environment).open(url) {
                        case .success: continuation.resume(returning: nil)
                        case .failure(let error): continuation.resume(returning: error.description)
                        }
                    }
                }
            }, say: say)
        case .device:
            _ = try await DeviceSignIn.run(context, say: say)
        }
        say("Signed in to \(context.origin); tokens stored in \(context.store.location(account: context.account))")
        if let notice { say("(\(notice))") }
    }

    /// Before the browser starts: signs in on the terminal when `config`
    /// is a sign-in with no tokens stored and stdin and stdout are a
    /// terminal (else the list says in one line to run `auth login`).
    static func firstIfNeeded(_ config: RowboatConfig, transport: HTTPTransport) async throws {
        guard case .signIn(let settings)? = config.auth, isatty(0) == 1, isatty(1) == 1 else { return }
        let (store, notice) = TokenStores.automatic()
        let context = SignInContext(settings: settings, server: config.server, transport: transport, store: store,
                                    timeoutSeconds: config.communication.timeoutSeconds,
                                    userAgent: config.communication.userAgent ?? ClientInfo.current.userAgent)
        // A store that cannot be read: the list says why, in its line.
        guard let stored = try? Optional(store.load(account: context.account)), stored == nil else { return }
        StandardStreams.err("Not signed in to \(context.origin): signing in first (as rowboat auth login does)")
        try await login(context, notice: notice, wait: 300)
    }
}
