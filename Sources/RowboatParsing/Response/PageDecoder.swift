import Foundation
import RowboatSpec

/// Turns a response body (and its headers) into a `PageResult` for an
/// endpoint: parses JSON, checks the envelope's success flag, finds the list,
/// maps each item and reads the paging facts the endpoint's rules need.
///
/// JSON bodies are parsed by simdjson and mapped straight from its tape
/// (`JSONTape`, by the endpoint's `TapeItemMapper`); NDJSON bodies line by
/// line, the same way, when the list is the lines (`StreamingPageDecoder`'s
/// line framing, fed the whole body), else into `JSONValue`s (by its
/// `ItemMapper`). An NDJSON body with no lines is an empty page. Make one
/// decoder per endpoint and keep it: the item mapping is compiled once.
public struct PageDecoder: Sendable {
    public let endpoint: Endpoint
    package let tapeMapper: TapeItemMapper
    var mapper: ItemMapper { tapeMapper.mapper }

    public init(endpoint: Endpoint) {
        self.endpoint = endpoint
        self.tapeMapper = TapeItemMapper(mapping: endpoint.item)
    }

    /// Bodies larger than this whose list can stream are read in pieces of
    /// this size (`StreamingPageDecoder`), as if they were arriving: the
    /// parser then holds one piece's tape, not the whole body's.
    public static let pieceBytes = 1 << 20

    /// Decodes `body`; `headers` are the response headers (any case).
    public func decode(body: [UInt8], contentType: String?,
                       headers: [(String, String)] = []) throws(DataError) -> PageResult {
        try decode(body: body, contentType: contentType, headers: headers, inPieces: true)
    }

    /// `decode(body:…)`, in pieces when large unless `inPieces` is false
    /// (what `StreamingPageDecoder` asks when the list was not found).
    func decode(body: [UInt8], contentType: String?, headers: [(String, String)],
                inPieces: Bool) throws(DataError) -> PageResult {
        if let encoding = Self.compression(body: body, headers: headers) { throw .compressedBody(encoding) }
        let ndjson = ResponseFraming.isNDJSON(endpoint.response.format, contentType: contentType)
        guard !body.isEmpty || ndjson else { throw .emptyResponse }
        let text = ResponseFraming.strippingPrefix(body)
        if ndjson {
            if var lines = StreamingPageDecoder(decoder: self), lines.frame(contentType: contentType) {
                return try lines.decode(whole: text, contentType: contentType, headers: headers)
            }
            let root: JSONValue
            do {
                root = try ResponseFraming.parseLines(text)
            } catch {
                throw Self.notJSON(contentType, "line \(error.line): " + Self.preview(error.bytes))
            }
            return try decode(root: root, headers: headers)
        }
        if inPieces, text.count > Self.pieceBytes, var pieces = StreamingPageDecoder(decoder: self),
           pieces.frame(contentType: contentType) {
            do {
                return try pieces.decode(whole: text, contentType: contentType, headers: headers)
            } catch {
                // Not JSON: the whole body's parse says so in its own words (below).
                guard case .notJSON = error else { throw error }
            }
        }
        let tapeMapper = tapeMapper   // the closure captures the mapper, not the whole decoder
        return try Self.onTape(text, unreadable: {
            // Deep and broken is reported as deep, as the depth check
            // that runs before any parse always has.
            let scan = text.withUnsafeBytes { raw in Result { () throws(JSONDepthLimit.Exceeded) in try JSONDepthLimit.check(raw) } }
            if case .failure(let deep) = scan { return .nestedTooDeep(limit: deep.limit) }
            return Self.notJSON(contentType, Self.preview(body))
        }) { (root: JSONTapeNode) throws(DataError) in
            try decode(root: root, headers: headers) { (element, index) throws(DataError) in
                try tapeMapper.map(element, index: index)
            }
        }
    }

    /// `body` run on `bytes` read onto simdjson's tape. A document that does
    /// not parse is the `DataError` it stands for: nested too deep, a number
    /// too long, or else `unreadable()` (not JSON, its first bytes shown).
    static func onTape<R>(_ bytes: ArraySlice<UInt8>, unreadable: () -> DataError,
                          _ body: (JSONTapeNode) throws(DataError) -> R) throws(DataError) -> R {
        do {
            return try JSONTape.withDocument(bytes, body)
        } catch {
            switch error {
            case .body(let dataError): throw dataError
            case .parse(.tooDeep): throw .nestedTooDeep(limit: JSONDepthLimit.maxDepth)
            case .parse(.numberTooLong): throw .numberTooLong(limit: JSONTapeNode.textLimit)
            case .parse: throw unreadable()
            }
        }
    }

