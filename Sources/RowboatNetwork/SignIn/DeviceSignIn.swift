import Foundation
import RowboatSpec

/// The device authorization grant (RFC 8628): asks for a user code, shows
/// where to enter it, and polls the token endpoint at the server's interval
/// until the person approves, denies, or the code expires. Each outcome is
/// one line; the device code is a secret from the moment it arrives.
public enum DeviceSignIn {
    /// What the person is told to do.
    public struct Prompt: Sendable, Equatable {
        /// Where to go (http or https only).
        public var verificationURI: String
        /// What to enter there (cleaned for the terminal).
        public var userCode: String
        /// The same with the code filled in, when the server gives one.
        public var verificationURIComplete: String?
    }

    /// The polling interval's bounds (seconds): a server's 0 would poll in
    /// a busy loop, its 10^9 would never poll again.
    public static let intervalRange = 1.0...60.0
    /// How long a code is waited for at most.
    static let longestWait = 3600.0

    /// Signs in. `prompt` gets what to show once; `say` each line; `sleep`
    /// waits between polls (tests pass one that records).
    public static func run(_ context: SignInContext,
                           prompt: @escaping @Sendable (Prompt) -> Void = { _ in },
                           say: @escaping @Sendable (String) -> Void,
                           sleep: @escaping @Sendable (Double) async throws -> Void = { try await Task.sleep(for: .seconds($0)) })
        async throws(DataError) -> TokenRecord {
        guard let endpoint = context.settings.deviceAuthorizationURL.map(context.resolve), URLOrigin(endpoint) != nil else {
            throw .auth("the device authorization URL is not an http(s) URL")
        }
        let serverName = URLOrigin(endpoint)?.description ?? endpoint
        let answer = try await OAuth2Exchange.send(context.request(endpoint, fields: context.askedFor),
                                                   transport: context.transport, what: "device authorization request")
        guard (200..<300).contains(answer.status) else {
            throw .auth("device authorization request to \(serverName) failed: HTTP \(answer.status)"
                        + (answer.reason.isEmpty ? "" : " \(answer.reason)"))
        }
        guard case .string(let deviceCode)? = answer.fields["device_code"], !deviceCode.isEmpty,
              OAuth2Exchange.headerSafe(deviceCode) else {
            throw .auth("the answer from \(serverName) has no usable device_code")
        }
        let shown = try checkedPrompt(answer, from: serverName)
        prompt(shown)
        say("To sign in, open \(shown.verificationURI) and enter the code \(shown.userCode)")
        if let complete = shown.verificationURIComplete { say("(or open \(complete))") }

        var interval = try clamped(answer.fields["interval"]?.scalarText.flatMap(Double.init) ?? 5, say: say)
        let lifetime = min(answer.fields["expires_in"]?.scalarText.flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil }
                           ?? 1800, longestWait)
        let deadline = context.clock() + lifetime
        var waitingSaid = false
        let poll = context.request(context.tokenURL, fields: [
            ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", deviceCode),
        ])
        while true {
            do {
                try await sleep(interval)
            } catch {
                throw .auth("the device sign-in was stopped")
            }
            guard context.clock() < deadline else {
                throw .auth("the code expired before it was approved: run rowboat auth login again")
            }
            let reply = try await OAuth2Exchange.send(poll, transport: context.transport, what: "token request")
            if (200..<300).contains(reply.status) { return try context.store(reply) }
            switch reply.text("error") {
            case "authorization_pending":
                if !waitingSaid { say("Waiting for approval at \(context.origin)…") }
                waitingSaid = true
            case "slow_down":
                interval = min(interval + 5, intervalRange.upperBound)
                say("The server asked to slow down: polling every \(Int(interval)) s")
            case "expired_token":
                throw .auth("the code expired before it was approved: run rowboat auth login again")
            case "access_denied":
                throw .auth("the sign-in was denied at \(context.origin)")
            default:
                throw .auth("device sign-in at \(context.origin) failed: HTTP \(reply.status)"
                            + (reply.reason.isEmpty ? "" : " \(reply.reason)"))
            }
        }
    }

    /// The answer's URLs and code, refused unless the URLs are http(s).
    static func checkedPrompt(_ answer: OAuth2Exchange.Answer, from serverName: String) throws(DataError) -> Prompt {
        // `verification_url`: the name some servers (Google) use.
        guard let uri = answer.text("verification_uri") ?? answer.text("verification_url") else {
            throw .auth("the answer from \(serverName) has no verification_uri")
        }
        guard webURL(uri) else {
            throw .auth("refused the verification_uri from \(serverName): only http and https URLs are shown "
                        + "(got \"\(OAuth2Exchange.shown(String(uri.prefix(40))))\")")
        }
        // Printable ASCII (RFC 8628 6.1: codes a person types), spaces allowed.
        guard let code = answer.text("user_code"), !code.trimmingCharacters(in: .whitespaces).isEmpty,
              code.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) }), code.count <= 64 else {
            throw .auth("the answer from \(serverName) has no user_code that can be shown")
        }
        let complete = answer.text("verification_uri_complete").flatMap { webURL($0) ? $0 : nil }
        return Prompt(verificationURI: uri, userCode: code, verificationURIComplete: complete)
    }

    /// An absolute http(s) URL of visible ASCII (no spaces, control or
    /// bidi characters: what is shown is what a person would open).
    static func webURL(_ text: String) -> Bool {
        text.count <= 2000 && text.unicodeScalars.allSatisfy { (0x21...0x7E).contains($0.value) } && URLOrigin(text) != nil
    }

    /// The server's interval within `intervalRange`, said when changed.
    static func clamped(_ asked: Double, say: (String) -> Void) throws(DataError) -> Double {
        guard asked.isFinite else { return 5 }
        let used = min(max(asked, intervalRange.lowerBound), intervalRange.upperBound)
        if used != asked {
            say("The server asked to poll every \(JSONValue.format(asked)) s; polling every \(Int(used)) s instead")
        }
        return used
    }
}
