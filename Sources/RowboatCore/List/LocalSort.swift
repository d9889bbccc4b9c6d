import Foundation
import RowboatSpec

/// A sort of the loaded rows by one field, done here rather than by the
/// server: what the columns panel's sort sets. The rows' places are put
/// in order (`RowTable.reorder`: 8 bytes a row move, never the rows), the
/// selection stays on its item, and rows that come later (more pages, a
/// live refresh, an action's answer) are merged into the order.
///
/// How values compare (`SortKind`, from the field's type):
/// - numbers and money as numbers, dates as moments, booleans false first;
/// - text in the user's collation (`TextCollation`);
/// - in a typed column, a value that is not of its type (text in a number
///   column) comes after the typed ones, as text; an empty or missing
///   value comes last — in both directions;
/// - equal values keep the order they had (a stable sort), so sorting
///   again, or the other way, never shuffles ties.
public struct LocalSort: Sendable, Equatable {
    public var field: String
    /// The column's title (the status bar names it).
    public var title: String
    public var descending: Bool
    public var kind: SortKind
    public var collation: TextCollation
    /// How the field's values are computed when it is an expression
    /// column (`ComputedColumn`); nil: read where they lie.
    public var computed: ComputedColumn?

    public init(field: String, title: String, descending: Bool = false, kind: SortKind = .auto,
                collation: TextCollation = .codePoint, computed: ComputedColumn? = nil) {
        self.field = field
        self.title = title
        self.descending = descending
        self.kind = kind
        self.collation = collation
        self.computed = computed
    }

    /// The arrow the header and status bar show.
    public var arrow: String { descending ? "↓" : "↑" }

    /// Sorting this many rows at once rather than merging them one by one.
    static let mergeLimitShare = 4

    /// The order of every row of `rows`: `order[i]` is the row that goes
    /// to place `i`. Equal keys keep their current order.
    public func order(of rows: RowTable) -> [Int32] {
        var keys = SortKeys(kind: kind, collation: collation, cells: FieldCells(rows, field: field, computed: computed))
        keys.fill(rows)
        return keys.sortFilled(descending: descending)
    }

    /// The order of `rows` with the rows `moving` (ascending indices)
    /// taken out of the sorted rest and put where they belong: rows a page
    /// added at the end, or rows whose values changed. A moving row goes
    /// after the rows equal to it. Nil when it is as cheap to sort all.
    public func order(of rows: RowTable, moving: [Int]) -> [Int32]? {
        let staying = rows.count - moving.count
        guard !moving.isEmpty, moving.count * Self.mergeLimitShare <= staying else { return nil }
        var keys = SortKeys(kind: kind, collation: collation, cells: FieldCells(rows, field: field, computed: computed))
        for row in moving { keys.add(rows, row) }
        let movingSet = Set(moving)
        var rest: [Int32] = []
        rest.reserveCapacity(staying)
        for row in rows.indices where !movingSet.contains(row) { rest.append(Int32(row)) }
        let descending = self.descending
        // The moving rows among themselves (key index k is moving[k]).
        let sortedMoving = moving.indices.sorted { a, b in
            let c = keys.compare(a, b, descending: descending)
            return c != 0 ? c < 0 : a < b
        }
        // Where each goes in the rest: after the last row not greater.
        var probed: [Int32: Int] = [:]
        func key(_ row: Int32) -> Int {
            if let known = probed[row] { return known }
            let index = keys.add(rows, Int(row))
            probed[row] = index
            return index
        }
        var order: [Int32] = []
        order.reserveCapacity(rows.count)
        var low = 0
        for k in sortedMoving {
            var lo = low, hi = rest.count
            while lo < hi {
                let mid = (lo + hi) / 2
                let probe = key(rest[mid])
                if keys.compare(probe, k, descending: descending) <= 0 { lo = mid + 1 } else { hi = mid }
            }
            order += rest[low..<lo]
            order.append(Int32(moving[k]))
            low = lo
        }
        order += rest[low...]
        return order
    }
}

/// How a column's values compare in a local sort (from the field's type;
/// `auto` reads each value: a number compares as a number, else as text).
public enum SortKind: String, Sendable, Equatable {
    case text, number, money, date, bool, auto

    /// The kind for a mapped field's type.
    public init(_ type: FieldType) {
        switch type {
        case .text, .html: self = .text
        case .int, .number: self = .number
        case .money: self = .money
        case .bool: self = .bool
        case .dateSeconds, .dateMillis, .dateISO8601: self = .date
        }
    }
}

/// The sort keys of some rows, each made once: a class (a value of the
/// column's type, other text, empty), and a value — the number, or for
/// text the first 8 bytes of its collation key, the rest of which is kept
/// apart — in flat arrays (a million rows take a few arrays, not a
/// million). Keys are added one by one (`add`, a merge's few), or made for
/// every row of a table at once (`fill`: the rows read page by page, each
/// key written as a sort's `Entry` where the last one was; a column of
/// numbers takes 16 bytes a row).
struct SortKeys {
    /// The order of classes: typed values, then text, then empty.
    enum Class: UInt8 { case value = 0, text = 1, empty = 2 }

