import Foundation
import RowboatSpec

/// The authorization code grant with PKCE S256 (RFC 6749 4.1, RFC 7636)
/// and a loopback redirect (RFC 8252): opens the authorization URL in the
/// person's browser, takes the redirect on 127.0.0.1, checks `state`,
/// exchanges the code (with the verifier) at the token endpoint and stores
/// the tokens. The code and verifier are secrets from the moment they exist.
public enum CodeSignIn {
    /// Signs in. `open` shows the URL in a browser (nil, or why it could
    /// not); `say` gets each line for the person. Waits `waitSeconds` for
    /// the browser to come back.
    public static func run(_ context: SignInContext, waitSeconds: Double = 300,
                           open: @escaping @Sendable (String) async -> String?,
                           say: @escaping @Sendable (String) -> Void) async throws(DataError) -> TokenRecord {
        let settings = context.settings
        guard let authorization = settings.authorizationURL.map(context.resolve), URLOrigin(authorization) != nil else {
            throw .auth("the authorization URL is not an http(s) URL")
        }
        let redirect = try LoopbackRedirect(path: settings.redirectPath)
        let pkce = PKCE()
        let state = PKCE.randomToken(bytes: 16)
        let url = authorizationURL(authorization, context: context, redirectURI: redirect.redirectURI,
                                   challenge: pkce.challenge, state: state)
        say("Signing in at \(URLOrigin(authorization)?.description ?? authorization): waiting for the browser on "
            + "\(redirect.redirectURI)")
        say("Opening it in the browser; if the sign-in page does not show, open this URL:")
        say(url)
        // Not waited for: a browser that stays in the foreground until it is
        // closed must not hold the sign-in up once the redirect has come.
        Task.detached {
            if let failure = await open(url) {
                say("Could not open a browser (\(Sanitizer.clean(failure, limit: 120))): open the URL above")
            }
        }
        let arrival = await redirect.wait(seconds: waitSeconds) { arrival in
            guard arrival.param("state") == state else {
                say("Refused a redirect whose state does not match (not from this sign-in).")
                return ("This answer is not from the sign-in rowboat started (its state does not match).", false)
            }
            if let code = arrival.param("code") { Secrets.register([code]) }
            if arrival.param("error") != nil { return ("The sign-in was refused. You can close this tab.", true) }
            return ("Signed in to rowboat. You can close this tab.", true)
        }
        guard let arrival else {
            throw .auth("no answer from the browser within \(Int(waitSeconds)) s: run rowboat auth login again")
        }
        if let error = arrival.param("error") {
            let reason = [error, arrival.param("error_description")].compactMap { $0 }.map { OAuth2Exchange.shown($0) }
            throw .auth("the sign-in was refused at \(URLOrigin(authorization)?.description ?? "the server"): "
                        + reason.joined(separator: ": "))
        }
        guard let code = arrival.param("code"), !code.isEmpty else {
            throw .auth("the redirect came back with no code")
        }
        let answer = try await OAuth2Exchange.send(
            context.request(context.tokenURL, fields: [("grant_type", "authorization_code"), ("code", code),
                                                       ("redirect_uri", redirect.redirectURI),
                                                       ("code_verifier", pkce.verifier)]),
            transport: context.transport, what: "token request")
        return try context.store(answer)
    }

    /// The authorization URL: the endpoint (its own query kept) with the
    /// request's params (RFC 6749 4.1.1, RFC 7636 4.3) and the config's.
    static func authorizationURL(_ endpoint: String, context: SignInContext, redirectURI: String, challenge: String,
                                 state: String) -> String {
        let fields: [(String, String)] = [
            ("response_type", "code"), ("client_id", context.settings.clientID), ("redirect_uri", redirectURI),
            ("code_challenge", challenge), ("code_challenge_method", "S256"), ("state", state),
        ] + context.askedFor
        return endpoint + (endpoint.contains("?") ? "&" : "?") + URLEncoding.encode(fields)
    }
}
