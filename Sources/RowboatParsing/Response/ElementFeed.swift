import RowboatSpec

/// The elements a streaming decoder's scanners complete (`StreamingPageDecoder.Scanned`),
/// parsed and handed on with their positions in the list, and counted:
/// as items, or as rows written from the tape. It holds no scanner, so it
/// may run apart from the scanning, on a task of its own
/// (`PageStreamReceiver` writes rows so while the body goes on arriving).
public struct ElementFeed: Sendable {
    let decoder: PageDecoder
    /// The response's content type (for error lines).
    var contentType: String?
    /// Elements handed on so far.
    public internal(set) var itemCount = 0
    /// NDJSON: the last line's value, for paging read from the last item.
    var lastLine: [UInt8]?

    init(decoder: PageDecoder) {
        self.decoder = decoder
    }

    /// What takes each element of a list, and its position.
    typealias Each = (ListElement<JSONTapeNode>, Int) throws(DataError) -> Void

    /// The items of `scanned`.
    public mutating func items(_ scanned: StreamingPageDecoder.Scanned?) throws(DataError) -> [Item] {
        var items: [Item] = []
        let mapper = decoder.tapeMapper
        try map(scanned) { element, index throws(DataError) in items.append(try mapper.map(element, index: index)) }
        return items
    }

    /// The rows of the items of `scanned`, written by `writer` at the end of `rows`.
    public mutating func write(_ scanned: StreamingPageDecoder.Scanned?, writer: TapeRowWriter,
                               into rows: inout WrittenRows) throws(DataError) {
        guard let scanned else { return }
        try writer.batch { (batch: inout TapeRowWriter.Batch) throws(DataError) in
            try map(scanned) { element, index throws(DataError) in try batch.write(element, index: index, into: &rows) }
        }
    }

    /// Hands each element of `scanned` to `each`.
    mutating func map(_ scanned: StreamingPageDecoder.Scanned?, _ each: Each) throws(DataError) {
        switch scanned {
        case .elements(let text): try map(elements: text, each)
        case .lines(let batch): try map(lines: batch, each)
        case nil: break
        }
    }

    /// Hands each element of one `[…]` (or, keyed, `{…}`) text from the
    /// scanner to `each`.
    mutating func map(elements: [UInt8], _ each: Each) throws(DataError) {
        let first = itemCount
        let listPath = decoder.endpoint.response.listPath, at = listPath.description
        let count = try StreamingPageDecoder.parsed(elements[...], preview: elements, nil) { list throws(DataError) in
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
    mutating func map(lines batch: NDJSONLineScanner.Batch, _ each: Each) throws(DataError) {
        let first = itemCount
        // The lines as one array: parsed at once when each line is one value
        // (nil when they are not; `each`'s failure is kept apart: the lines
        // it took are not taken twice).
        var failure: DataError?
        let whole: Int? = try? StreamingPageDecoder.parsed(batch.text[...], preview: [], nil) { list throws(DataError) -> Int? in
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
}
