import Foundation

/// One decoded page: mapped items plus what the body says about paging.
public struct PageResult: Sendable, Equatable {
    public var items: [Item]
    public var totalPages: Int?
    public var totalCount: Int?

    public init(items: [Item], totalPages: Int? = nil, totalCount: Int? = nil) {
        self.items = items
        self.totalPages = totalPages
        self.totalCount = totalCount
    }
}

/// Turns a response body into a `PageResult` for an endpoint: parses JSON,
/// checks the envelope's success flag, finds the list and maps each item.
public struct PageDecoder: Sendable {
    public let endpoint: Endpoint

    public init(endpoint: Endpoint) {
        self.endpoint = endpoint
    }

    public func decode(body: [UInt8], contentType: String?) throws(DataError) -> PageResult {
        guard !body.isEmpty else { throw .emptyResponse }
        let root: JSONValue
        do {
            root = try JSONValue.parse(Data(body))
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
        let paging = endpoint.paging
        return PageResult(items: items,
                          totalPages: paging.totalPagesPath.flatMap { intValue($0.lookup(in: root)) },
                          totalCount: paging.totalCountPath.flatMap { intValue($0.lookup(in: root)) })
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