    let kind: SortKind
    let collation: TextCollation
    let cells: FieldCells
    var classes: [UInt8] = []
    /// A value's number (its bits), or a text key's first 8 bytes, big-endian.
    var values: [UInt64] = []
    /// Text key `i`'s bytes are `bytes[starts[i]..<(starts[i] + lengths[i])]`;
    /// `fill` makes these only once a text key comes.
    var starts: [Int] = []
    var lengths: [UInt32] = []
    var bytes: [UInt8] = []
    /// Every row's key as a sort moves it, in the order the rows lie in
    /// the pages (`fill`), and the span of each class's values.
    var entries: [Entry] = []
    var spans = KeySpans()

    init(kind: SortKind, collation: TextCollation, cells: FieldCells) {
        self.kind = kind
        self.collation = collation
        self.cells = cells
    }

    /// Makes the key of row `row` of `rows`; returns its index.
    @discardableResult
    mutating func add(_ rows: RowTable, _ row: Int) -> Int {
        classes.append(0)
        values.append(0)
        starts.append(0)
        lengths.append(0)
        let (page, at) = rows.location(of: row)
        let index = classes.count - 1, start = bytes.count
        let (cls, value) = Self.key(page, at: at, cells: cells, kind: kind, collation: collation, into: &bytes)
        classes[index] = cls.rawValue
        values[index] = value
        starts[index] = start
        lengths[index] = UInt32(bytes.count - start)
        return index
    }

    /// Makes the key of every row of `rows` (`entries`, and text keys'
    /// bytes by row). The rows are read page by page (`StorageOrder`), not
    /// in their order: under a sort, that order is a random walk through
    /// the pages. Each key is written after the last one (written at its
    /// row's place, each was a miss in 90 MB of keys). Many rows are split
    /// over the processors by pages, each part's text keys written apart
    /// and joined after.
    mutating func fill(_ rows: RowTable) {
        let count = rows.count
        entries = [Entry](repeating: Entry(value: 0, row: 0, cls: 0), count: count)
        starts = []
        lengths = []
        bytes = []
        let pages = rows.pages.map(\.bytes)
        let order = rows.refs.withUnsafeBufferPointer { StorageOrder($0, pageCount: pages.count) }
        let runs = order.split(Cores.parts(for: count, from: Self.parallelFrom))
        let texts = UnsafeMutableBufferPointer<TextKeys>.allocate(capacity: runs.count)
        texts.initialize(repeating: TextKeys())
        let partSpans = UnsafeMutableBufferPointer<KeySpans>.allocate(capacity: runs.count)
        partSpans.initialize(repeating: KeySpans())
        defer {
            texts.deinitialize().deallocate()
            partSpans.deinitialize().deallocate()
        }
        let (kind, collation, cells) = (self.kind, self.collation, self.cells)
        entries.withUnsafeMutableBufferPointer { entries in
            let out = FillTargets(entries: entries, texts: texts, spans: partSpans, pages: pages, cells: cells)
            DispatchQueue.concurrentPerform(iterations: runs.count) { part in
                var text = TextKeys()
                var spans = KeySpans()
                let cells = out.cells
                var next = order.starts[runs[part].lowerBound]
                order.forEach(pages: runs[part]) { row, page, at in
                    let start = text.bytes.count
                    let (cls, key) = Self.key(out.pages[page], at: at, cells: cells, kind: kind, collation: collation,
                                              into: &text.bytes)
                    let value = cls == .value ? Self.ordered(Double(bitPattern: key)) : key
                    out.entries[next] = Entry(value: value, row: Int32(row), cls: cls.rawValue)
                    next += 1
                    spans.add(cls.rawValue, value)
                    if cls == .text {
                        text.keys.append(TextKey(row: Int32(row), start: start, length: UInt32(text.bytes.count - start)))
                    }
                }
                out.texts[part] = text
                out.spans[part] = spans
            }
        }
        spans = partSpans.reduce(KeySpans()) { $0.joined($1) }
        guard texts.contains(where: { !$0.keys.isEmpty }) else { return }
        putInRowOrder(parts: runs.count)
        starts = [Int](repeating: 0, count: count)
        lengths = [UInt32](repeating: 0, count: count)
        for text in texts {
            let base = bytes.count
            bytes += text.bytes
            for key in text.keys {
                starts[Int(key.row)] = base + key.start
                lengths[Int(key.row)] = key.length
            }
        }
    }

