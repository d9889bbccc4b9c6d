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

    /// What takes the elements of one scanned text, and the first one's
    /// position (the rest follow it).
    typealias Each = ([ListElement<JSONTapeNode>], Int) throws(DataError) -> Void

    /// The items of `scanned`.
    public mutating func items(_ scanned: StreamingPageDecoder.Scanned?) throws(DataError) -> [Item] {
        var items: [Item] = []
        let mapper = decoder.tapeMapper
        try map(scanned) { elements, first throws(DataError) in items += try mapper.map(elements, first: first) }
        return items
    }

    /// The rows of the items of `scanned`, written by `writer` at the end
    /// of `rows` (on up to `cores` cores when they are many: `TapeRowWriter.write(_:first:into:cores:)`).
    public mutating func write(_ scanned: StreamingPageDecoder.Scanned?, writer: TapeRowWriter,
                               into rows: inout WrittenRows, cores: Int = TapeRowWriter.cores) throws(DataError) {
        try map(scanned) { elements, first throws(DataError) in
            try writer.write(elements, first: first, into: &rows, cores: cores)
        }
    }

    /// The feed as it is after `scanned`, without parsing it: its elements
    /// counted as the scanner counted them, an NDJSON batch's last line
    /// kept. A writer on another core then writes `scanned` from a copy
    /// taken before, while the text after it is started from this one.
    public mutating func pass(over scanned: StreamingPageDecoder.Scanned) {
        itemCount += scanned.count
        if case .lines(let batch) = scanned, let (range, _) = batch.lines.last { lastLine = Array(batch.text[range]) }
    }

    /// Hands the elements of `scanned` to `each`.
    mutating func map(_ scanned: StreamingPageDecoder.Scanned?, _ each: Each) throws(DataError) {
        switch scanned {
        case .elements(let text, _): try map(elements: text, each)
        case .lines(let batch): try map(lines: batch, each)
        case nil: break
        }
    }

    /// Hands the elements of one `[…]` (or, keyed, `{…}`) text from the
    /// scanner to `each`, all at once.
    mutating func map(elements: [UInt8], _ each: Each) throws(DataError) {
        let first = itemCount
        let listPath = decoder.endpoint.response.listPath, at = listPath.description
        let count = try StreamingPageDecoder.parsed(elements[...], preview: elements, nil) { list throws(DataError) in
            var found: [ListElement<JSONTapeNode>] = []
            found.reserveCapacity(list.count)
            if list.isObject {
                _ = list.forEachOrderedMember { key, value in
                    found.append(ListElement(value: value, key: key, in: listPath))
                    return true
                }
            } else {
                list.forEachElement { node in found.append(ListElement(value: node, at: at, position: first + found.count)) }
            }
            try each(found, first)
            return found.count
        }
        itemCount += count
    }

    /// Hands the lines of one batch of NDJSON lines to `each`; a line that
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
            var found: [ListElement<JSONTapeNode>] = []
            found.reserveCapacity(batch.lines.count)
            list.forEachElement { node in found.append(ListElement(value: node, at: "", position: first + found.count)) }
            do throws(DataError) {
                try each(found, first)
            } catch {
                failure = error
            }
            return found.count
        }
        if let failure { throw failure }
        var count = whole ?? 0
        if whole == nil {
            // Line by line, to name the first bad one (or the mapping error).
            for (range, number) in batch.lines {
                let line = batch.text[range]
                try PageDecoder.parsedLine(line, number: number, contentType: contentType) { node throws(DataError) in
                    try each([ListElement(value: node, at: "", position: first + count)], first + count)
                }
                count += 1
            }
        }
        if let (range, _) = batch.lines.last { lastLine = Array(batch.text[range]) }
        itemCount += count
    }
}
