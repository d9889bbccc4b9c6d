import Synchronization
import CSimdJSON
import Foundation
import RowboatSpec

/// Writes list elements from simdjson's tape straight into row bytes: the
/// bytes `RowBytes.write` makes of `RowModelBuilder.row` of the element's
/// `Item`, without making the `Item` or the `RowModel` — what a streamed
/// body of a million items otherwise spends most of its time on. Text
/// that is clean as it stands is copied from the tape; whole numbers,
/// money and dates are written as text into the row; every other value
/// takes the Item path's rules (`TapeItemMapper.value`) and is written
/// from its `FieldValue`. Both paths write the same bytes for every input
/// (`TapeRowWriterTests`, and `FuzzMapping` compares them). A class:
/// decoders share it.
public final class TapeRowWriter: Sendable {
    let mapper: TapeItemMapper
    let builder: RowModelBuilder
    /// The shape of every row written (shape number 0).
    package let shape: RowShape
    /// Per name (`builder.names`): how its value is shown — plain values,
    /// read without copying (and retaining) a struct per field of a row.
    let relative: [Bool]
    /// A relative date's window in days; nil: the default.
    let days: [Int?]
    /// Money's text for the name's currency.
    let money: [MoneyText]
    /// Per name: it keeps the server's text (never cleaned), and where the
    /// field it keeps the text of is (`RowModelBuilder.Look`).
    let exact: [Bool], shows: [Int?]
    /// Where the id, title, subtitle, image and link are in the names.
    let idAt: Int?, titleAt: Int?, subtitleAt: Int?, imageAt: Int?, linkAt: Int?
    /// The mapper's names are the builder's: false, and every row takes
    /// the Item path (a mapping this writer was not made for).
    let direct: Bool
    /// The copies of this writer that write parts of a chunk on other cores
    /// (`partWriter`), made when first needed.
    let partWriters = Mutex<[TapeRowWriter]>([])

    /// Money as `RowModelBuilder` writes it for one currency: by its
    /// template when one was learned (a class: one reference a field).
    final class MoneyText: Sendable {
        let formatter: MoneyFormatter
        let currency: String?
        let template: MoneyTemplate?

        init(_ formatter: MoneyFormatter, currency: String?) {
            self.formatter = formatter
            self.currency = currency
            template = formatter.template(currency)
        }

        /// `formatter.string(amount, currency:)`, appended to `text`.
        func write(_ amount: Double, into text: inout ByteRoom) {
            if let template, template.write(amount, { text.append($0) }) { return }
            var money = formatter.string(amount, currency: currency)
            money.withUTF8 { text.append($0) }
        }
    }

    public init(mapper: TapeItemMapper, builder: RowModelBuilder) {
        self.mapper = mapper
        self.builder = builder
        shape = RowShape(names: builder.names, fieldOrder: builder.shownNames)
        relative = builder.looks.map(\.relative)
        days = builder.looks.map { $0.relativeDays == FieldSpec.defaultRelativeDays ? nil : $0.relativeDays }
        money = builder.looks.map { MoneyText(builder.money, currency: $0.currency) }
        exact = builder.looks.map(\.exact)
        shows = builder.looks.map(\.shows)
        let names = builder.names
        idAt = names.firstIndex(of: "id")
        titleAt = names.firstIndex(of: "title")
        subtitleAt = names.firstIndex(of: "subtitle")
        imageAt = names.firstIndex(of: "image")
        linkAt = names.firstIndex(of: "link")
        direct = mapper.mapper.names == names
    }

    /// Rows of this writer's shape, none yet.
    public func rows() -> WrittenRows { WrittenRows(shape: shape) }

    /// What one element's value is, while its row is written.
    enum Cell {
        case value(FieldValue)
        /// Text copied from the tape as it stands (`TapeItemMapper.isPlain`).
        case plain(UnsafeBufferPointer<UInt8>)
    }

