import RowboatSpec
/// Decodes a response while it arrives: `feed` maps the list's elements
/// completed so far (the bytes are forgotten once mapped), `finish` maps
/// the rest and reads the envelope (success flag, totals, cursors) from
/// what surrounds the list. Memory follows the items, not the body.
///
/// Two framings, chosen by `frame(contentType:)` once the response's type
/// is known: one JSON document whose list is at a path of keys and indices
/// (a bare array, one in an envelope, or a keyed object:
/// `JSONListScanner`), or NDJSON, one item a line (`NDJSONLineScanner`),
/// when the list is the lines themselves and paging reads nothing from
/// the body but the last item. The success check runs at the end, when the
/// envelope is complete. A document whose list is not where the path says
/// (or not an array) streams nothing and is decoded whole by `finish`, as
/// `PageDecoder` would.
public struct StreamingPageDecoder: Sendable {
    public let decoder: PageDecoder
    /// The document framing's scanner as made; the one in use is `document`.
    let documentTemplate: JSONListScanner?
    /// NDJSON can stream for this endpoint.
    let linesFit: Bool
    var document: JSONListScanner?
    var lines: NDJSONLineScanner?
    /// Items mapped so far, and the last one's id.
    public private(set) var itemCount = 0
    var lastItemID: String?
    /// NDJSON: the last line's value, for paging read from the last item.
    var lastLine: [UInt8]?
    /// The response's content type (for error lines), once framed.
    var contentType: String?

    /// Nil when the endpoint's list can stream in neither framing: a `[*]`
    /// path or a negative index (and for NDJSON, a list below the lines or
    /// paging that reads the body).
    public init?(decoder: PageDecoder) {
        let shape = decoder.endpoint.response
        // Rows named by a list elsewhere in the envelope need it first.
        guard shape.columnNamesPath == nil else { return nil }
        let template = shape.format == .ndjson ? nil : JSONListScanner(path: shape.listPath, keyed: shape.keyed)
        let linesFit = shape.format != .json && Self.linesCanStream(decoder.endpoint)
        guard template != nil || linesFit else { return nil }
        self.decoder = decoder
        documentTemplate = template
        self.linesFit = linesFit
        document = template
        lines = template == nil ? NDJSONLineScanner() : nil
    }

    /// True when an NDJSON body of `endpoint` can be mapped line by line:
    /// its list is the lines (an empty list path), and nothing but the
    /// last item is read for the success flag or paging.
    static func linesCanStream(_ endpoint: Endpoint) -> Bool {
        let shape = endpoint.response, paging = endpoint.paging
        guard shape.listPath.steps.isEmpty, shape.successPath == nil, paging.totalPagesPath == nil,
              paging.totalCountPath == nil, paging.hasMorePath == nil else { return false }
        switch paging.style {
        case .cursor: return paging.cursorInLastItem
        case .nextURL, .continuation: return false
        default: return true
        }
    }

    /// Picks the framing for a response of `contentType` (NDJSON when the
    /// endpoint's format or the type says so); false when that framing
    /// cannot stream here (the body is then decoded whole).
    public mutating func frame(contentType: String?) -> Bool {
        self.contentType = contentType
        if ResponseFraming.isNDJSON(decoder.endpoint.response.format, contentType: contentType) {
            document = nil
            lines = linesFit ? NDJSONLineScanner() : nil
            return linesFit
        }
        lines = nil
        document = documentTemplate
        return document != nil
    }

