import Foundation
import RowboatSpec

/// An OpenAPI 3.0 or 3.1 document, or a Swagger 2.0 one, read for import:
/// its version, where its server is, its GET operations in document order
/// (path-level parameters merged in) and local `$ref`s resolved. A `$ref`
/// to another file or URL, to a place the document does not have, or one
/// that goes round in a circle resolves to nothing, with the reason (the
/// import writes it as a comment).
public struct OpenAPIDocument: Sendable {
    public enum Version: Sendable, Equatable {
        case swagger2
        case openAPI3(minor: Int)
    }

    public let root: OpenAPIObject
    public let version: Version
    /// The document's `info.title`, when it has one.
    public let title: String?

    /// One GET operation.
    public struct Operation: Sendable {
        public var path: String
        public var node: OpenAPIObject
        /// Path-level and operation parameters (the operation's win), resolved.
        public var parameters: [OpenAPIObject]
        /// GET, or POST (a list read with a search or filter body).
        public var method: HTTPMethodName = .get
        /// Where the operation is in the document, for comments (`GET /pets`).
        public var label: String { "\(method.rawValue) \(path)" }
    }

    /// Operations are read up to this many (a 10,000-operation document is
    /// read in bounded time; the rest are counted in a comment).
    public static let maxOperations = 2000

    public init(_ node: OpenAPINode, name: String) throws(OpenAPIError) {
        guard case .object(let root) = node else {
            throw OpenAPIError("\(name) is not an OpenAPI document (its top level is \(Self.kind(node)), not an object)")
        }
        if let v = root["openapi"]?.text {
            guard v.hasPrefix("3.") else {
                throw OpenAPIError("\(name): OpenAPI \(v) is not read (3.0, 3.1 and Swagger 2.0 are)")
            }
            version = .openAPI3(minor: Int(v.split(separator: ".").dropFirst().first ?? "0") ?? 0)
        } else if let v = root["swagger"]?.text {
            guard v.hasPrefix("2") else { throw OpenAPIError("\(name): Swagger \(v) is not read (2.0 is)") }
            version = .swagger2
        } else {
            let keys = root.keys.prefix(6).joined(separator: ", ")
            throw OpenAPIError("\(name) is not an OpenAPI document (no openapi or swagger key; it has \(keys.isEmpty ? "no keys" : keys))")
        }
        guard root["paths"]?.object != nil || root["paths"] == nil else {
            throw OpenAPIError("\(name): paths is not an object")
        }
        self.root = root
        title = root["info"]?["title"]?.string
    }

    static func kind(_ node: OpenAPINode) -> String {
        switch node {
        case .array: "an array"
        case .string: "text"
        case .null: "null"
        default: "a scalar"
        }
    }

    /// The GET and POST operations in document order (a path's GET
    /// first), and how many more there were past `maxOperations`. A key of
    /// `paths` that is no path (OpenAPI's begin with `/`: `wss://…`,
    /// `items`) is left out, and said by `notPaths`.
    public func operations() -> (operations: [Operation], more: Int) {
        var out: [Operation] = []
        var more = 0
        for (path, item) in root["paths"]?.object?.ordered ?? [] where path.hasPrefix("/") {
            guard let itemObject = resolve(item).node?.object else { continue }
            for method in [HTTPMethodName.get, .post] {
                guard let operation = resolve(itemObject[method.rawValue.lowercased()] ?? .null).node?.object else { continue }
                guard out.count < Self.maxOperations else { more += 1; continue }
                var byName: [String: Int] = [:]
                var parameters: [OpenAPIObject] = []
                for list in [itemObject["parameters"], operation["parameters"]] {
                    for p in list?.array ?? [] {
                        guard let param = resolve(p).node?.object, let name = param["name"]?.string else { continue }
                        let id = "\(param["in"]?.string ?? "query") \(name)"
                        if let at = byName[id] { parameters[at] = param } else {
                            byName[id] = parameters.count
                            parameters.append(param)
                        }
                    }
                }
                out.append(Operation(path: path, node: operation, parameters: parameters, method: method))
            }
        }
        return (out, more)
    }

    /// The keys of `paths` that are no path (they do not begin with `/`).
    public func notPaths() -> [String] {
        (root["paths"]?.object?.ordered ?? []).map(\.0).filter { !$0.hasPrefix("/") }
    }

    /// Operations Rowboat cannot send (`query`, OpenAPI 3.2's safe method
    /// with a body), by label, for the comments.
    public func unsendable() -> [String] {
        (root["paths"]?.object?.ordered ?? []).compactMap { path, item in
            !path.hasPrefix("/") || resolve(item).node?.object?["query"] == nil ? nil : "QUERY \(path)"
        }
    }

    /// A node with its `$ref` chain followed (at most 32 hops), or why not.
    public func resolve(_ node: OpenAPINode) -> (node: OpenAPINode?, problem: String?, ref: String?) {
        var current = node
        var seen: [String] = []
        while case .object(let o) = current, let ref = o["$ref"]?.string {
            if seen.contains(ref) { return (nil, "the $ref \(ref) goes round in a circle", seen.first) }
            seen.append(ref)
            guard seen.count <= 32 else { return (nil, "a chain of more than 32 $refs from \(seen[0])", seen.first) }
            guard ref.hasPrefix("#") else {
                return (nil, "the $ref \(ref) points outside the document (not followed)", seen.first)
            }
            guard let target = pointer(String(ref.dropFirst())) else {
                return (nil, "the $ref \(ref) names a place the document does not have", seen.first)
            }
            current = target
        }
        return (current, nil, seen.first)
    }

    /// The node at JSON pointer `pointer` (`/components/schemas/Pet`).
    func pointer(_ pointer: String) -> OpenAPINode? {
        var current = OpenAPINode.object(root)
        guard !pointer.isEmpty else { return current }
        guard pointer.hasPrefix("/") else { return nil }
        for raw in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var token = String(raw)
            if token.utf8.contains(UInt8(ascii: "%")) { token = token.removingPercentEncoding ?? token }
            if token.utf8.contains(UInt8(ascii: "~")) {
                token = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            }
            switch current {
            case .object(let o):
                guard let next = o[token] else { return nil }
                current = next
            case .array(let a):
                guard let i = Int(token), a.indices.contains(i) else { return nil }
                current = a[i]
            default:
                return nil
            }
        }
        return current
    }

    /// The server URL the document names: `servers[0].url` with its
    /// variables' defaults (3.x), or `schemes[0]://host basePath` (2.0);
    /// nil when it names none. A relative one is returned as written.
    public var serverURL: String? {
        switch version {
        case .openAPI3:
            guard let first = root["servers"]?.array?.first?.object, var url = first["url"]?.string else { return nil }
            for (name, variable) in first["variables"]?.object?.ordered ?? [] {
                if let value = variable["default"]?.text { url = url.replacingOccurrences(of: "{\(name)}", with: value) }
            }
            return url.isEmpty ? nil : url
        case .swagger2:
            let base = root["basePath"]?.string ?? ""
            guard let host = root["host"]?.string, !host.isEmpty else { return base.isEmpty ? nil : base }
            let scheme = root["schemes"]?.array?.compactMap(\.string).first { $0 == "https" }
                ?? root["schemes"]?.array?.first?.string ?? "https"
            return "\(scheme)://\(host)\(base)"
        }
    }
}