    /// Writes the rows of one batch of elements (`write`), with room reused
    /// from row to row; `body` gets it for the batch only.
    public func batch<R>(_ body: (inout Batch) throws(DataError) -> R) throws(DataError) -> R {
        var batch = Batch(writer: self)
        defer {
            batch.free()
            // The jq machines this thread used go back to their programs' pools.
            for field in mapper.jqFields { field.program.threadDone() }
        }
        return try body(&batch)
    }

    /// One batch's room: the cells of the element being written, its texts
    /// and its row, in buffers kept from row to row.
    public struct Batch {
        let writer: TapeRowWriter
        let cells: UnsafeMutableBufferPointer<Cell>
        /// Per name: where its display text is in `text` (lower -1: a relative date).
        let shown: UnsafeMutableBufferPointer<(Int, Int)>
        var text: ByteRoom
        var row: ByteRoom

        init(writer: TapeRowWriter) {
            self.writer = writer
            let names = writer.builder.names.count
            cells = .allocate(capacity: Swift.max(1, names))
            cells.initialize(repeating: .value(.missing))
            shown = .allocate(capacity: Swift.max(1, names))
            text = ByteRoom(capacity: 4096)
            row = ByteRoom(capacity: 4096)
        }

        mutating func free() {
            cells.deinitialize().deallocate()
            shown.deallocate()
            text.free()
            row.free()
        }

        /// Writes `element` (list position `index`) as the last row of
        /// `rows`. Fails as `TapeItemMapper.map` does (a missing id), and
        /// then writes nothing.
        public mutating func write(_ element: ListElement<JSONTapeNode>, index: Int,
                                   into rows: inout WrittenRows) throws(DataError) {
            guard writer.direct else { return try writer.writeByItem(element, index: index, into: &rows) }
            let mapper = writer.mapper, cells = self.cells
            for at in cells.indices { cells[at] = .value(.missing) }
            try mapper.located(element) { found in
                for (i, field) in mapper.fields.enumerated() {
                    if let at = mapper.tapeIndex(of: field, in: element, found: found), at != 0 {
                        let node = element.value.node(at)
                        let type = node.type
                        if field.type == .text, type == UInt8(ascii: "\""), let bytes = node.stringBytes, mapper.isPlain(bytes) {
                            cells[field.slot] = .plain(bytes)
                            continue
                        }
                        if field.type == .text || field.type == .int, type == UInt8(ascii: "l") {
                            // Its digits either way (`.text(String(n))` for a text field).
                            cells[field.slot] = .value(.int(Int64(bitPattern: rb_tape_number_bits(node.tape, node.index))))
                            continue
                        }
                    }
                    cells[field.slot] = .value(mapper.value(i, of: element, found: found))
                }
            }
            if let idAt = writer.idAt, case .value(.missing) = cells[idAt] {
                // The Item path names where the id was looked for.
                return try writer.writeByItem(element, index: index, into: &rows)
            }
            writeRow(index: index, into: &rows)
        }

