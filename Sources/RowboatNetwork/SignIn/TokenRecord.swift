import Foundation
import RowboatSpec

/// The tokens of one sign-in as they are stored (keyring or 0600 file):
/// never in the cache, a config or a draft. `description` hides the tokens;
/// every token is registered with `Secrets` when a record is made or read.
public struct TokenRecord: Sendable, Equatable, Codable, CustomStringConvertible {
    public var accessToken: String
    public var refreshToken: String?
    /// Seconds since the epoch; nil when the server gave no lifetime.
    public var expiresAt: Double?
    /// When the tokens arrived (seconds since the epoch).
    public var obtainedAt: Double
    /// The scopes granted (space-separated), when the server said.
    public var scope: String?
    /// Who signed in, as an OpenID Connect ID token names them
    /// (`preferred_username`, `email`, `name` or `sub`), cleaned; for
    /// `auth status` only (the token's signature is not checked).
    public var identity: String?

    public init(accessToken: String, refreshToken: String?, expiresAt: Double?, obtainedAt: Double, scope: String?,
                identity: String? = nil) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.obtainedAt = obtainedAt
        self.scope = scope
        self.identity = identity
        register()
    }

    /// Makes every token of the record a secret (also after decoding).
    public func register() {
        Secrets.register([accessToken] + (refreshToken.map { [$0] } ?? []))
    }

    /// True when the access token should be renewed at `now`: past its end
    /// less a margin (30 s, or half its life when that is shorter), so it
    /// never expires in flight.
    public func needsRefresh(at now: Double) -> Bool {
        guard let expiresAt else { return false }
        let margin = min(30, max(0, expiresAt - obtainedAt) / 2)
        return now >= expiresAt - margin
    }

    public var description: String {
        "tokens (hidden)" + (refreshToken == nil ? "" : " with a refresh token")
    }

    /// The record as stored: JSON.
    public func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array((try? encoder.encode(self)) ?? Data())
    }

    /// A stored record, or nil when `bytes` are not one.
    public static func decode(_ bytes: [UInt8]) -> TokenRecord? {
        guard let record = try? JSONDecoder().decode(TokenRecord.self, from: Data(bytes)) else { return nil }
        record.register()
        return record
    }
}
