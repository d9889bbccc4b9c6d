import CSimdJSON
import Foundation
import RowboatJQ
import RowboatSpec

/// An `ItemMapping` compiled once per endpoint for simdjson's tape: each
/// element's members are walked once, each member's key looked up in a
/// small hash table of the fields' keys, and values are coerced from the
/// tape. Text with nothing to
/// trim, too long to be a null string and without `&` becomes a `String`
/// with one copy (printable ASCII skips the sanitizer too); defaults are
/// coerced once, here. Anything off those fast paths (other kinds, nested
/// paths, entities, short strings) goes through `ItemMapper`'s rules, so
/// both paths map alike. A class: decoders share it without copying.
public final class TapeItemMapper: Sendable {
    /// The rules, for everything off the fast paths.
    public let mapper: ItemMapper
    /// One per field, in mapping order.
    let fields: [Field]
    /// The keys of one-key paths, each once, back to back.
    let keyBytes: [UInt8]
    /// Key `k` is `keyBytes[keys[k]]`.
    let keys: [Range<Int>]
    /// Open addressing by `bucket(of:)`: key number + 1, 0 for free.
    let table: [Int]
    /// Field `i`'s slot is `i` (no field name repeats).
    let slotsInOrder: Bool
    /// The mapping's null strings as UTF-8.
    let nullStrings: [[UInt8]]

    /// A field as compiled (plain data: copied per field of every item
    /// with no reference counted; its default is in `fallbacks`).
    struct Field: Sendable {
        /// Where its value goes in the item's values (`ItemMapper.names`).
        var slot: Int
        var type: FieldType
        /// For a one-key path: the key's number (see `keys`), else -1.
        var key: Int
        /// The path is `$key` (in a keyed list: the element's key).
        var readsKey: Bool
        /// It keeps the server's text (`FieldSpec.keepsServerText`): `ItemMapper`'s rule.
        var serverText: Bool
        /// A jq field's plan (see `jqFields`), else -1.
        var jq: Int = -1
    }

    /// Field `i`'s default, coerced to its type (nil: none, or it does not fit).
    let fallbacks: [FieldValue?]

    /// A `{jq:}` field whose expression reads named members only: its
    /// input is made from where `locate` found them (`TapeJQ`).
    let jqFields: [TapeJQ]

    /// (`ownPrograms`: its `{jq:}` fields' expressions compiled again, for
    /// a mapper that shares no object with the mapping's: `TapeRowWriter.partWriter`.)
    public init(mapping: ItemMapping, ownPrograms: Bool = false) {
        let mapper = ItemMapper(mapping: mapping)
        var keyBytes: [UInt8] = [], keys: [Range<Int>] = [], names: [String] = []
        var jqFields: [TapeJQ] = []
        /// Key `key`'s number, added when new.
        func number(of key: String) -> Int {
            if let known = names.firstIndex(of: key) { return known }
            let start = keyBytes.count
            keyBytes += Array(key.utf8)
            keys.append(start..<keyBytes.count)
            names.append(key)
            return keys.count - 1
        }
        fields = mapping.fields.enumerated().map { i, spec in
            var field = Field(slot: mapper.slots[i], type: spec.type, key: -1, readsKey: spec.readsKey,
                              serverText: spec.keepsServerText)
            if let shared = spec.computed?.expression as? JQProgram, let members = shared.memberNames {
                let program = ownPrograms ? JQProgram(copying: shared) : shared
                jqFields.append(TapeJQ(program: program, keys: members.map(number)))
                field.jq = jqFields.count - 1
            } else if spec.computed == nil, spec.path.steps.count == 1, case .key(let key) = spec.path.steps[0] {
                field.key = number(of: key)
            }
            return field
        }
        self.jqFields = jqFields
        fallbacks = mapping.fields.map { spec in spec.defaultValue.flatMap { mapper.coerce(.string($0), to: spec) } }
        var size = 8
        while size < keys.count * 2 { size *= 2 }
        var table = [Int](repeating: 0, count: size)
        for (k, range) in keys.enumerated() {
            var bucket = keyBytes.withUnsafeBufferPointer { Self.bucket(of: UnsafeBufferPointer(rebasing: $0[range]), size) }
            while table[bucket] != 0 { bucket = (bucket + 1) & (size - 1) }
            table[bucket] = k + 1
        }
        self.mapper = mapper
        self.keyBytes = keyBytes
        self.keys = keys
        self.table = table
        slotsInOrder = mapper.slots == Array(mapper.slots.indices)
        nullStrings = mapper.nullStrings.map { Array($0.utf8) }
    }