        /// The row of `cells` (`RowModelBuilder.row`, then `RowBytes.write`).
        mutating func writeRow(index: Int, into rows: inout WrittenRows) {
            let writer = self.writer, cells = self.cells, shown = self.shown
            text.count = 0
            var title: (Int, Int)?, subtitle: (Int, Int)?
            for at in cells.indices {
                switch cells[at] {
                case .value(.date) where writer.relative[at]:
                    shown[at] = (-1, -1)
                case .value(.money(let amount)):
                    let start = text.count
                    writer.money[at].write(amount, into: &text)
                    shown[at] = settle(from: start)
                default:
                    if writer.exact[at] {
                        shown[at] = exactText(cells[at])
                        continue
                    }
                    let range = plainText(cells[at])
                    if at == writer.titleAt { title = range }
                    if at == writer.subtitleAt { subtitle = range }
                    shown[at] = range
                }
            }
            // A title or subtitle shown as money or a relative date: its plain text.
            if let titleAt = writer.titleAt, title == nil { title = plainText(cells[titleAt]) }
            if let subtitleAt = writer.subtitleAt, subtitle == nil { subtitle = plainText(cells[subtitleAt]) }
            // The id as the server wrote it, whole.
            let id = writer.idAt.map { exactText(cells[$0]) } ?? plainText(.value(.int(Int64(index))))
            let image = writer.imageAt.flatMap { url(cells[$0]) }
            let link = writer.linkAt.flatMap { url(cells[$0]) }

            // The row: at most its texts, a length and a tag for each, and a date's 18 bytes a field.
            row.count = 0
            row.reserve(text.count + 32 * (cells.count + 6))
            let base = text.base
            func put(_ range: (Int, Int)) {
                row.number(UInt64(range.1 - range.0))
                row.append(UnsafeBufferPointer(start: base + range.0, count: range.1 - range.0))
            }
            func same(_ a: (Int, Int), _ b: (Int, Int)) -> Bool {
                a.1 - a.0 == b.1 - b.0 && (a.0 == b.0 || memcmp(base + a.0, base + b.0, a.1 - a.0) == 0)
            }
            // An exact text that is the same as its field's shown text is
            // left empty ("as shown").
            for at in cells.indices where writer.exact[at] {
                if let shows = writer.shows[at], shown[shows].0 >= 0, same(shown[at], shown[shows]) {
                    shown[at] = (shown[at].0, shown[at].0)
                }
            }
            let empty = (0, 0)
            let titleText = title ?? empty, subtitleText = subtitle ?? empty
            row.byte(0) // shape 0
            row.byte((image != nil ? RowBytes.Flag.image : 0) | (link != nil ? RowBytes.Flag.link : 0))
            put(id)
            put(titleText)
            put(subtitleText)
            if let image { put(image) }
            if let link { put(link) }
            let searchable = writer.shape.searchable
            for at in cells.indices {
                let range = shown[at]
                if range.0 < 0 {
                    guard case .value(.date(let t)) = cells[at] else { continue }
                    let days = writer.days[at]
                    row.byte(days == nil ? RowBytes.Tag.date : RowBytes.Tag.dateWithin)
                    row.double(t)
                    if let days { row.number(UInt64(bitPattern: Int64(days) << 1 ^ Int64(days) >> 63)) }
                } else if same(range, titleText) {
                    row.byte(RowBytes.Tag.title)
                } else if same(range, subtitleText) {
                    row.byte(RowBytes.Tag.subtitle)
                } else if same(range, id) && !searchable[at] {
                    row.byte(RowBytes.Tag.id)
                } else {
                    row.byte(RowBytes.Tag.text)
                    put(range)
                }
            }
            rows.append(row: UnsafeBufferPointer(start: row.base, count: row.count))
        }

        /// The cell's text as the server wrote it (never cleaned or cut),
        /// appended to `text`.
        mutating func exactText(_ cell: Cell) -> (Int, Int) {
            let start = text.count
            switch cell {
            case .plain(let bytes): text.append(bytes)
            case .value(.missing): break
            case .value(.int(let n)): text.decimal(n)
            case .value(.text(var s)), .value(.numberText(var s)): s.withUTF8 { text.append($0) }
            case .value(let value):
                var plain = value.plainText
                plain.withUTF8 { text.append($0) }
            }
            return (start, text.count)
        }

