import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import RowboatSpec

/// Turns transport errors into one human `DataError` line.
enum NetworkErrorText {
    static func dataError(_ error: any Error, url: String, timeout: Double) -> DataError {
        let host = hostPort(url)
        if let e = error as? HTTPClientError {
            switch e {
            case .deadlineExceeded, .readTimeout, .writeTimeout: return .timeout(seconds: timeout)
            case .connectTimeout: return .network("connect timed out to \(host)")
            case .redirectLimitReached: return .tooManyRedirects(limit: RedirectPolicy.maxRedirects)
            case .redirectCycleDetected: return .network("redirect loop")
            case .remoteConnectionClosed: return .network("connection closed by \(host)")
            case .cancelled: return .network("cancelled")
            default: break
            }
        }
        if error is CancellationError { return .network("cancelled") }
        let text = String(describing: error)
        // A header the library refused: its name or value is never quoted
        // (a value may be a credential, and it holds what a terminal must not get).
        if text.hasPrefix("HTTPClientError.invalidHeaderFieldValues") {
            return .network("not sent to \(host): a header value holds a character no header may carry "
                            + "(a control character or a line break)")
        }
        if text.hasPrefix("HTTPClientError.invalidHeaderFieldNames") {
            return .network("not sent to \(host): a header name holds a character no header name may carry")
        }
        if text.contains("refused") || text.contains("ECONNREFUSED") { return .network("connection refused by \(host)") }
        if text.lowercased().contains("timeout") || text.lowercased().contains("timed out") {
            return .network("connect timed out to \(host)")
        }
        if text.contains("NXDOMAIN") || text.contains("lookup") || text.contains("resolve") {
            return .network("cannot resolve \(host)")
        }
        if let tls = tlsProblem(text) { return .network("\(tls) \(host)") }
        if text.contains("reset") { return .network("connection reset by \(host)") }
        return .network(String(text.prefix(120)))
    }

    /// What went wrong in a TLS handshake, worded to be followed by the
    /// host; nil when `text` is no TLS error. (NIOSSL's errors are matched
    /// by their description: RowboatNetwork does not link NIOSSL itself.)
    static func tlsProblem(_ text: String) -> String? {
        if text.contains("CERTIFICATE_VERIFY_FAILED") { return "untrusted TLS certificate from" }
        if text.contains("failedToValidateHostname") { return "TLS certificate for another host from" }
        let lower = text.lowercased()
        guard lower.contains("ssl") || lower.contains("tls") || lower.contains("certificate") else { return nil }
        return "TLS error with"
    }

    static func hostPort(_ url: String) -> String {
        guard let u = URL(string: url), let host = u.host.map(URLOrigin.urlHost) else { return "server" }
        return u.port.map { "\(host):\($0)" } ?? host
    }
}
