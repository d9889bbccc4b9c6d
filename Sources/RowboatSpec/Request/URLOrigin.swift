import Foundation

/// The origin of a URL (scheme, host, port with defaults filled in): what
/// decides whether credentials from the config may be sent along.
public struct URLOrigin: Sendable, Equatable, CustomStringConvertible {
    public var scheme: String
    public var host: String
    public var port: Int

    /// Nil for URLs that are not absolute http(s) URLs with a host.
    public init?(_ url: String) {
        guard let components = URLComponents(string: url),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host?.lowercased(), !host.isEmpty else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = components.port ?? (scheme == "https" ? 443 : 80)
    }

    public var description: String { "\(scheme)://\(host):\(port)" }
}