    /// Takes the next bytes of the body; the items they completed.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) throws(DataError) -> [Item] {
        if lines != nil {
            let batch = lines!.feed(bytes)
            if lines!.longScalar { throw .numberTooLong(limit: JSONTapeNode.textLimit) }
            return try map(batch)
        }
        let elements = document!.feed(bytes)
        if document!.tooDeep { throw .nestedTooDeep(limit: JSONDepthLimit.maxDepth) }
        if document!.longScalar { throw .numberTooLong(limit: JSONTapeNode.textLimit) }
        return try map(elements)
    }

    /// After the last bytes: the items not yet handed out and the page's
    /// paging facts. `contentType` and `headers` are the response's.
    public mutating func finish(contentType: String?, headers: [(String, String)]) throws(DataError) -> PageResult {
        if lines != nil { return try finishLines(contentType: contentType, headers: headers) }
        let (rest, skeleton) = document!.finish()
        guard document!.foundList else {
            // Nothing streamed: the skeleton is the whole body.
            return try decoder.decode(body: skeleton, contentType: contentType, headers: headers, inPieces: false)
        }
        let items = try map(rest)
        let decoder = self.decoder, count = itemCount, lastID = lastItemID
        let keyed = document!.listIsObject
        let lastBytes = document!.lastElement.map { keyed ? [UInt8(ascii: "{")] + $0 + [UInt8(ascii: "}")] : $0 }
            ?? Array("null".utf8)
        let listPath = decoder.endpoint.response.listPath
        return try Self.parsed(ResponseFraming.strippingPrefix(skeleton), preview: skeleton, contentType) { root throws(DataError) in
            try decoder.checkSuccess(root)
            return try Self.parsed(lastBytes[...], preview: lastBytes, contentType) { last throws(DataError) in
                var element: ListElement<JSONTapeNode>?
                if count > 0 {
                    if keyed {
                        _ = last.forEachOrderedMember { key, value in
                            element = ListElement(value: value, key: key,
                                                  label: JSONPath.text(of: listPath.steps + [.key(key)]))
                            return false
                        }
                    } else {
                        element = ListElement(value: last, at: listPath.description, position: count - 1)
                    }
                }
                return try decoder.page(items, itemCount: count, lastItemID: lastID, root: root, last: element,
                                        headers: headers)
            }
        }
    }

    /// The page of a whole body, fed in pieces of `pieceBytes` as if it
    /// were arriving (`PageDecoder` reads large bodies so).
    public mutating func decode(whole text: ArraySlice<UInt8>, contentType: String?, headers: [(String, String)],
                                pieceBytes: Int = PageDecoder.pieceBytes) throws(DataError) -> PageResult {
        var items: [Item] = []
        var at = text.startIndex
        while at < text.endIndex {
            let end = min(text.endIndex, at + pieceBytes)
            var failure: DataError?
            let batch = text[at..<end].withUnsafeBytes { bytes -> [Item] in
                do throws(DataError) { return try feed(bytes) } catch { failure = error; return [] }
            }
            if let failure { throw failure }
            items.append(contentsOf: batch)
            at = end
        }
        var page = try finish(contentType: contentType, headers: headers)
        items.append(contentsOf: page.items)
        page.items = items
        return page
    }

    /// `finish` for NDJSON: the root the paging reads is the list of lines,
    /// of which only the last is kept (see `linesCanStream`).
    mutating func finishLines(contentType: String?, headers: [(String, String)]) throws(DataError) -> PageResult {
        let items = try map(lines!.finish())
        let decoder = self.decoder, count = itemCount, lastID = lastItemID
        let lastBytes = lastLine ?? Array("null".utf8)
        return try Self.parsed(lastBytes[...], preview: lastBytes, contentType) { last throws(DataError) in
            let element = count > 0 ? ListElement(value: last.tree, at: "", position: count - 1) : nil
            return try decoder.page(items, itemCount: count, lastItemID: lastID, root: JSONValue.array([]),
                                    last: element, headers: headers)
        }
    }

    /// Maps the elements of one `[…]` (or, keyed, `{…}`) text from the scanner.
    mutating func map(_ elements: [UInt8]?) throws(DataError) -> [Item] {
        guard let elements else { return [] }
        let mapper = decoder.tapeMapper, first = itemCount
        let listPath = decoder.endpoint.response.listPath, at = listPath.description
        let items = try Self.parsed(elements[...], preview: elements, nil) { list throws(DataError) in
            var items: [Item] = []
            var failure: DataError?
            func add(_ element: ListElement<JSONTapeNode>) -> Bool {
                do throws(DataError) {
                    items.append(try mapper.map(element, index: first + items.count))
                } catch {
                    failure = error
                }
                return failure == nil
            }
            if list.isObject {
                _ = list.forEachOrderedMember { key, value in
                    add(ListElement(value: value, key: key, in: listPath))
                }
            } else {
                list.forEachElement { node in
                    guard failure == nil else { return }
                    _ = add(ListElement(value: node, at: at, position: first + items.count))
                }
            }
            if let failure { throw failure }
            return items
        }
        itemCount += items.count
        if let last = items.last { lastItemID = last.id }
        return items
    }

    /// Maps one batch of NDJSON lines; a line that is not one JSON value
    /// fails with its number, as `PageDecoder` reports it.
    mutating func map(_ batch: NDJSONLineScanner.Batch?) throws(DataError) -> [Item] {
        guard let batch else { return [] }
        let mapper = decoder.tapeMapper, first = itemCount
        // The lines as one array: parsed at once when each line is one value.
        let whole: [Item]? = try? Self.parsed(batch.text[...], preview: [], nil) { list throws(DataError) -> [Item]? in
            guard list.count == batch.lines.count else { return nil }
            var items: [Item] = []
            var failure: DataError?
            list.forEachElement { node in
                guard failure == nil else { return }
                do throws(DataError) {
                    items.append(try mapper.map(ListElement(value: node, at: "", position: first + items.count),
                                                index: first + items.count))
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            return items
        }
        let items: [Item]
        if let whole {
            items = whole
        } else {
            // Line by line, to name the first bad one (or the mapping error).
            var out: [Item] = []
            for (range, number) in batch.lines {
                let line = batch.text[range]
                let item = try PageDecoder.parsedLine(line, number: number, contentType: contentType) { node throws(DataError) in
                    try mapper.map(ListElement(value: node, at: "", position: first + out.count), index: first + out.count)
                }
                out.append(item)
            }
            items = out
        }
        if let (range, _) = batch.lines.last { lastLine = Array(batch.text[range]) }
        itemCount += items.count
        if let last = items.last { lastItemID = last.id }
        return items
    }

    /// `body` run on the parsed `bytes`, parse failures as `DataError`s.
    static func parsed<R>(_ bytes: ArraySlice<UInt8>, preview: [UInt8], _ contentType: String?,
                          _ body: (JSONTapeNode) throws(DataError) -> R) throws(DataError) -> R {
        try PageDecoder.onTape(bytes, unreadable: { PageDecoder.notJSON(contentType, PageDecoder.preview(preview)) }, body)
    }
}
