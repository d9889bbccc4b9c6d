import Foundation

/// One decoded page: mapped items plus what the body and headers say about
/// paging.
public struct PageResult: Sendable, Equatable {
    public var items: [Item]
    public var totalPages: Int?
    public var totalCount: Int?
    /// The has-more flag, when the endpoint reads one.
    public var hasMore: Bool?
    /// The next cursor (cursor style).
    public var nextToken: String?
    /// The next-page URL (nextURL and link styles), as the server wrote it.
    public var nextURL: String?
    /// The last item's mapped id (lastId style).
    public var lastItemID: String?

    public init(items: [Item], totalPages: Int? = nil, totalCount: Int? = nil, hasMore: Bool? = nil,
                nextToken: String? = nil, nextURL: String? = nil, lastItemID: String? = nil) {
        self.items = items
        self.totalPages = totalPages
        self.totalCount = totalCount
        self.hasMore = hasMore
        self.nextToken = nextToken
        self.nextURL = nextURL
        self.lastItemID = lastItemID
    }

    /// What this page says about paging.
    public var facts: PageFacts {
        PageFacts(itemCount: items.count, totalPages: totalPages, totalCount: totalCount, hasMore: hasMore,
                  nextToken: nextToken, nextURL: nextURL, lastItemID: lastItemID)
    }
}

/// Turns a response body (and its headers) into a `PageResult` for an
/// endpoint: parses JSON, checks the envelope's success flag, finds the list,
/// maps each item and reads the paging facts the endpoint's rules need.
public struct PageDecoder: Sendable {
    public let endpoint: Endpoint

    public init(endpoint: Endpoint) {
        self.endpoint = endpoint
    }

    /// Decodes `body`; `headers` are the response headers (any case).
    public func decode(body: [UInt8], contentType: String?,
                       headers: [(String, String)] = []) throws(DataError) -> PageResult {
        guard !body.isEmpty else { throw .emptyResponse }
        let root: JSONValue
        do {
            root = try JSONValue.parse(Data(body))
        } catch let tooDeep as JSONDepthLimit.Exceeded {
            throw .nestedTooDeep(limit: tooDeep.limit)
        } catch {
            throw .notJSON(contentType: contentType.map { Sanitizer.clean($0, limit: 60) },
                           firstBytes: Self.preview(body))
        }
        let shape = endpoint.response
        if let successPath = shape.successPath {
            let found = successPath.lookup(in: root)?.scalarText
            if found == nil || !shape.successValues.contains(found!) {
                let message = shape.messagePath.flatMap { $0.lookup(in: root)?.scalarText }
                throw .server(message: message.map { Sanitizer.clean($0, limit: 200) })
            }
        }
        guard let listValue = shape.listPath.lookup(in: root) else {
            throw .mappingMismatch(path: shape.listPath.description.isEmpty ? "(root)" : shape.listPath.description,
                                   found: "nothing")
        }
        let elements: [JSONValue]
        switch listValue {
        case .array(let a): elements = a
        case .null: elements = []
        default:
            throw .mappingMismatch(path: shape.listPath.description.isEmpty ? "(root)" : shape.listPath.description,
                                   found: ItemMapper.describe(listValue))
        }
        let mapper = ItemMapper(mapping: endpoint.item)
        var items: [Item] = []
        items.reserveCapacity(elements.count)
        for (i, element) in elements.enumerated() {
            items.append(try mapper.map(element, index: i, listPath: shape.listPath))
        }
        var page = PageResult(items: items)
        let paging = endpoint.paging
        page.totalPages = paging.totalPagesPath.flatMap { intValue($0.lookup(in: root)) }
            ?? paging.totalPagesHeader.flatMap { Self.header($0, in: headers) }.flatMap(intValue)
        page.totalCount = paging.totalCountPath.flatMap { intValue($0.lookup(in: root)) }
            ?? paging.totalCountHeader.flatMap { Self.header($0, in: headers) }.flatMap(intValue)
        if let path = paging.hasMorePath { page.hasMore = try boolValue(at: path, in: root) }
        switch paging.style {
        case .cursor(_, let next):
            page.nextToken = try textValue(at: next, in: root)
        case .nextURL(let path):
            page.nextURL = try textValue(at: path, in: root)
        case .link:
            page.nextURL = Self.header("link", in: headers).flatMap { LinkHeader.target(rel: "next", in: $0) }
        case .lastID:
            guard endpoint.item.field("id") != nil else {
                throw .mappingMismatch(path: "item.id", found: "no id field (lastId paging needs one)")
            }
            page.lastItemID = items.last?.id
        case .none, .pageNumber, .offset:
            break
        }
        return page
    }

    /// All values of header `name` joined with ", " (as HTTP allows), or nil.
    static func header(_ name: String, in headers: [(String, String)]) -> String? {
        let values = headers.filter { $0.0.lowercased() == name.lowercased() }.map(\.1)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }

    func intValue(_ text: String) -> Int? {
        Int(text.trimmingCharacters(in: .whitespaces))
    }

    /// A scalar at `path` as text; nil when absent, null or empty.
    func textValue(at path: JSONPath, in root: JSONValue) throws(DataError) -> String? {
        switch path.lookup(in: root) {
        case nil, .null?: return nil
        case .string(let s)?: return s.isEmpty ? nil : s
        case .int(let i)?: return String(i)
        case let other?: throw .mappingMismatch(path: path.description, found: ItemMapper.describe(other))
        }
    }

    /// A flag at `path` with bool coercion (true/false, 1/0, "yes"/"no" …);
    /// nil when absent or null.
    func boolValue(at path: JSONPath, in root: JSONValue) throws(DataError) -> Bool? {
        guard let value = path.lookup(in: root) else { return nil }
        switch value {
        case .null: return nil
        case .bool(let b): return b
        case .int(let i): return i != 0
        case .double(let d): return d != 0
        case .string(let s):
            switch s.trimmingCharacters(in: .whitespaces).lowercased() {
            case "true", "yes", "y", "on", "1": return true
            case "false", "no", "n", "off", "0", "": return false
            default: break
            }
        default: break
        }
        throw .mappingMismatch(path: path.description, found: ItemMapper.describe(value))
    }

    func intValue(_ v: JSONValue?) -> Int? {
        switch v {
        case .int(let i)?: Int(exactly: i)
        case .double(let d)? where d.isFinite && abs(d) < 1e15: Int(d)
        case .string(let s)?: Int(s)
        default: nil
        }
    }

    /// The first bytes of a body as sanitized text for error lines.
    static func preview(_ body: [UInt8]) -> String {
        let text = String(decoding: body.prefix(48), as: UTF8.self)
        return "\"" + Sanitizer.clean(text, limit: 48) + (body.count > 48 ? "…" : "") + "\""
    }
}
