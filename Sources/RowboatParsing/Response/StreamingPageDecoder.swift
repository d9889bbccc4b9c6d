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
    /// Parses what the scanners complete and counts the items (apart, it
    /// may run on a task of its own: `scan`, then `elements.items(_:)` or
    /// `elements.write(_:writer:into:)`).
    public var elements: ElementFeed
    /// Items mapped so far.
    public var itemCount: Int { elements.itemCount }
    /// The response's content type (for error lines), once framed.
    var contentType: String? { elements.contentType }

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
        elements = ElementFeed(decoder: decoder)
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
        elements.contentType = contentType
        if ResponseFraming.isNDJSON(decoder.endpoint.response.format, contentType: contentType) {
            document = nil
            lines = linesFit ? NDJSONLineScanner() : nil
            lines?.holdBack = holdBack
            return linesFit
        }
        lines = nil
        document = documentTemplate
        document?.holdBack = holdBack
        return document != nil
    }

    /// `scan` hands out elements in chunks of at least this many bytes,
    /// the first as soon as there is one (`JSONListScanner.holdBack`): a
    /// row writer shares a big chunk among the cores (`TapeRowWriter.chunkBytes`).
    public var holdBack = 0 {
        didSet {
            document?.holdBack = holdBack
            lines?.holdBack = holdBack
        }
    }

    /// Takes the next bytes of the body; the items they completed.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) throws(DataError) -> [Item] {
        try elements.items(scan(bytes))
    }

    /// Takes the next bytes of the body; the rows of the items they
    /// completed are written by `writer` at the end of `rows`.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, writer: TapeRowWriter,
                              into rows: inout WrittenRows) throws(DataError) {
        try elements.write(scan(bytes), writer: writer, into: &rows)
    }

    /// What one feed's bytes completed: the text of the list's elements
    /// (one `[…]`, or keyed, `{…}`) or a batch of NDJSON lines.
    public enum Scanned: Sendable {
        /// The text and how many elements the scanner found in it.
        case elements([UInt8], count: Int)
        case lines(NDJSONLineScanner.Batch)

        /// The bytes it holds.
        public var byteCount: Int {
            switch self {
            case .elements(let text, _): text.count
            case .lines(let batch): batch.text.count
            }
        }

        /// The elements (or lines) it holds, as the scanner counted them.
        public var count: Int {
            switch self {
            case .elements(_, let count): count
            case .lines(let batch): batch.lines.count
            }
        }
    }

    /// Takes the next bytes of the body; the elements they completed (nil:
    /// none), to be parsed by `elements`.
    public mutating func scan(_ bytes: UnsafeRawBufferPointer) throws(DataError) -> Scanned? {
        if lines != nil {
            let batch = lines!.feed(bytes)
            if lines!.longScalar { throw .numberTooLong(limit: JSONTapeNode.textLimit) }
            return batch.map(Scanned.lines)
        }
        let text = document!.feed(bytes)
        if document!.tooDeep { throw .nestedTooDeep(limit: JSONDepthLimit.maxDepth) }
        if document!.longScalar { throw .numberTooLong(limit: JSONTapeNode.textLimit) }
        let count = document!.takenCount
        return text.map { .elements($0, count: count) }
    }

    /// After the last bytes: the items not yet handed out and the page's
    /// paging facts. `contentType` and `headers` are the response's.
    public mutating func finish(contentType: String?, headers: [(String, String)]) throws(DataError) -> PageResult {
        var items: [Item] = []
        let mapper = decoder.tapeMapper
        var page = try finish(contentType: contentType, headers: headers) { elements, first throws(DataError) in
            items += try mapper.map(elements, first: first)
        }
        page.items = items + page.items
        return page
    }

    /// `finish`, the rows of the items not yet handed out written by
    /// `writer` at the end of `rows` (the page holds no items then, unless
    /// the list was never found and the body was decoded whole).
    public mutating func finish(contentType: String?, headers: [(String, String)], writer: TapeRowWriter,
                                into rows: inout WrittenRows) throws(DataError) -> PageResult {
        try finish(contentType: contentType, headers: headers) { elements, first throws(DataError) in
            try writer.write(elements, first: first, into: &rows)
        }
    }

    /// `finish`, the elements not yet handed out going to `each`.
    mutating func finish(contentType: String?, headers: [(String, String)], _ each: ElementFeed.Each) throws(DataError) -> PageResult {
        if lines != nil { return try finishLines(contentType: contentType, headers: headers, each) }
        let (rest, skeleton) = document!.finish()
        guard document!.foundList else {
            // Nothing streamed: the skeleton is the whole body.
            return try decoder.decode(body: skeleton, contentType: contentType, headers: headers, inPieces: false)
        }
        let restCount = document!.takenCount
        try elements.map(rest.map { .elements($0, count: restCount) }, each)
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
    mutating func finishLines(contentType: String?, headers: [(String, String)], _ each: ElementFeed.Each) throws(DataError) -> PageResult {
        try elements.map(lines!.finish().map(Scanned.lines), each)
        let decoder = self.decoder, count = itemCount, contentType = self.contentType
        let lastBytes = elements.lastLine ?? Array("null".utf8)
        return try Self.parsed(lastBytes[...], preview: lastBytes, contentType) { last throws(DataError) in
            let element = count > 0 ? ListElement(value: last.tree, at: "", position: count - 1) : nil
            let lastID = try Self.id(of: count > 0 ? ListElement(value: last, at: "", position: count - 1) : nil,
                                     decoder, count)
            return try decoder.page([], itemCount: count, lastItemID: lastID, root: JSONValue.array([]), last: element,
                                    headers: headers)
        }
    }

    /// `body` run on the parsed `bytes`, parse failures as `DataError`s.
    static func parsed<R>(_ bytes: ArraySlice<UInt8>, preview: [UInt8], _ contentType: String?,
                          _ body: (JSONTapeNode) throws(DataError) -> R) throws(DataError) -> R {
        try PageDecoder.onTape(bytes, unreadable: { PageDecoder.notJSON(contentType, PageDecoder.preview(preview)) }, body)
    }
}