    /// Not JSON: the content type (cleaned, cut) and `firstBytes`.
    static func notJSON(_ contentType: String?, _ firstBytes: String) -> DataError {
        .notJSON(contentType: contentType.map { Sanitizer.clean($0, limit: 60) }, firstBytes: firstBytes)
    }

    /// The compression a body came in, though none was asked for: the
    /// `Content-Encoding` header's value (unless `identity`), or `gzip`
    /// when the body starts with gzip's magic bytes; nil for plain bytes.
    public static func compression(body: [UInt8], headers: [(String, String)]) -> String? {
        if let encoding = headers.header("content-encoding")?.trimmingWhitespace().lowercased(),
           !encoding.isEmpty, encoding != "identity" {
            return String(encoding)
        }
        return body.starts(with: [0x1F, 0x8B]) ? "gzip" : nil
    }

    /// `body` run on NDJSON line `number`, parsed; a line that is not one
    /// JSON value fails naming it (`line 3: "{oops"`).
    static func parsedLine<R>(_ line: ArraySlice<UInt8>, number: Int, contentType: String?,
                              _ body: (JSONTapeNode) throws(DataError) -> R) throws(DataError) -> R {
        try onTape(line, unreadable: { notJSON(contentType, "line \(number): " + preview(Array(line.prefix(48)))) }, body)
    }

    /// Decodes a document already parsed into a tree (`root`: NDJSON's
    /// lines as an array). Items are mapped by the endpoint's `ItemMapper`;
    /// a tree keeps no key order, so a keyed list comes sorted by key.
    public func decode(root: JSONValue, headers: [(String, String)] = []) throws(DataError) -> PageResult {
        let mapper = mapper   // the closure captures the mapper, not the whole decoder
        return try decode(root: root, headers: headers) { (element, index) throws(DataError) in
            try mapper.map(element, index: index)
        }
    }

    /// Decodes the document at `root`, `map` making each element's item.
    func decode<Node: JSONNode>(root: Node, headers: [(String, String)],
                                map: (ListElement<Node>, Int) throws(DataError) -> Item) throws(DataError) -> PageResult {
        let shape = endpoint.response
        try checkSuccess(root)
        var items: [Item] = []
        var lastElement: ListElement<Node>?
        if let namesPath = shape.columnNamesPath {
            // Rows as arrays: each becomes an object of the column names.
            let names = try columnNames(at: namesPath, in: root)
            let mapper = mapper
            try ListElements.forEach(in: root, shape: shape) { (element) throws(DataError) in
                let row = try Self.namedRow(element.value.tree, names: names, at: element.label)
                items.append(try mapper.map(ListElement(value: row, key: nil, label: element.label), index: items.count))
                lastElement = element
            }
        } else {
            try ListElements.forEach(in: root, shape: shape) { (element) throws(DataError) in
                items.append(try map(element, items.count))
                lastElement = element
            }
        }
        return try page(items, itemCount: items.count, lastItemID: items.last?.id, root: root, last: lastElement,
                        headers: headers)
    }

    /// The column names at `path` (`response.columnNames`): an array of
    /// strings, else a mapping mismatch naming the path.
    func columnNames<Node: JSONNode>(at path: JSONPath, in root: Node) throws(DataError) -> [String] {
        guard let value = path.lookupTree(in: root) else {
            throw .mappingMismatch(path: path.description, found: "nothing")
        }
        guard case .array(let names) = value else {
            throw .mappingMismatch(path: path.description, found: ItemMapper.describe(value))
        }
        return try names.map { (name) throws(DataError) -> String in
            guard let text = name.scalarText, name != .null else {
                throw .mappingMismatch(path: path.description, found: "a column name that is " + ItemMapper.describe(name))
            }
            return text
        }
    }

    /// A row of a columns-and-rows list as an object of the column names
    /// (the first of a repeated name wins; cells past the names are dropped).
    static func namedRow(_ row: JSONValue, names: [String], at label: String) throws(DataError) -> JSONValue {
        guard case .array(let cells) = row else {
            if case .object = row { return row }   // already an object
            throw .mappingMismatch(path: label, found: ItemMapper.describe(row))
        }
        var object: [String: JSONValue] = [:]
        for (name, cell) in zip(names, cells) where object[name] == nil { object[name] = cell }
        return .object(object)
    }

    /// Checks the envelope's success flag in `root`.
    func checkSuccess<Node: JSONNode>(_ root: Node) throws(DataError) {
        let shape = endpoint.response
        guard let successPath = shape.successPath else { return }
        let found = successPath.lookupTree(in: root)?.scalarText
        if found == nil || !shape.successValues.contains(found!) {
            let message = shape.messagePath.flatMap { $0.lookupTree(in: root)?.scalarText }
            throw .server(message: message.map { Sanitizer.clean($0, limit: 200) })
        }
    }

