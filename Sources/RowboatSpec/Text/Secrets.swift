import Synchronization

/// The secrets this process holds, and the one step that keeps them out of
/// everything it shows or writes.
///
/// Credentials are registered where they come into use: a loaded config's
/// `RowboatConfig.secrets` (auth values, credential-like headers and params,
/// `${ENV}` values in headers, params, bodies and auth) where a program
/// puts the config to use (`Secrets.adopt`), an OAuth2 token the moment it
/// arrives, a probe's credentials before it sends them. `Sanitizer.clean`
/// (every string bound for the screen, stderr, a draft or an error line),
/// the CLI's standard output and the cache's stored bodies pass through
/// `redact`, so no call site has to remember to scrub.
///
/// Registration only adds (a secret stays a secret for the life of the
/// process); with none registered, `redact` costs one atomic load.
public enum Secrets {
    private static let redactor = Mutex(SecretRedactor())
    private static let active = Atomic<Bool>(false)

    /// Adds `values` (empty and very short ones are ignored).
    public static func register(_ values: [String]) {
        let wanted = values.filter { $0.count >= SecretForms.minimumSecretLength }
        guard !wanted.isEmpty else { return }
        redactor.withLock { r in
            if r.add(wanted) { active.store(true, ordering: .releasing) }
        }
    }

    /// True once any secret is registered.
    public static var any: Bool { active.load(ordering: .acquiring) }

    /// `text` with every registered secret, in any of its forms, replaced
    /// by `SecretRedactor.mark`.
    public static func redact(_ text: String) -> String {
        guard any else { return text }
        let current = redactor.withLock { $0 }
        return current.redact(text)
    }

    /// `bytes` with every whole form of a registered secret replaced.
    public static func redact(bytes: [UInt8]) -> [UInt8] {
        guard any else { return bytes }
        let current = redactor.withLock { $0 }
        return current.redact(bytes: bytes)
    }

    /// True when `text` holds a registered secret in any of its forms.
    public static func appear(in text: String) -> Bool {
        guard any else { return false }
        return redactor.withLock { $0 }.contains(text)
    }

    /// True when `bytes` hold a registered secret in any of its forms.
    public static func appear(in bytes: [UInt8]) -> Bool {
        guard any else { return false }
        return redactor.withLock { $0 }.contains(bytes: bytes)
    }

    /// True when the UTF-8 `bytes` hold a registered secret in any of its
    /// forms: what `redact` would change (a row writer's check of text it
    /// copies as it is).
    package static func appear(inUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard any else { return false }
        return redactor.withLock { $0 }.contains(utf8: bytes)
    }
}
