/// A row written as bytes for `RowTable` (RowboatCore reads them back:
/// `RowBytes+Read`), here where both the table and the decoders that write
/// rows straight from a body (`TapeRowWriter`) reach it.
///
/// Layout: the shape's number (LEB128), a flags byte, then the id, title and
/// subtitle (each a LEB128 length and UTF-8), the image and link URLs when
/// the flags say so, then one value per field of the shape: a tag byte and
/// its payload. A field whose text is the title, subtitle or id is only a
/// tag, so the demo's rows keep each text once.
package enum RowBytes {
    package enum Flag {
        @inlinable package static var image: UInt8 { 1 }
        @inlinable package static var link: UInt8 { 2 }
    }

    package enum Tag {
        @inlinable package static var text: UInt8 { 0 }
        @inlinable package static var title: UInt8 { 1 }
        @inlinable package static var subtitle: UInt8 { 2 }
        @inlinable package static var id: UInt8 { 3 }
        /// A relative date with the default window: 8 bytes of `Double`.
        @inlinable package static var date: UInt8 { 4 }
        /// A relative date and its window in days (zigzag LEB128).
        @inlinable package static var dateWithin: UInt8 { 5 }
    }

    /// Appends `row` (whose field names are shape `shape`) to `out`.
    package static func write(_ row: RowModel, shape: Int, searchable: [Bool], into out: inout [UInt8]) {
        writeNumber(UInt64(shape), into: &out)
        let flags: UInt8 = (row.imageURL != nil ? Flag.image : 0) | (row.linkURL != nil ? Flag.link : 0)
        out.append(flags)
        writeText(row.id, into: &out)
        writeText(row.title, into: &out)
        writeText(row.subtitle, into: &out)
        if let image = row.imageURL { writeText(image, into: &out) }
        if let link = row.linkURL { writeText(link, into: &out) }
        for (at, value) in row.fields.values.enumerated() {
            switch value {
            case .text(let s):
                // Byte for byte (`==` would take canonically equal text for the same).
                if s.utf8.elementsEqual(row.title.utf8) { out.append(Tag.title) }
                else if s.utf8.elementsEqual(row.subtitle.utf8) { out.append(Tag.subtitle) }
                else if s.utf8.elementsEqual(row.id.utf8) && !(searchable.indices.contains(at) && searchable[at]) {
                    out.append(Tag.id)
                }
                else {
                    out.append(Tag.text)
                    writeText(s, into: &out)
                }
            case .relativeDate(let t, nil):
                out.append(Tag.date)
                writeDouble(t, into: &out)
            case .relativeDate(let t, let days?):
                out.append(Tag.dateWithin)
                writeDouble(t, into: &out)
                writeNumber(UInt64(bitPattern: Int64(days) << 1 ^ Int64(days) >> 63), into: &out)
            }
        }
    }

    // MARK: writing

    /// Writes `text` with its length.
    @inlinable
    package static func writeText(_ text: String, into out: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            writeNumber(UInt64(utf8.count), into: &out)
            out.append(contentsOf: utf8)
        }
    }

    @inlinable
    package static func writeNumber(_ value: UInt64, into out: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        out.append(UInt8(value))
    }

    @inlinable
    package static func writeDouble(_ value: Double, into out: inout [UInt8]) {
        var bits = value.bitPattern
        for _ in 0..<8 {
            out.append(UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
    }
}

/// The field names a group of rows share (rows of one mapping have one
/// shape), and which of their fields `/` searches.
package struct RowShape: Sendable, Hashable {
    package let names: [String]
    package let fieldOrder: [String]
    /// `searchable[i]`: field `names[i]` is searched (it is in `fieldOrder`).
    package let searchable: [Bool]

    package init(names: [String], fieldOrder: [String]) {
        self.names = names
        self.fieldOrder = fieldOrder
        searchable = names == fieldOrder ? names.map { _ in true } : names.map(fieldOrder.contains)
    }

    package static func == (a: RowShape, b: RowShape) -> Bool { a.names == b.names && a.fieldOrder == b.fieldOrder }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(names)
        hasher.combine(fieldOrder)
    }
}