    /// A key's first bucket in a table of `size` (a power of two): from
    /// its length and three of its bytes, enough to tell apart the few
    /// keys of one mapping.
    @inline(__always)
    static func bucket(of key: UnsafeBufferPointer<UInt8>, _ size: Int) -> Int {
        guard let first = key.first else { return 0 }
        var hash = UInt(key.count) &* 0x9E37_79B9
        hash = (hash ^ UInt(first)) &* 0x0100_0193
        hash = (hash ^ UInt(key[key.count / 2])) &* 0x0100_0193
        hash = (hash ^ UInt(key[key.count - 1])) &* 0x0100_0193
        return Int(truncatingIfNeeded: hash ^ (hash >> 16)) & (size - 1)
    }

    /// Maps one list element, as `ItemMapper.map` does.
    /// The items of `elements`, the first at list position `first`.
    func map(_ elements: [ListElement<JSONTapeNode>], first: Int) throws(DataError) -> [Item] {
        var items: [Item] = []
        items.reserveCapacity(elements.count)
        for (offset, element) in elements.enumerated() { items.append(try map(element, index: first + offset)) }
        return items
    }

    public func map(_ element: ListElement<JSONTapeNode>, index: Int) throws(DataError) -> Item {
        try located(element) { found throws(DataError) in
            // One value per field in field order: the item's values when
            // no name repeats (slots 0, 1, 2, …), else placed by slot.
            var values: [FieldValue] = []
            values.reserveCapacity(fields.count)
            for i in fields.indices { values.append(value(i, of: element, found: found)) }
            if !slotsInOrder {
                var placed = [FieldValue](repeating: .missing, count: mapper.names.count)
                for (i, field) in fields.enumerated() { placed[field.slot] = values[i] }
                values = placed
            }
            return try mapper.item(values: values, element: element, index: index)
        }
    }

    /// `body` given where each key's value is in `element` (`found[k]`: the
    /// tape index of key k's value, 0 when absent — index 0 is the root
    /// word, never a member's value).
    @inline(__always)
    func located<R>(_ element: ListElement<JSONTapeNode>,
                    _ body: (UnsafeMutableBufferPointer<Int>) throws(DataError) -> R) throws(DataError) -> R {
        try withUnsafeTemporaryAllocation(of: Int.self, capacity: keys.count) { found throws(DataError) in
            found.initialize(repeating: 0)
            if element.value.isObject, !keys.isEmpty { locate(in: element.value, into: found) }
            return try body(found)
        }
    }

    /// Field `i`'s value in `element`, whose keys are `found`: coerced from
    /// the tape, its default, or `.missing`.
    @inline(__always)
    func value(_ i: Int, of element: ListElement<JSONTapeNode>, found: UnsafeMutableBufferPointer<Int>) -> FieldValue {
        let field = fields[i]
        if field.jq >= 0, element.value.isObject {
            return jqFields[field.jq].value(of: element.value, found: found, field: field, spec: i, mapper: self)
        }
        if let at = tapeIndex(of: field, in: element, found: found) {
            guard at != 0 else { return fallbacks[i] ?? .missing }
            let node = element.value.node(at)
            let coerced = field.serverText ? mapper.coerce(node.wholeScalar ?? .array([]), to: mapper.mapping.fields[i])
                : coerce(node, to: field.type)
            return coerced ?? fallbacks[i] ?? .missing
        }
        return mapper.value(for: mapper.mapping.fields[i], in: element.value, key: element.key)
    }

    /// Where `field`'s one key's value is (0: absent); nil when the field
    /// is read by `ItemMapper`'s rules (a longer path, or the element's key).
    @inline(__always)
    func tapeIndex(of field: Field, in element: ListElement<JSONTapeNode>, found: UnsafeMutableBufferPointer<Int>) -> Int? {
        field.key >= 0 && !(field.readsKey && element.key != nil) ? found[field.key] : nil
    }

    /// Walks `object`'s members once and notes where each key's value is
    /// (the last one when a key repeats, as `member` reads it).
    func locate(in object: JSONTapeNode, into found: UnsafeMutableBufferPointer<Int>) {
        let mask = table.count - 1
        keyBytes.withUnsafeBufferPointer { bytes in
            table.withUnsafeBufferPointer { table in
                object.forEachMember { name, value in
                    var bucket = Self.bucket(of: name, table.count)
                    while table[bucket] != 0 {
                        let k = table[bucket] - 1
                        let key = keys[k]
                        if key.count == name.count, Self.same(bytes.baseAddress! + key.lowerBound, name.baseAddress!, name.count) {
                            found[k] = value.index
                            break
                        }
                        bucket = (bucket + 1) & mask
                    }
                    return true
                }
            }
        }
    }