    /// `items` with what the envelope and headers say about paging: the
    /// list held `itemCount` items (more than `items` when a streamed body
    /// handed the others out before), the last with id `lastItemID`, and
    /// `last` is its element.
    func page<Node: JSONNode>(_ items: [Item], itemCount: Int, lastItemID: String?, root: Node,
                              last: ListElement<Node>?, headers: [(String, String)]) throws(DataError) -> PageResult {
        PageResult(items: items, facts: try facts(itemCount: itemCount, lastItemID: lastItemID, root: root, last: last,
                                                  headers: headers))
    }

    /// What the envelope and headers say about paging (see `page`). With
    /// `paging.pagingHeader`, the paging paths are read in that header's
    /// JSON object instead of the body.
    func facts<Node: JSONNode>(itemCount: Int, lastItemID: String?, root: Node,
                               last: ListElement<Node>?, headers: [(String, String)]) throws(DataError) -> PageFacts {
        var facts = PageFacts(itemCount: itemCount)
        let paging = endpoint.paging
        let factsHeader: JSONValue?? = paging.pagingHeader.map { name in
            headers.header(name).flatMap { try? JSONValue.parse(Data($0.utf8)) }
        }
        /// The value at `path` where the paging facts are.
        func find(_ path: JSONPath) -> JSONValue? {
            if let factsHeader { return factsHeader.flatMap { path.lookupTree(in: $0) } }
            return path.lookupTree(in: root)
        }
        func isPresent(_ path: JSONPath) -> Bool {
            if let factsHeader { return factsHeader.map { path.isPresent(in: $0) } ?? false }
            return path.isPresent(in: root)
        }
        facts.totalPages = paging.totalPagesPath.flatMap { intValue(find($0)) }
            ?? paging.totalPagesHeader.flatMap { headers.header($0) }.flatMap(intValue)
        facts.totalCount = paging.totalCountPath.flatMap { intValue(find($0)) }
            ?? paging.totalCountHeader.flatMap { headers.header($0) }.flatMap(intValue)
        if let path = paging.hasMorePath { facts.hasMore = try boolValue(find(path), at: path) }
        if let path = paging.isLastPath, try boolValue(find(path), at: path) == true { facts.hasMore = false }
        // Configured body paths that this page does not have at all (null
        // counts as present: it is how many servers say "the end"). A
        // missing next cursor or URL is only remarked on a page that does
        // not look like the last one (servers such as OData leave it out
        // there); an absent has-more flag stops nothing, so it is not noted.
        var absent: [String] = []
        let looksLast = itemCount == 0 || facts.hasMore == false || paging.size.map { itemCount < $0 } ?? false
            || facts.totalCount.map { itemCount >= $0 } ?? false
        if let name = paging.pagingHeader, factsHeader! == nil, !looksLast {
            absent.append("paging.pagingHeader \"\(Sanitizer.clean(name, limit: 60))\"")
        }
        func note(_ key: String, _ path: JSONPath?, in value: Node? = nil, unlessLast: Bool = false) {
            guard let path, !(unlessLast && looksLast) else { return }
            if let value { guard !path.isPresent(in: value) else { return } } else { guard !isPresent(path) else { return } }
            if factsHeader != nil, factsHeader! == nil { return }   // the header itself is missing: said once above
            absent.append("paging.\(key) \"\(path.description)\"")
        }
        if facts.totalPages == nil { note("totalPages", paging.totalPagesPath) }
        if facts.totalCount == nil { note("totalCount", paging.totalCountPath) }
        switch paging.style {
        case .cursor(_, let next):
            if let name = paging.nextCursorHeader {
                facts.nextToken = headers.header(name).map { String($0.trimmingWhitespace()) }.flatMap { $0.isEmpty ? nil : $0 }
            } else if paging.cursorInLastItem {
                let last = last?.value
                if let last { note("lastItemCursor", next, in: last, unlessLast: true) }
                facts.nextToken = try cursor(last.flatMap { next.lookupTree(in: $0) }, path: next)
            } else {
                note("nextCursor", next, unlessLast: true)
                facts.nextToken = try cursor(find(next), path: next)
            }
        case .continuation(let path):
            note("continuation", path, unlessLast: true)
            facts.nextToken = try continuation(find(path), path: path)
        case .nextURL(let path):
            note("nextURL", path, unlessLast: true)
            facts.nextURL = try text(find(path), path: path)
        case .nextURLHeader(let name):
            facts.nextURL = headers.header(name).flatMap(Self.headerURL)
        case .link:
            facts.nextURL = headers.header("link").flatMap { LinkHeader.target(rel: "next", in: $0) }
            // No next link on a page that does not look like the last: said
            // once, as an absent path is (`PagingNotice.noNextLink`).
            if facts.nextURL == nil, !looksLast { absent.append(PagingNotice.noNextLink) }
        case .lastID:
            guard let spec = endpoint.item.field("id") else {
                throw .mappingMismatch(path: "item.id", found: "no id field (lastId paging needs one)")
            }
            facts.lastItemID = lastItemID
            if paging.cursorFormat == .json, let last {
                let raw = last.key != nil && spec.readsKey ? .string(last.key!) : spec.path.lookupTree(in: last.value)
                facts.lastItemID = raw.flatMap(\.jsonText) ?? facts.lastItemID
            }
        case .none, .pageNumber, .offset:
            break
        }
        facts.absentPaths = absent
        return facts
    }