        /// `Sanitizer.clean(cell's plain text, limit:)`, appended to `text`.
        mutating func plainText(_ cell: Cell, limit: Int = Sanitizer.defaultLimit) -> (Int, Int) {
            let start = text.count
            switch cell {
            case .plain(let bytes):
                // Judged clean already (`isPlain`): only the limit and secrets are left.
                text.append(bytes)
                return settle(from: start, limit: limit, judged: true)
            case .value(.missing): return (start, start)
            case .value(.int(let n)):
                // Digits (and a sign): nothing for the sanitizer.
                text.decimal(n)
                return settle(from: start, limit: limit, judged: true)
            case .value(.date(let t)):
                // Digits and dashes, or "?".
                ValueFormatter.isoDate(t) { text.append($0) }
                return settle(from: start, limit: limit, judged: true)
            case .value(.text(var s)), .value(.numberText(var s)): s.withUTF8 { text.append($0) }
            case .value(let value):
                var plain = value.plainText
                plain.withUTF8 { text.append($0) }
            }
            return settle(from: start, limit: limit)
        }

        /// A URL field's text (`RowModelBuilder`: cleaned to 2,048), nil when empty.
        mutating func url(_ cell: Cell) -> (Int, Int)? {
            let range = plainText(cell, limit: 2048)
            return range.1 > range.0 ? range : nil
        }

        /// Makes the text appended from `start` what `Sanitizer.clean(_:limit:)`
        /// makes of it: as it is when it is clean (nothing to sanitize, within
        /// the limit, no secret in it), else cleaned as a string.
        /// (`judged`: the text is known to need nothing of the sanitizer.)
        mutating func settle(from start: Int, limit: Int = Sanitizer.defaultLimit, judged: Bool = false) -> (Int, Int) {
            let bytes = UnsafeBufferPointer(start: text.base + start, count: text.count - start)
            if bytes.count <= limit, judged || TextBytes.need(bytes) == .nothing, !Secrets.appear(inUTF8: bytes) {
                return (start, text.count)
            }
            var cleaned = Sanitizer.clean(String(decoding: bytes, as: UTF8.self), limit: limit)
            text.count = start
            cleaned.withUTF8 { text.append($0) }
            return (start, text.count)
        }
    }

    /// The row by the Item path: what this writer's rows must equal.
    func writeByItem(_ element: ListElement<JSONTapeNode>, index: Int, into rows: inout WrittenRows) throws(DataError) {
        let row = builder.row(for: try mapper.map(element, index: index))
        rows.append(row)
    }
}

/// Bytes written by hand into memory of our own (no array's checks per
/// byte): a row writer's text and row, kept for a batch of rows.
struct ByteRoom {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    var count = 0

    init(capacity: Int) {
        base = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    func free() { base.deallocate() }

    /// Room for `more` bytes past `count`.
    @inline(__always)
    mutating func reserve(_ more: Int) {
        guard count + more > capacity else { return }
        var grown = capacity * 2
        while grown < count + more { grown *= 2 }
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = grown
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        reserve(1)
        base[count] = value
        count += 1
    }

    /// `value` as LEB128 (`RowBytes.writeNumber`).
    @inline(__always)
    mutating func number(_ value: UInt64) {
        reserve(10)
        var value = value
        while value >= 0x80 {
            base[count] = UInt8(truncatingIfNeeded: value) | 0x80
            count += 1
            value >>= 7
        }
        base[count] = UInt8(value)
        count += 1
    }

    /// `value`'s bits, low byte first (`RowBytes.writeDouble`).
    @inline(__always)
    mutating func double(_ value: Double) {
        reserve(8)
        UnsafeMutableRawPointer(base + count).storeBytes(of: value.bitPattern.littleEndian, as: UInt64.self)
        count += 8
    }

    /// `n`'s decimal digits, as `String(n)` writes them.
    mutating func decimal(_ n: Int64) {
        reserve(20)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var magnitude = n.magnitude, at = 20
            repeat {
                at -= 1
                digits[at] = UInt8(truncatingIfNeeded: magnitude % 10) + 48
                magnitude /= 10
            } while magnitude > 0
            if n < 0 {
                at -= 1
                digits[at] = UInt8(ascii: "-")
            }
            (base + count).update(from: digits.baseAddress! + at, count: 20 - at)
            count += 20 - at
        }
    }
}
