import Foundation
import RowboatSpec

/// `rowboat auth status` in lines: signed in or not (and as whom, when an
/// ID token names them), to what, the scopes,
/// when the access token expires, whether it can refresh, and where the
/// tokens are stored. Never a token.
public enum SignInStatus {
    public static func lines(_ context: SignInContext, storeNotice: String? = nil) throws(DataError) -> [String] {
        let settings = context.settings
        let store = context.store.location(account: context.account)
        var lines = ["Sign-in: \(settings.flow.rawValue) at \(context.origin), client \(Sanitizer.clean(settings.clientID, limit: 80))"]
        guard let record = try context.store.load(account: context.account) else {
            lines.append("Not signed in (run rowboat auth login)")
            lines.append("Tokens would be stored in: \(store)")
            if let storeNotice { lines.append("(\(storeNotice))") }
            return lines
        }
        lines.append(record.identity.map { "Signed in as \($0)" } ?? "Signed in")
        lines.append("Scopes: " + (record.scope.map { $0.isEmpty ? "(none)" : $0 } ?? "(not said by the server)"))
        let now = context.clock()
        if let expiresAt = record.expiresAt {
            let when = Self.format(expiresAt)
            let left = expiresAt - now
            lines.append(left > 0 ? "Access token expires \(when) (in \(Self.duration(left)))"
                         : "Access token expired \(when)" + (record.refreshToken == nil ? "" : " (renewed on next use)"))
        } else {
            lines.append("Access token expiry: not said by the server")
        }
        lines.append(record.refreshToken == nil ? "Refresh token: none (sign in again when the access token ends)"
                     : "Refresh token: yes (renewed and stored again when the access token ends)")
        lines.append("Stored in: \(store)")
        if let storeNotice { lines.append("(\(storeNotice))") }
        return lines
    }

    static func format(_ seconds: Double) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss 'UTC'"
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds)
        if s < 120 { return "\(s) s" }
        if s < 7200 { return "\(s / 60) min" }
        if s < 172_800 { return "\(s / 3600) h" }
        return "\(s / 86400) days"
    }
}
