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
    /// Items mapped so far.
    public private(set) var itemCount = 0
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
        var items: [Item] = []
        let mapper = decoder.tapeMapper
        try feed(bytes) { element, index throws(DataError) in items.append(try mapper.map(element, index: index)) }
        return items
    }

    /// Takes the next bytes of the body; the rows of the items they
    /// completed are written by `writer` at the end of `rows`.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, writer: TapeRowWriter,
                              into rows: inout WrittenRows) throws(DataError) {
        try writer.batch { (batch: inout TapeRowWriter.Batch) throws(DataError) in
            try feed(bytes) { element, index throws(DataError) in try batch.write(element, index: index, into: &rows) }
        }
    }

    /// Takes the next bytes of the body; each element they completed goes
    /// to `each` with its position in the list.
    mutating func feed(_ bytes: UnsafeRawBufferPointer, _ each: Each) throws(DataError) {
        if lines != nil {
            let batch = lines!.feed(bytes)
            if lines!.longScalar { throw .numberTooLong(limit: JSONTapeNode.textLimit) }
            return try map(batch, each)
        }
        let elements = document!.feed(bytes)
        if document!.tooDeep { throw .nestedTooDeep(limit: JSONDepthLimit.maxDepth) }
        if document!.longScalar { throw .numberTooLong(limit: JSONTapeNode.textLimit) }
        try map(elements, each)
    }

    /// What takes each element of a list, and its position.
    typealias Each = (ListElement<JSONTapeNode>, Int) throws(DataError) -> Void

    /// After the last bytes: the items not yet handed out and the page's
    /// paging facts. `contentType` and `headers` are the response's.
    public mutating func finish(contentType: String?, headers: [(String, String)]) throws(DataError) -> PageResult {
        var items: [Item] = []
        let mapper = decoder.tapeMapper
        var page = try finish(contentType: contentType, headers: headers) { element, index throws(DataError) in
            items.append(try mapper.map(element, index: index))
        }
        page.items = items + page.items
        return page
    }

    /// `finish`, the rows of the items not yet handed out written by
    /// `writer` at the end of `rows` (the page holds no items then, unless
    /// the list was never found and the body was decoded whole).
    public mutating func finish(contentType: String?, headers: [(String, String)], writer: TapeRowWriter,
                                into rows: inout WrittenRows) throws(DataError) -> PageResult {
        try writer.batch { (batch: inout TapeRowWriter.Batch) throws(DataError) in
            try finish(contentType: contentType, headers: headers) { element, index throws(DataError) in
                try batch.write(element, index: index, into: &rows)
            }
        }
    }

    /// `finish`, each element not yet handed out going to `each`.
    mutating func finish(contentType: String?, headers: [(String, String)], _ each: Each) throws(DataError) -> PageResult {
        if lines != nil { return try finishLines(contentType: contentType, headers: headers, each) }
        let (rest, skeleton) = document!.finish()
        guard document!.foundList else {
            // Nothing streamed: the skeleton is the whole body.
            return try decoder.decode(body: skeleton, contentType: contentType, headers: headers, inPieces: false)
        }
        try map(rest, each)
        let decoder = self.decoder, count = itemCount
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
                return try decoder.page([], itemCount: count, lastItemID: Self.id(of: element, decoder, count),
                                        root: root, last: element, headers: headers)
            }
        }
    }

    /// The id of the list's last element (`count` elements in all).
    static func id(of last: ListElement<JSONTapeNode>?, _ decoder: PageDecoder, _ count: Int) throws(DataError) -> String? {
        try last.map { element throws(DataError) in try decoder.tapeMapper.map(element, index: count - 1).id }
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
    mutating func finishLines(contentType: String?, headers: [(String, String)], _ each: Each) throws(DataError) -> PageResult {
        try map(lines!.finish(), each)
        let decoder = self.decoder, count = itemCount
        let lastBytes = lastLine ?? Array("null".utf8)
        return try Self.parsed(lastBytes[...], preview: lastBytes, contentType) { last throws(DataError) in
            let element = count > 0 ? ListElement(value: last.tree, at: "", position: count - 1) : nil
            let lastID = try Self.id(of: count > 0 ? ListElement(value: last, at: "", position: count - 1) : nil,
                                     decoder, count)
            return try decoder.page([], itemCount: count, lastItemID: lastID, root: JSONValue.array([]), last: element,
                                    headers: headers)
        }
    }

    /// Hands each element of one `[…]` (or, keyed, `{…}`) text from the
    /// scanner to `each`.
    mutating func map(_ elements: [UInt8]?, _ each: Each) throws(DataError) {
        guard let elements else { return }
        let first = itemCount
        let listPath = decoder.endpoint.response.listPath, at = listPath.description
        let count = try Self.parsed(elements[...], preview: elements, nil) { list throws(DataError) in
            var count = 0
            var failure: DataError?
            func add(_ element: ListElement<JSONTapeNode>) -> Bool {
                do throws(DataError) {
                    try each(element, first + count)
                    count += 1
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
                    _ = add(ListElement(value: node, at: at, position: first + count))
                }
            }
            if let failure { throw failure }
            return count
        }
        itemCount += count
    }

    /// Hands each line of one batch of NDJSON lines to `each`; a line that
    /// is not one JSON value fails with its number, as `PageDecoder`
    /// reports it.
    mutating func map(_ batch: NDJSONLineScanner.Batch?, _ each: Each) throws(DataError) {
        guard let batch else { return }
        let first = itemCount
        // The lines as one array: parsed at once when each line is one value
        // (nil when they are not; `each`'s failure is kept apart: the lines
        // it took are not taken twice).
        var failure: DataError?
        let whole: Int? = try? Self.parsed(batch.text[...], preview: [], nil) { list throws(DataError) -> Int? in
            guard list.count == batch.lines.count else { return nil }
            var count = 0
            list.forEachElement { node in
                guard failure == nil else { return }
                do throws(DataError) {
                    try each(ListElement(value: node, at: "", position: first + count), first + count)
                    count += 1
                } catch {
                    failure = error
                }
            }
            return count
        }
        if let failure { throw failure }
        var count = whole ?? 0
        if whole == nil {
            // Line by line, to name the first bad one (or the mapping error).
            for (range, number) in batch.lines {
                let line = batch.text[range]
                try PageDecoder.parsedLine(line, number: number, contentType: contentType) { node throws(DataError) in
                    try each(ListElement(value: node, at: "", position: first + count), first + count)
                }
                count += 1
            }
        }
        if let (range, _) = batch.lines.last { lastLine = Array(batch.text[range]) }
        itemCount += count
    }

    /// `body` run on the parsed `bytes`, parse failures as `DataError`s.
    static func parsed<R>(_ bytes: ArraySlice<UInt8>, preview: [UInt8], _ contentType: String?,
                          _ body: (JSONTapeNode) throws(DataError) -> R) throws(DataError) -> R {
        try PageDecoder.onTape(bytes, unreadable: { PageDecoder.notJSON(contentType, PageDecoder.preview(preview)) }, body)
    }
}