    /// A continuation object's members as one query text (`continue=-%7C%7C&sroffset=20`,
    /// keys sorted), which `RequestBuilder` sends back as params; nil when
    /// absent, null or empty. A member that is not a scalar goes as its JSON.
    func continuation(_ value: JSONValue?, path: JSONPath) throws(DataError) -> String? {
        switch value {
        case nil, .null?: return nil
        case .object(let members)?:
            let pairs = members.keys.sorted().compactMap { key -> (String, String)? in
                let member = members[key]!
                if member == .null { return nil }
                return (key, member.scalarText ?? member.jsonText ?? "")
            }
            return pairs.isEmpty ? nil : URLEncoding.encode(pairs)
        case let other?:
            throw .mappingMismatch(path: path.description, found: ItemMapper.describe(other))
        }
    }

    /// A next-page URL from a header value: `<url>` or the URL alone; nil when empty.
    public static func headerURL(_ value: String) -> String? {
        var text = String(value.trimmingWhitespace())
        if text.hasPrefix("<"), let close = text.firstIndex(of: ">") {
            text = String(text[text.index(after: text.startIndex)..<close])
        }
        return text.isEmpty ? nil : text
    }

    /// A next cursor: text (a string or whole number) or, with cursorFormat
    /// json, the value's JSON text; nil when absent, null or empty.
    func cursor(_ value: JSONValue?, path: JSONPath) throws(DataError) -> String? {
        guard endpoint.paging.cursorFormat == .json else { return try text(value, path: path) }
        switch value {
        case nil, .null?, .string("")?: return nil
        case let value?: return value.jsonText
        }
    }

    func intValue(_ text: String) -> Int? {
        Self.headerCount(text)
    }

    /// A count in a header's value: a whole number, or the total after the
    /// slash of a range (`Content-Range: 0-19/47`, `items 0-19/47`, `*/47`).
    public static func headerCount(_ text: String) -> Int? {
        let trimmed = text.trimmingWhitespace()
        if let n = Int(trimmed) { return n }
        guard let slash = trimmed.lastIndex(of: "/") else { return nil }
        return Int(trimmed[trimmed.index(after: slash)...])
    }

    /// A scalar found at `path` as text; nil when absent, null or empty. A
    /// number is its text: past 64 bits as the server wrote it, a decimal
    /// a double keeps in its shortest form (`19.90` as `19.9`).
    func text(_ value: JSONValue?, path: JSONPath) throws(DataError) -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let s)?: return s.isEmpty ? nil : s
        case .int(let i)?: return String(i)
        case .numberText(let t)?: return t
        case .double(let d)?: return JSONValue.format(d)
        case let other?: throw .mappingMismatch(path: path.description, found: ItemMapper.describe(other))
        }
    }

    /// `value` (found at `path`) as a flag: a bool, a number (0 is false)
    /// or `BoolText`'s words (an empty string is false); nil when absent or null.
    func boolValue(_ value: JSONValue?, at path: JSONPath) throws(DataError) -> Bool? {
        guard let value else { return nil }
        switch value {
        case .null: return nil
        case .bool(let b): return b
        case .int(let i): return i != 0
        case .double(let d): return d != 0
        case .numberText: return true   // zero is always .int
        case .string(let s):
            // An empty flag says no more, as a missing one would not.
            if let flag = BoolText.value(s) { return flag }
            if s.trimmingWhitespace().isEmpty { return false }
        default: break
        }
        throw .mappingMismatch(path: path.description, found: ItemMapper.describe(value))
    }

    func intValue(_ v: JSONValue?) -> Int? {
        switch v {
        case .int(let i)?: Int(exactly: i)
        case .double(let d)? where d.isFinite && abs(d) < 1e15: Int(d)
        case .numberText(let t)?: Int(t)
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
