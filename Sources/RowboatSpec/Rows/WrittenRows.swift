/// Rows written as `RowBytes` away from the list — a streamed body's part,
/// written by its decoder straight from the body (`TapeRowWriter`) — into
/// pages that a `RowTable` adopts as they are: their bytes are written
/// once, here, and never copied on their way into the list.
public struct WrittenRows: Sendable {
    /// The pages the rows are written in, in order.
    package private(set) var pages: [RowPage] = []
    /// Where each row starts: its page (high 32 bits) and offset (`RowTable`'s refs).
    package private(set) var refs: [UInt64] = []
    /// The shape of every row (the rows are written with shape number 0).
    package let shape: RowShape

    /// The room of the first page written; each next page has twice its
    /// page's, up to `largestPage` (a part's rows take a few pages, and
    /// the last is given back what it does not use: `seal`).
    static let firstPage = 16 << 10
    package static let largestPage = 1 << 20

    package init(shape: RowShape) {
        self.shape = shape
    }

    /// How many rows.
    public var count: Int { refs.count }

    public var isEmpty: Bool { refs.isEmpty }

    /// Appends one row's bytes.
    package mutating func append(row data: UnsafeBufferPointer<UInt8>) {
        // Through the array's buffer, and the page borrowed where it is:
        // it is not retained and released a row.
        let last = pages.count - 1
        let at = last < 0 ? nil : pages.withUnsafeMutableBufferPointer { pages in
            isKnownUniquelyReferenced(&pages[last])
                ? Unmanaged.passUnretained(pages[last])._withUnsafeGuaranteedRef { $0.append(data) } : nil
        }
        if let at {
            refs.append(UInt64(last) << 32 | UInt64(at))
            return
        }
        let room = Swift.min(Self.largestPage, Swift.max(Self.firstPage, 2 * (pages.last?.capacity ?? 0)))
        seal()   // the page before takes no more rows
        let page = RowPage(capacity: Swift.max(room, data.count))
        _ = page.append(data)
        pages.append(page)
        refs.append(UInt64(pages.count - 1) << 32)
    }

    /// Appends `row` as `RowBytes` (shape number 0).
    package mutating func append(_ row: RowModel) {
        var bytes: [UInt8] = []
        RowBytes.write(row, shape: 0, searchable: shape.searchable, into: &bytes)
        bytes.withUnsafeBufferPointer { append(row: $0) }
    }

    /// Gives the last page's unused room back: call it once the rows are
    /// all written (more may still be appended; they start a new page).
    package mutating func seal() {
        guard let last = pages.indices.last, isKnownUniquelyReferenced(&pages[last]) else { return }
        pages[last].shrinkToFit()
    }

    /// Row `i`'s bytes.
    package func row(_ i: Int) -> UnsafeBufferPointer<UInt8> {
        let page = Int(refs[i] >> 32), at = Int(refs[i] & 0xFFFF_FFFF)
        // Rows are written one after another: a row ends where the next
        // on its page starts, or at its page's end.
        var end = pages[page].count
        if i + 1 < refs.count, Int(refs[i + 1] >> 32) == page { end = Int(refs[i + 1] & 0xFFFF_FFFF) }
        return UnsafeBufferPointer(rebasing: pages[page].bytes[at..<end])
    }
}

extension WrittenRows {
    /// Takes `other`'s rows (of the same shape) after these: its pages
    /// join these, no byte copied.
    package mutating func append(_ other: WrittenRows) {
        guard !other.isEmpty else { return }
        if isEmpty {
            pages = other.pages
            refs = other.refs
            return
        }
        seal()
        let offset = UInt64(pages.count) << 32
        pages += other.pages
        refs.reserveCapacity(refs.count + other.refs.count)
        for ref in other.refs { refs.append(ref + offset) }
    }
}

extension WrittenRows: Equatable {
    /// The same shape and the same rows, byte for byte (however paged).
    public static func == (a: WrittenRows, b: WrittenRows) -> Bool {
        a.shape == b.shape && a.count == b.count && a.refs.indices.allSatisfy { a.row($0).elementsEqual(b.row($0)) }
    }
}
