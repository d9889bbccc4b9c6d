import Foundation
import RowboatSpec

/// The stable string a cached response is stored under: endpoint key,
/// canonical params (sorted by name, list values in order) and the page or
/// cursor. The same request always gives the same key.
public struct ResponseKey: Sendable, Hashable, CustomStringConvertible {
    public let endpoint: String
    public let description: String

    public init(endpoint: String, params: [String: ParamValue], cursor: PageCursor) {
        self.endpoint = endpoint
        let canonical = params.keys.sorted().flatMap { name -> [String] in
            switch params[name]! {
            case .one(let value): ["\(Self.escape(name))=\(Self.escape(value))"]
            case .many(let values): values.map { "\(Self.escape(name))[]=\(Self.escape($0))" }
            }
        }.joined(separator: "&")
        description = "\(Self.escape(endpoint))?\(canonical)#\(Self.text(cursor))"
    }

    static func text(_ cursor: PageCursor) -> String {
        switch cursor {
        case .first: "first"
        case .page(let n): "page:\(n)"
        case .offset(let n): "offset:\(n)"
        case .token(let t): "token:\(escape(t))"
        case .url(let u): "url:\(u)"
        }
    }

    static let plain = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))

    static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: plain) ?? text
    }
}
