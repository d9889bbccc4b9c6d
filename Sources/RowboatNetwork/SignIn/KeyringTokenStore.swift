import CSecret
import Foundation
import RowboatSpec

/// Tokens in the system keyring through libsecret (the Secret Service on
/// the D-Bus session bus: gnome-keyring, KeePassXC, KWallet's bridge): one
/// item per account, labelled "rowboat sign-in", its secret the record's JSON.
///
/// With a `fallback` file store (tokens stored there while no keyring was
/// usable), those are still found, and move into the keyring (the file
/// removed) the next time they are stored.
public struct KeyringTokenStore: TokenStore {
    public let fallback: FileTokenStore?

    public init(fallback: FileTokenStore? = nil) {
        self.fallback = fallback
    }

    public func location(account: String) -> String {
        if let fallback, !inKeyring(account), FileManager.default.fileExists(atPath: fallback.path(account: account)) {
            return fallback.location(account: account) + ", stored while no keyring was usable; moves into the "
                + "keyring when next renewed"
        }
        return "the system keyring (Secret Service, item \"rowboat sign-in\")"
    }

    func inKeyring(_ account: String) -> Bool {
        var error: UnsafeMutablePointer<CChar>?
        let found = rb_secret_lookup(account, &error)
        defer { rb_secret_free(found) }
        _ = Self.take(error)
        return found != nil
    }

    /// Nil when the Secret Service answers and its default collection is
    /// unlocked (tokens can be stored without a prompt); else why not.
    public func unavailableReason() -> String? {
        var error: UnsafeMutablePointer<CChar>?
        switch rb_secret_default_locked(&error) {
        case 0: return nil
        case 1: return "its default keyring is locked or missing"
        default: return Self.take(error) ?? "no answer"
        }
    }

    public func load(account: String) throws(DataError) -> TokenRecord? {
        var error: UnsafeMutablePointer<CChar>?
        let found = rb_secret_lookup(account, &error)
        defer { rb_secret_free(found) }
        if let message = Self.take(error) { throw .auth("the keyring could not be read: \(message)") }
        guard let found else { return try fallback?.load(account: account) }
        let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self),
                                              count: strlen(found)))
        guard let record = TokenRecord.decode(bytes) else {
            throw .auth("the keyring's rowboat item is not one rowboat wrote; run rowboat auth logout and sign in again")
        }
        return record
    }

    public func save(_ record: TokenRecord, account: String) throws(DataError) {
        var error: UnsafeMutablePointer<CChar>?
        let json = String(decoding: record.encoded(), as: UTF8.self)
        _ = rb_secret_store(account, "rowboat sign-in", json, &error)
        if let message = Self.take(error) { throw .auth("the keyring could not store the tokens: \(message)") }
        try? fallback?.remove(account: account)
    }

    public func remove(account: String) throws(DataError) {
        var error: UnsafeMutablePointer<CChar>?
        _ = rb_secret_clear(account, &error)
        if let message = Self.take(error) { throw .auth("the keyring could not forget the tokens: \(message)") }
        try fallback?.remove(account: account)
    }

    /// libsecret's message, freed.
    static func take(_ error: UnsafeMutablePointer<CChar>?) -> String? {
        guard let error else { return nil }
        defer { free(error) }
        return Sanitizer.clean(String(cString: error), limit: 160)
    }
}