    /// The entries moved to their rows' places, on `parts` processors. For
    /// text keys: a sort finds text alike in its first 8 bytes in the
    /// rows' order, which is often the order sought or its reverse (the
    /// same column sorted the other way), and then a run it takes whole.
    private mutating func putInRowOrder(parts: Int) {
        let count = entries.count
        var byRow = [Entry](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
        entries.withUnsafeBufferPointer { entries in
            byRow.withUnsafeMutableBufferPointer { byRow in
                let move = EntryMove(from: entries, to: byRow)
                DispatchQueue.concurrentPerform(iterations: parts) { part in
                    for k in Cores.stretch(part, of: parts, in: count) {
                        move.to[Int(move.from[k].row)] = move.from[k]
                    }
                }
            }
        }
        entries = byRow
    }

    /// Entries `putInRowOrder`'s parts read and write (each row once).
    struct EntryMove: @unchecked Sendable {
        let from: UnsafeBufferPointer<Entry>
        let to: UnsafeMutableBufferPointer<Entry>
    }

    /// Rows from which `fill` splits its work over the processors.
    static let parallelFrom = 65_536

    /// A part's text keys: each row's collation key in `bytes`.
    struct TextKey { var row: Int32; var start: Int; var length: UInt32 }
    struct TextKeys { var keys: [TextKey] = []; var bytes: [UInt8] = [] }

    /// Where the parts of `fill` write: each its own stretch of entries, its own text and spans.
    struct FillTargets: @unchecked Sendable {
        let entries: UnsafeMutableBufferPointer<Entry>
        let texts: UnsafeMutableBufferPointer<TextKeys>
        let spans: UnsafeMutableBufferPointer<KeySpans>
        let pages: [UnsafeBufferPointer<UInt8>]
        let cells: FieldCells
    }

    /// The key of the row at `at` of `page`: its class and value (a
    /// number's bits, a text key's first 8 bytes, big-endian); a text's
    /// whole collation key is added to `bytes`.
    @inline(__always)
    static func key(_ page: UnsafeBufferPointer<UInt8>, at: Int, cells: FieldCells, kind: SortKind,
                    collation: TextCollation, into bytes: inout [UInt8]) -> (Class, UInt64) {
        let start = bytes.count
        let (cls, number) = cells.withCell(page, at: at, shape: RowBytes.shape(page, at: at)) { cell -> (Class, Double) in
            switch cell {
            case .missing:
                return (.empty, 0)
            case .date(let t):
                return (.value, t)
            case .text(let utf8):
                if utf8.isEmpty { return (.empty, 0) }
                if let value = SortValue.parse(utf8, kind: kind) { return (.value, value) }
                collation.appendKey(utf8, to: &bytes)
                return (.text, 0)
            }
        }
        guard cls == .text else { return (cls, number.bitPattern) }
        var prefix: UInt64 = 0
        for k in 0..<8 {
            prefix <<= 8
            if start + k < bytes.count { prefix |= UInt64(bytes[start + k]) }
        }
        return (cls, prefix)
    }

    /// -1, 0 or 1: key `a` before, with or after key `b` (`descending`
    /// turns values and texts around; empty stays last).
    func compare(_ a: Int, _ b: Int, descending: Bool) -> Int {
        withTables { $0.compare(a, b, descending: descending) }
    }

    /// The keys as buffers, for a sort's many comparisons.
    func withTables<R>(_ body: (Tables) -> R) -> R {
        classes.withUnsafeBufferPointer { classes in
            values.withUnsafeBufferPointer { values in
                starts.withUnsafeBufferPointer { starts in
                    lengths.withUnsafeBufferPointer { lengths in
                        bytes.withUnsafeBufferPointer { bytes in
                            body(Tables(classes: classes, values: values, starts: starts, lengths: lengths, bytes: bytes))
                        }
                    }
                }
            }
        }
    }

    struct Tables {
        let classes: UnsafeBufferPointer<UInt8>
        let values: UnsafeBufferPointer<UInt64>
        let starts: UnsafeBufferPointer<Int>
        let lengths: UnsafeBufferPointer<UInt32>
        let bytes: UnsafeBufferPointer<UInt8>

        @inline(__always)
        func compare(_ a: Int, _ b: Int, descending: Bool) -> Int {
            let ca = classes[a], cb = classes[b]
            if ca != cb { return ca < cb ? -1 : 1 }
            let c: Int
            switch ca {
            case Class.value.rawValue:
                let x = Double(bitPattern: values[a]), y = Double(bitPattern: values[b])
                c = x < y ? -1 : x > y ? 1 : 0
            case Class.text.rawValue:
                c = text(a, b)
            default:
                return 0
            }
            return descending ? -c : c
        }

        @inline(__always)
        func text(_ a: Int, _ b: Int) -> Int {
            let pa = values[a], pb = values[b]
            if pa != pb { return pa < pb ? -1 : 1 }
            return textAfterPrefix(a, b)
        }
    }
}
