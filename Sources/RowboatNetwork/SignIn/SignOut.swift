import Foundation
import RowboatSpec

/// Signs out: revokes the refresh and access tokens where the server has a
/// revocation endpoint (RFC 7009), then forgets them. A revocation that
/// fails still forgets, and says so.
public enum SignOut {
    /// The lines to show. Nothing stored: one line saying so.
    public static func run(_ context: SignInContext) async throws(DataError) -> [String] {
        guard let record = try context.store.load(account: context.account) else {
            return ["Not signed in to \(context.origin): nothing to forget"]
        }
        var lines: [String] = []
        if let revocation = context.settings.revocationURL.map(context.resolve) {
            let serverName = URLOrigin(revocation)?.description ?? revocation
            var tokens: [(String, String)] = []
            if let refresh = record.refreshToken { tokens.append((refresh, "refresh_token")) }
            tokens.append((record.accessToken, "access_token"))
            var failures: [String] = []
            for (token, hint) in tokens {
                do {
                    let answer = try await OAuth2Exchange.send(
                        context.request(revocation, fields: [("token", token), ("token_type_hint", hint)]),
                        transport: context.transport, what: "revocation request")
                    // RFC 7009 2.2: 200 whether or not the token was valid.
                    if answer.status != 200 {
                        failures.append("\(hint): HTTP \(answer.status)" + (answer.reason.isEmpty ? "" : " \(answer.reason)"))
                    }
                } catch {
                    failures.append("\(hint): \(error.description)")
                }
            }
            lines.append(failures.isEmpty ? "Revoked the tokens at \(serverName)"
                         : "Could not revoke at \(serverName) (\(failures.joined(separator: "; "))); forgetting them anyway")
        } else {
            lines.append("The config names no revocationURL: the tokens are forgotten here but stay valid at the "
                         + "server until they expire")
        }
        let location = context.store.location(account: context.account)
        try context.store.remove(account: context.account)
        lines.append("Signed out of \(context.origin) (forgot the tokens in \(location))")
        return lines
    }
}
