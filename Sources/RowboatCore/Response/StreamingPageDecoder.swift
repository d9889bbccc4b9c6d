/// Decodes a response while it arrives: `feed` maps the list's elements
/// completed so far (the bytes are forgotten once mapped), `finish` maps
/// the rest and reads the envelope (success flag, totals, cursors) from
/// what surrounds the list. Memory follows the items, not the body.
///
/// For a list at a path of keys and indices (a bare array, or one in an
/// envelope). The success check runs at the end, when the envelope is
/// complete. A body whose list is not where the path says (or not an
/// array) streams nothing and is decoded whole by `finish`, as
/// `PageDecoder` would.
public struct StreamingPageDecoder: Sendable {
    public let decoder: PageDecoder
    var scanner: JSONListScanner
    /// Items mapped so far, and the last one's id.
    public private(set) var itemCount = 0
    var lastItemID: String?

    /// Nil when the endpoint's list cannot stream: a keyed list, a `[*]`
    /// path or a negative index.
    public init?(decoder: PageDecoder) {
        guard !decoder.endpoint.response.keyed, let scanner = JSONListScanner(path: decoder.endpoint.response.listPath)
        else { return nil }
        self.decoder = decoder
        self.scanner = scanner
    }

    /// Takes the next bytes of the body; the items they completed.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) throws(DataError) -> [Item] {
        let elements = scanner.feed(bytes)
        if scanner.tooDeep { throw .nestedTooDeep(limit: JSONDepthLimit.maxDepth) }
        return try map(elements)
    }

    /// After the last bytes: the items not yet handed out and the page's
    /// paging facts. `body` is what `ResponseFraming` would strip a prefix
    /// from; `contentType` and `headers` are the response's.
    public mutating func finish(contentType: String?, headers: [(String, String)]) throws(DataError) -> PageResult {
        let (rest, skeleton) = scanner.finish()
        guard scanner.foundList else {
            // Nothing streamed: the skeleton is the whole body.
            return try decoder.decode(body: skeleton, contentType: contentType, headers: headers)
        }
        let items = try map(rest)
        let decoder = self.decoder, count = itemCount, lastID = lastItemID
        let lastBytes = scanner.lastElement ?? Array("null".utf8)
        return try Self.parsed(ResponseFraming.strippingPrefix(skeleton), preview: skeleton, contentType) { root throws(DataError) in
            try decoder.checkSuccess(root)
            return try Self.parsed(lastBytes[...], preview: lastBytes, contentType) { last throws(DataError) in
                let element = count > 0 ? ListElement(value: last, at: decoder.endpoint.response.listPath.description,
                                                      position: count - 1) : nil
                return try decoder.facts(of: PageResult(items: items), itemCount: count, lastItemID: lastID, root: root,
                                         last: element, headers: headers)
            }
        }
    }

    /// Maps the elements of one `[…]` text from the scanner.
    mutating func map(_ elements: [UInt8]?) throws(DataError) -> [Item] {
        guard let elements else { return [] }
        let mapper = decoder.tapeMapper, at = decoder.endpoint.response.listPath.description, first = itemCount
        let items = try Self.parsed(elements[...], preview: elements, nil) { list throws(DataError) in
            var items: [Item] = []
            var failure: DataError?
            list.forEachElement { node in
                guard failure == nil else { return }
                do throws(DataError) {
                    items.append(try mapper.map(ListElement(value: node, at: at, position: first + items.count),
                                                index: first + items.count))
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            return items
        }
        itemCount += items.count
        if let last = items.last { lastItemID = last.id }
        return items
    }

    /// `body` run on the parsed `bytes`, parse failures as `DataError`s.
    static func parsed<R>(_ bytes: ArraySlice<UInt8>, preview: [UInt8], _ contentType: String?,
                          _ body: (JSONTapeNode) throws(DataError) -> R) throws(DataError) -> R {
        do {
            return try JSONTape.withDocument(bytes, body)
        } catch {
            switch error {
            case .body(let dataError): throw dataError
            case .parse(.tooDeep): throw .nestedTooDeep(limit: JSONDepthLimit.maxDepth)
            case .parse(.numberTooLong): throw .numberTooLong(limit: JSONTapeNode.textLimit)
            case .parse:
                throw .notJSON(contentType: contentType.map { Sanitizer.clean($0, limit: 60) },
                               firstBytes: PageDecoder.preview(preview))
            }
        }
    }
}
