import Foundation
import RowboatSpec

/// Decides, as a pure function, what request follows a redirect: at most
/// `maxRedirects` in a row, never from https to http or to a non-http
/// scheme, and no config headers or credentials sent to another origin.
enum RedirectPolicy {
    static let maxRedirects = 5
    static let statuses: Set<Int> = [301, 302, 303, 307, 308]
    /// Headers dropped on a cross-origin redirect whatever their source.
    static let credentialHeaders: Set<String> = ["authorization", "cookie", "proxy-authorization"]

    /// The request to send after `spec` got a redirect `status` to
    /// `location`, when `redirectsSoFar` redirects were already followed.
    static func follow(_ spec: RequestSpec, status: Int, location: String,
                       redirectsSoFar: Int) throws(DataError) -> RequestSpec {
        guard redirectsSoFar < maxRedirects else { throw .tooManyRedirects(limit: maxRedirects) }
        guard let base = URL(string: spec.url),
              let target = URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: base)?.absoluteURL
        else {
            throw .redirectRefused("unreadable Location \"\(Sanitizer.clean(location, limit: 80))\"")
        }
        let scheme = target.scheme?.lowercased() ?? ""
        guard let to = URLOrigin(target.absoluteString) else {
            throw .redirectRefused("to unsupported URL \"\(Sanitizer.clean(target.absoluteString, limit: 80))\"")
        }
        let from = URLOrigin(spec.url)
        if from?.scheme == "https" && scheme == "http" {
            throw .redirectRefused("from https to http (\(URLOrigin.urlHost(to.host)):\(to.port))")
        }
        if spec.staysOnOrigin, let from, from != to {
            throw .redirectRefused("from \(from) to \(to): this request stays on its origin (it carries credentials)")
        }
        var next = spec
        next.url = target.absoluteString
        // 303, and 301/302 after a POST, continue as a GET without the body.
        if status == 303 || (spec.method == .post && (status == 301 || status == 302)) {
            next.method = .get
            next.body = nil
            next.headers.removeHeaders("content-type", "content-length")
        }
        if from != to {
            let dropped = spec.configHeaderNames.union(credentialHeaders)
            next.headers.removeHeaders(lowercased: dropped)
            next.configHeaderNames = []
        }
        return next
    }
}
