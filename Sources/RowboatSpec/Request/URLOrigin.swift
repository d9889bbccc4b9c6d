import Foundation

/// The origin of a URL (scheme, host, port with defaults filled in): what
/// decides whether credentials from the config may be sent along.
///
/// An IPv6 literal host (`http://[::1]:8080`) is kept without its brackets
/// in `host` (`::1`), whatever the URL parser returns, so two spellings of
/// one origin compare equal; `authority` and `text` put the brackets back
/// for joining into a URL.
public struct URLOrigin: Sendable, Equatable, CustomStringConvertible {
    public var scheme: String
    /// The host, lowercased; an IPv6 address without brackets.
    public var host: String
    public var port: Int

    /// Nil for URLs that are not absolute http(s) URLs with a host.
    public init?(_ url: String) {
        guard let components = URLComponents(string: url),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let raw = components.host?.lowercased(), !raw.isEmpty else { return nil }
        let host = Self.bare(raw)
        guard !host.isEmpty else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = components.port ?? (scheme == "https" ? 443 : 80)
    }

    /// The scheme's own port (80 or 443).
    public var defaultPort: Int { scheme == "https" ? 443 : 80 }

    /// `host[:port]` as a URL writes it (`[::1]:8080`; the port only when
    /// it is not the scheme's own).
    public var authority: String {
        Self.urlHost(host) + (port == defaultPort ? "" : ":\(port)")
    }

    /// `scheme://host[:port]`, ready to have a path joined to it
    /// (`http://[::1]:8080`; the port only when not the scheme's own).
    public var text: String { "\(scheme)://\(authority)" }

    /// `scheme://host:port`, the port always written.
    public var description: String { "\(scheme)://\(Self.urlHost(host)):\(port)" }

    /// `host` as it goes into a URL: an IPv6 address (it holds a colon) in
    /// brackets, anything else as it is. Brackets already there are kept.
    public static func urlHost(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }

    /// `host` without the brackets of an IPv6 literal.
    public static func bare(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") && host.count >= 2 ? String(host.dropFirst().dropLast()) : host
    }
}