    /// True when `count` bytes at `a` and `b` are the same: keys are short,
    /// so a few (overlapping) word compares, never a read past either end.
    @inline(__always)
    static func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let a = UnsafeRawPointer(a), b = UnsafeRawPointer(b)
        func word<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) -> Bool {
            a.loadUnaligned(fromByteOffset: offset, as: type) == b.loadUnaligned(fromByteOffset: offset, as: type)
        }
        switch count {
        case 0: return true
        case 1...3: return (0..<count).allSatisfy { word(UInt8.self, at: $0) }
        case 4...8: return word(UInt32.self, at: 0) && word(UInt32.self, at: count - 4)
        default:
            var at = 0
            while at + 8 < count {
                if !word(UInt64.self, at: at) { return false }
                at += 8
            }
            return word(UInt64.self, at: count - 8)
        }
    }

    /// `ItemMapper.coerce` of the value at `node`, with the fast paths.
    func coerce(_ node: JSONTapeNode, to type: FieldType) -> FieldValue? {
        switch node.type {
        case UInt8(ascii: "\"") where type == .text:
            if let text = plainText(node.stringBytes!) { return .text(text) }
        case UInt8(ascii: "l") where type == .text:
            return .text(String(Int64(bitPattern: rb_tape_number_bits(node.tape, node.index))))
        case UInt8(ascii: "l") where type == .int:
            return .int(Int64(bitPattern: rb_tape_number_bits(node.tape, node.index)))
        case UInt8(ascii: "l"), UInt8(ascii: "d"):
            // As `ItemMapper.number` reads them: an integral double is an
            // integer first (so -0.0 is 0), every double is finite.
            let bits = rb_tape_number_bits(node.tape, node.index)
            if type == .number, node.type == UInt8(ascii: "l"), Double(exactly: Int64(bitPattern: bits)) == nil {
                // Past 2^53 a double would change it: its digits, as `ItemMapper` keeps them.
                return .numberText(String(Int64(bitPattern: bits)))
            }
            let number = node.type == UInt8(ascii: "l") ? Double(Int64(bitPattern: bits))
                : Double(bitPattern: bits) == 0 ? 0 : Double(bitPattern: bits)
            switch type {
            case .number: return .number(number)
            case .money: return .money(number)
            case .dateSeconds: return .date(number)
            case .dateMillis: return .date(number / 1000)
            default: break
            }
        default:
            break
        }
        return mapper.coerce(node.scalar ?? .array([]), to: type)
    }

    /// A text field's value from a string's bytes when they are on the
    /// fast path (nil: take `ItemMapper.coerce`): not empty, not a null
    /// string, nothing to trim at either end, no `&` (no entities to
    /// decode); sanitized only when `TextBytes` says it may need it.
    func plainText(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard !bytes.isEmpty, bytes.count <= Sanitizer.defaultLimit else { return nil }
        let need = TextBytes.need(bytes)
        if need == .entities { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        func trimmed(_ byte: UInt8, _ scalar: @autoclosure () -> Unicode.Scalar) -> Bool {
            byte < 0x80 ? byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") : scalar().isTrimmedWhitespace
        }
        if trimmed(bytes.first!, text.unicodeScalars.first!) || trimmed(bytes.last!, text.unicodeScalars.last!) {
            return nil
        }
        // Nothing to trim: a null string is the text itself.
        if isNullString(bytes) { return nil }
        return need == .nothing ? text : Sanitizer.clean(text)
    }

    /// True when `bytes` are the text of a text field as they stand (what
    /// `plainText` would return unchanged), found without making a string:
    /// not empty, within the sanitizer's limit, nothing to sanitize or
    /// decode, no space at either end, ASCII at both ends, not a null string.
    @inline(__always)
    func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last, bytes.count <= Sanitizer.defaultLimit,
              first < 0x80, last < 0x80, first != UInt8(ascii: " "), first != UInt8(ascii: "\t"),
              last != UInt8(ascii: " "), last != UInt8(ascii: "\t") else { return false }
        return TextBytes.need(bytes) == .nothing && !isNullString(bytes)
    }

    /// True when `bytes` (trimmed) are one of the mapping's null strings,
    /// compared as bytes (no string made).
    @inline(__always)
    func isNullString(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count <= mapper.maxNullStringBytes, let base = bytes.baseAddress else { return false }
        if nullStrings.contains(where: { $0.count == bytes.count && memcmp($0, base, bytes.count) == 0 }) { return true }
        // Non-ASCII text may be a null string in another normal form.
        return bytes.contains { $0 >= 0x80 } && mapper.nullStrings.contains(String(decoding: bytes, as: UTF8.self))
    }
}
