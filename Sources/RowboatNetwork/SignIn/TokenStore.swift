import Foundation
import RowboatSpec
import RowboatParsing

/// Where sign-in tokens are kept between runs: the system keyring through
/// libsecret (`KeyringTokenStore`) where a Secret Service answers, else a
/// file with mode 0600 under `$XDG_STATE_HOME/rowboat/tokens`
/// (`FileTokenStore`). Never the cache. `account` names one sign-in
/// (`SignInAccount`).
public protocol TokenStore: Sendable {
    /// Where tokens are, in words for `auth status` ("the system keyring
    /// (Secret Service)", "file /home/…/tokens/…json (mode 0600)").
    func location(account: String) -> String
    func load(account: String) throws(DataError) -> TokenRecord?
    func save(_ record: TokenRecord, account: String) throws(DataError)
    /// Forgets the account's tokens (nothing stored is not an error).
    func remove(account: String) throws(DataError)
}

/// Picks the store for this machine.
public enum TokenStores {
    /// The keyring when a Secret Service answers on the session bus, else
    /// the file store; `$ROWBOAT_TOKEN_STORE` (`keyring` or `file`) decides
    /// instead when set. `notice` says why the file was chosen.
    public static func automatic(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> (store: any TokenStore, notice: String?) {
        let file = FileTokenStore(environment: environment)
        switch environment["ROWBOAT_TOKEN_STORE"] {
        case "file": return (file, nil)
        case "keyring": return (KeyringTokenStore(fallback: file), nil)
        default: break
        }
        guard let bus = environment["DBUS_SESSION_BUS_ADDRESS"], !bus.isEmpty else {
            return (file, "no D-Bus session (DBUS_SESSION_BUS_ADDRESS unset): no keyring")
        }
        let keyring = KeyringTokenStore(fallback: file)
        if let reason = keyring.unavailableReason() {
            return (file, "no usable Secret Service on the session bus: \(Sanitizer.clean(reason, limit: 120))")
        }
        return (keyring, nil)
    }
}

/// The key one sign-in's tokens are stored under: its token endpoint
/// (resolved against the server) and client id.
public enum SignInAccount {
    public static func key(_ settings: SignInSettings, server: String) -> String {
        "oauth2 " + RequestBuilder.resolve(settings.tokenURL, against: server) + " " + settings.clientID
    }
}
