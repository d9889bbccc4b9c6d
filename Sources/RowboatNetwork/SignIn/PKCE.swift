import Foundation
import RowboatSpec

/// A PKCE pair (RFC 7636): a random `verifier` kept here and sent only with
/// the code to the token endpoint, and its S256 `challenge` sent with the
/// authorization request. The verifier is registered with `Secrets` the
/// moment it exists, so no error line, screen or file can show it.
public struct PKCE: Sendable {
    public let verifier: String
    public var challenge: String { Self.challenge(for: verifier) }
    public let method = "S256"

    /// 32 random bytes as base64url: a 43-character verifier (the RFC's minimum length, 256 bits).
    public init() {
        verifier = Self.randomToken(bytes: 32)
        Secrets.register([verifier])
    }

    init(verifier: String) {
        self.verifier = verifier
    }

    /// BASE64URL(SHA256(ASCII(verifier))) without padding.
    public static func challenge(for verifier: String) -> String {
        base64URL(SHA256.digest(Array(verifier.utf8)))
    }

    /// `bytes` random bytes from the system's generator (getrandom) as base64url.
    public static func randomToken(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return base64URL((0..<bytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
