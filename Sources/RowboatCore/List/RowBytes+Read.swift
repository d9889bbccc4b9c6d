import RowboatSpec

/// Reading the rows `RowBytes` writes: a whole row, or one part of it
/// where it lies.
extension RowBytes {
    /// `Tag`'s values as constants of this module, for the loops that read
    /// every row (search, sort keys, filters): `RowboatSpec`'s getters
    /// would be a call each, across modules. `RowBytesTests` checks that
    /// they are `Tag`'s.
    enum ReadTag {
        static let text: UInt8 = 0
        static let title: UInt8 = 1
        static let subtitle: UInt8 = 2
        static let id: UInt8 = 3
        static let date: UInt8 = 4
        static let dateWithin: UInt8 = 5
    }

    /// `Flag`'s values as constants of this module (see `ReadTag`).
    enum ReadFlag {
        static let image: UInt8 = 1
        static let link: UInt8 = 2
    }

    /// Reads the row at `at` back.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, at: Int, shapes: [RowShape]) -> RowModel {
        var reader = Reader(bytes: bytes, at: at)
        let shape = shapes[Int(reader.number())]
        let flags = reader.byte()
        let id = reader.text()
        let title = reader.text()
        let subtitle = reader.text()
        let image = flags & ReadFlag.image != 0 ? reader.text() : nil
        let link = flags & ReadFlag.link != 0 ? reader.text() : nil
        var values: [CellText] = []
        values.reserveCapacity(shape.names.count)
        for _ in shape.names.indices {
            switch reader.byte() {
            case ReadTag.title: values.append(.text(title))
            case ReadTag.subtitle: values.append(.text(subtitle))
            case ReadTag.id: values.append(.text(id))
            case ReadTag.date: values.append(.relativeDate(reader.double()))
            case ReadTag.dateWithin:
                let t = reader.double()
                let zigzag = Int64(bitPattern: reader.number())
                values.append(.relativeDate(t, withinDays: Int(zigzag >> 1 ^ -(zigzag & 1))))
            default: values.append(.text(reader.text()))
            }
        }
        return RowModel(id: id, title: title, subtitle: subtitle, imageURL: image, linkURL: link,
                        fields: RowFields(names: shape.names, values: values), fieldOrder: shape.fieldOrder)
    }

    /// The id of the row at `at`, as bytes.
    static func id(_ bytes: UnsafeBufferPointer<UInt8>, at: Int) -> UnsafeBufferPointer<UInt8> {
        var reader = Reader(bytes: bytes, at: at)
        _ = reader.number()
        _ = reader.byte()
        return reader.textBytes()
    }

    /// Where the title of the row at `at` starts (its length first): the
    /// parts before it (shape, flags, id) are never searched.
    @inline(__always)
    static func titleStart(_ bytes: UnsafeBufferPointer<UInt8>, row at: Int) -> Int {
        var reader = Reader(bytes: bytes, at: at)
        _ = reader.number()
        reader.at += 1
        _ = reader.textBytes()
        return reader.at
    }

    /// The image URL of the row at `at`, read without the rest of the row.
    static func imageURL(_ bytes: UnsafeBufferPointer<UInt8>, at: Int) -> String? {
        var reader = Reader(bytes: bytes, at: at)
        _ = reader.number()
        guard reader.byte() & ReadFlag.image != 0 else { return nil }
        for _ in 0..<3 { _ = reader.textBytes() }
        return reader.text()
    }

    /// The number of bytes of the row at `at`.
    static func length(_ bytes: UnsafeBufferPointer<UInt8>, at: Int, shapes: [RowShape]) -> Int {
        end(bytes, row: at) { shapes[$0].names.count } - at
    }

    /// Where the row at `at` ends; `fields(s)`: how many fields shape
    /// `s` has.
    @inline(__always)
    static func end(_ bytes: UnsafeBufferPointer<UInt8>, row at: Int, fields: (Int) -> Int) -> Int {
        var reader = Reader(bytes: bytes, at: at)
        let shape = Int(reader.number())
        let flags = reader.byte()
        for _ in 0..<(3 + (flags & ReadFlag.image != 0 ? 1 : 0) + (flags & ReadFlag.link != 0 ? 1 : 0)) {
            _ = reader.textBytes()
        }
        for _ in 0..<fields(shape) { reader.skipValue() }
        return reader.at
    }

    /// True when the title, subtitle or a searched text field of the row
    /// at `at` contains `needle` (`SearchNeedle.found`). Shape `s`'s
    /// fields are searched where `searched[shapeStarts[s] + field]`.
    @inline(__always)
    static func contains(_ needle: SearchNeedle.Bytes, _ bytes: UnsafeBufferPointer<UInt8>, at: Int,
                         searched: UnsafeBufferPointer<Bool>, shapeStarts: UnsafeBufferPointer<Int>) -> Bool {
        var reader = Reader(bytes: bytes, at: at)
        /// The needle in the next text, whose last bytes may be read a word at a time with the page's bytes after it.
        func found(_ reader: inout Reader) -> Bool {
            let count = Int(reader.number()), start = reader.at
            reader.at += count
            return needle.found(utf8: UnsafeBufferPointer(rebasing: bytes[start..<(start + count)]),
                                readable: bytes.count - start)
        }
        let shape = Int(reader.number())
        let flags = reader.byte()
        _ = reader.textBytes()
        if found(&reader) { return true }
        if found(&reader) { return true }
        if flags & ReadFlag.image != 0 { _ = reader.textBytes() }
        if flags & ReadFlag.link != 0 { _ = reader.textBytes() }
        let first = shapeStarts[shape]
        let end = shape + 1 < shapeStarts.count ? shapeStarts[shape + 1] : searched.count
        for field in first..<end {
            if searched[field] && reader.peek() == ReadTag.text {
                reader.at += 1
                if found(&reader) { return true }
            } else {
                reader.skipValue()
            }
        }
        return false
    }

    /// What the needle at `place` (where its first bytes matched) is to
    /// the row at `at`: a match or an unsure one when it lies in the
    /// title, subtitle or a searched text field (as `contains` searches
    /// them); otherwise none, and the next place past the part it fell in
    /// (`Int.max` past the row's end).
    static func hit(_ needle: SearchNeedle.Bytes, at place: Int, row at: Int, _ bytes: UnsafeBufferPointer<UInt8>,
                    searched: UnsafeBufferPointer<Bool>, shapeStarts: UnsafeBufferPointer<Int>) -> SearchHit {
        var reader = Reader(bytes: bytes, at: at)
        /// The hit in the next text when `place` lies in it or its length; nil when past it.
        func text(_ reader: inout Reader) -> SearchHit? {
            let count = Int(reader.number()), start = reader.at
            reader.at += count
            if place < start { return .none(resume: start) }
            if place < reader.at { return SearchNeedle.hit(needle.bytes, at: place, in: start..<reader.at, bytes) }
            return nil
        }
        let shape = Int(reader.number())
        let flags = reader.byte()
        _ = reader.textBytes()
        if place < reader.at { return .none(resume: reader.at) }
        if let hit = text(&reader) { return hit }
        if let hit = text(&reader) { return hit }
        if flags & ReadFlag.image != 0 { _ = reader.textBytes() }
        if flags & ReadFlag.link != 0 { _ = reader.textBytes() }
        if place < reader.at { return .none(resume: reader.at) }
        let first = shapeStarts[shape]
        let end = shape + 1 < shapeStarts.count ? shapeStarts[shape + 1] : searched.count
        for field in first..<end {
            if searched[field] && reader.peek() == ReadTag.text {
                reader.at += 1
                if let hit = text(&reader) { return hit }
            } else {
                reader.skipValue()
                if place < reader.at { return .none(resume: reader.at) }
            }
        }
        return .none(resume: .max)
    }

    /// Reads a row's parts in order.
    struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var at: Int

        @inline(__always)
        mutating func byte() -> UInt8 {
            defer { at += 1 }
            return bytes[at]
        }

        @inline(__always)
        func peek() -> UInt8 { bytes[at] }

        @inline(__always)
        mutating func number() -> UInt64 {
            let first = bytes[at]
            if first < 0x80 {
                at += 1
                return UInt64(first)
            }
            var value: UInt64 = 0, shift: UInt64 = 0
            while true {
                let b = byte()
                value |= UInt64(b & 0x7F) << shift
                if b < 0x80 { return value }
                shift += 7
            }
        }

        @inline(__always)
        mutating func textBytes() -> UnsafeBufferPointer<UInt8> {
            let count = Int(number())
            defer { at += count }
            return UnsafeBufferPointer(rebasing: bytes[at..<(at + count)])
        }

        mutating func text() -> String { String(decoding: textBytes(), as: UTF8.self) }

        mutating func double() -> Double {
            var bits: UInt64 = 0
            for k in 0..<8 { bits |= UInt64(bytes[at + k]) << (8 * UInt64(k)) }
            at += 8
            return Double(bitPattern: bits)
        }

        @inline(__always)
        mutating func skipValue() {
            switch byte() {
            case ReadTag.text: _ = textBytes()
            case ReadTag.date: at += 8
            case ReadTag.dateWithin:
                at += 8
                _ = number()
            default: break
            }
        }
    }
}
