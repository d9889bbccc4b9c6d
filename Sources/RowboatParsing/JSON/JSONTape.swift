import CSimdJSON
import Synchronization
import RowboatSpec

/// JSON parsed by simdjson (through the CSimdJSON shim) and read in place:
/// the parser writes one 64-bit word per value on its tape, and
/// `JSONTapeNode`s are indices into it. Nothing is copied into a tree, so a
/// page is mapped straight from the parser's buffers.
///
/// Parsers keep their buffers between documents; a small pool lends them
/// out, so concurrent decodes each have their own.
public enum JSONTape {
    /// Why a body could not be parsed.
    public enum Failure: Error, Equatable {
        /// Nested deeper than `JSONDepthLimit.maxDepth`.
        case tooDeep
        /// Not one well-formed JSON value; simdjson's explanation.
        case invalid(String)
        /// Too large for the parser (over 4 GB), or memory ran out.
        case capacity
        /// A number longer than `JSONTapeNode.textLimit` characters.
        case numberTooLong
    }

    /// Parses `bytes` and hands the root to `body`; the nodes are valid only
    /// inside it. Containers nest at most `JSONDepthLimit.maxDepth` deep,
    /// and every number is exact: the shim reads a document with a number
    /// a double or a 64-bit integer would change a second time, keeping
    /// such numbers as their text (see include/rowboat_simdjson.h).
    /// `exactPath` takes that second reader alone (for tests).
    public static func withDocument<R, E: Error>(
        _ bytes: ArraySlice<UInt8>, exactPath: Bool = false, _ body: (JSONTapeNode) throws(E) -> R
    ) throws(ParseOr<E>) -> R {
        let parser = ParserPool.shared.take()
        defer { ParserPool.shared.give(parser) }
        var document = rb_json_document()
        var message: UnsafePointer<CChar>?
        let code = bytes.withUnsafeBufferPointer { buffer in
            let start = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
            return exactPath ? rb_json_parse_exact(parser.pointer, start, buffer.count, &document, &message)
                : rb_json_parse(parser.pointer, start, buffer.count, 0, &document, &message)
        }
        switch Int(code) {
        case Int(RB_JSON_OK): break
        case Int(RB_JSON_TOO_DEEP): throw .parse(.tooDeep)
        case Int(RB_JSON_CAPACITY): throw .parse(.capacity)
        case Int(RB_JSON_NUMBER_TOO_LONG): throw .parse(.numberTooLong)
        default: throw .parse(.invalid(message.map { String(cString: $0) } ?? "invalid JSON"))
        }
        // Word 0 is the root marker; the document's value follows it.
        let root = JSONTapeNode(tape: document.tape, strings: document.strings, index: 1)
        do {
            return try body(root)
        } catch {
            throw .body(error)
        }
    }

    /// A parse failure, or the error the body threw.
    public enum ParseOr<E: Error>: Error {
        case parse(Failure)
        case body(E)
    }

    /// `bytes` parsed into a tree.
    public static func tree(_ bytes: ArraySlice<UInt8>, exactPath: Bool = false) throws(Failure) -> JSONValue {
        do {
            return try withDocument(bytes, exactPath: exactPath) { (root: JSONTapeNode) throws(Never) in root.tree }
        } catch {
            switch error {
            case .parse(let failure): throw failure
            }
        }
    }

    /// One simdjson parser, freed with its box.
    final class Parser: @unchecked Sendable {
        // Used by one thread at a time: the pool lends it out whole.
        let pointer: OpaquePointer

        init() {
            // simdjson counts a scalar in the deepest container as a level:
            // one more here, and the shim's walk of the tape holds the limit.
            guard let made = rb_json_parser_new(JSONDepthLimit.maxDepth + 1) else {
                fatalError("out of memory creating a JSON parser")
            }
            pointer = made
        }

        /// Bytes its buffers take.
        var capacity: Int { rb_json_parser_capacity(pointer) }

        deinit { rb_json_parser_free(pointer) }
    }

    /// Idle parsers, so their buffers are reused. A parser that grew past
    /// `keptCapacity` (a huge body) is dropped rather than kept idle.
    final class ParserPool: Sendable {
        static let shared = ParserPool()
        static let keptCapacity = 8 << 20
        static let keptParsers = 4

        private let idle = Mutex<[Parser]>([])

        func take() -> Parser {
            idle.withLock { $0.popLast() } ?? Parser()
        }

        func give(_ parser: Parser) {
            guard parser.capacity <= Self.keptCapacity else { return }
            idle.withLock { parsers in
                if parsers.count < Self.keptParsers { parsers.append(parser) }
            }
        }
    }
}

/// One value on a simdjson tape (see `JSONTape`): valid while its document is.
public struct JSONTapeNode: JSONNode {
    /// The longest string `scalar` reads (1 MiB): a longer one reads as
    /// its start, cut at a character. Every text is shown capped at
    /// `Sanitizer.defaultLimit` characters, far below this.
    public static let textLimit = Int(RB_JSON_TEXT_LIMIT)

    let tape: UnsafePointer<UInt64>
    let strings: UnsafePointer<UInt8>
    let index: Int

    /// simdjson's type character for this value.
    var type: UInt8 { rb_tape_type(tape, index) }

    public var isNull: Bool { type == UInt8(ascii: "n") }
    public var isArray: Bool { type == UInt8(ascii: "[") }
    public var isObject: Bool { type == UInt8(ascii: "{") }

    func node(_ at: Int) -> JSONTapeNode { JSONTapeNode(tape: tape, strings: strings, index: at) }

    /// The bytes of a string value (escapes decoded); nil for other kinds.
    public var stringBytes: UnsafeBufferPointer<UInt8>? {
        guard type == UInt8(ascii: "\"") else { return nil }
        return UnsafeBufferPointer(start: rb_tape_string_bytes(tape, strings, index),
                                   count: Int(rb_tape_string_length(tape, strings, index)))
    }

    /// Calls `body` with each member's key bytes and value, in document
    /// order (repeated keys included); stops when it returns false.
    public func forEachMember(_ body: (UnsafeBufferPointer<UInt8>, JSONTapeNode) -> Bool) {
        guard isObject else { return }
        let end = rb_tape_after_container(tape, index) - 1   // the closing brace
        var at = index + 1
        while at < end {
            let key = node(at).stringBytes!
            let value = node(at + 1)
            if !body(key, value) { return }
            at = rb_tape_after(tape, at + 1)
        }
    }

    public func forEachMemberBytes(_ body: (UnsafeBufferPointer<UInt8>, JSONTapeNode) -> Void) -> Bool {
        guard isObject else { return false }
        forEachMember { key, value in
            body(key, value)
            return true
        }
        return true
    }

    public func withStringBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        stringBytes.map(body)
    }

    /// Calls `body` with each element of an array in order.
    public func forEachElement(_ body: (JSONTapeNode) throws -> Void) rethrows {
        guard isArray else { return }
        let end = rb_tape_after_container(tape, index) - 1
        var at = index + 1
        while at < end {
            try body(node(at))
            at = rb_tape_after(tape, at)
        }
    }

    /// Elements of an array (counted when simdjson's count saturated).
    public var count: Int {
        guard isArray || isObject else { return 0 }
        let saturated = Int(rb_tape_scope_count(tape, index))
        guard saturated == 0xFFFFFF else { return saturated }
        var n = 0
        if isArray { forEachElement { _ in n += 1 } } else { forEachMember { _, _ in n += 1; return true } }
        return n
    }

    public func member(_ key: String) -> JSONTapeNode? {
        var key = key
        return key.withUTF8 { wanted in
            var found: JSONTapeNode?
            forEachMember { name, value in
                if name.count == wanted.count, name.elementsEqual(wanted) { found = value }
                return true
            }
            return found
        }
    }

    public func element(_ index: Int) -> JSONTapeNode? {
        guard isArray else { return nil }
        var at = index
        if at < 0 { at += count }
        guard at >= 0 else { return nil }
        var i = 0
        var found: JSONTapeNode?
        let end = rb_tape_after_container(tape, self.index) - 1
        var position = self.index + 1
        while position < end {
            if i == at { found = node(position); break }
            i += 1
            position = rb_tape_after(tape, position)
        }
        return found
    }

    public var elements: [JSONTapeNode]? {
        guard isArray else { return nil }
        var out: [JSONTapeNode] = []
        out.reserveCapacity(min(count, 1 << 20))
        forEachElement { out.append($0) }
        return out
    }

    public var orderedMembers: [(key: String, value: JSONTapeNode)]? {
        guard isObject else { return nil }
        var out: [(key: String, value: JSONTapeNode)] = []
        var place: [String: Int] = [:]
        forEachMember { name, value in
            let key = String(decoding: name, as: UTF8.self)
            if let at = place[key] {
                out[at].value = value
            } else {
                place[key] = out.count
                out.append((key, value))
            }
            return true
        }
        return out
    }

    public var memberKeys: [String]? { orderedMembers?.map(\.key) }

    /// Without repeated keys (each key's hash is noted once, so a keyed
    /// list of a million items costs eight bytes an item here) the members
    /// go out as the tape holds them; with one, through `orderedMembers`.
    public func forEachOrderedMember(_ body: (String, JSONTapeNode) -> Bool) -> Bool {
        guard isObject else { return false }
        var hashes = Set<UInt64>(minimumCapacity: min(count, 1 << 24))
        var repeated = false
        forEachMember { name, _ in
            repeated = !hashes.insert(FNV1a.hash(name)).inserted
            return !repeated
        }
        hashes = []
        if repeated {
            for (key, value) in orderedMembers! where !body(key, value) { break }
        } else {
            forEachMember { name, value in body(String(decoding: name, as: UTF8.self), value) }
        }
        return true
    }

    /// The text of a number the shim kept as written ('N'); nil for other kinds.
    var numberTextBytes: UnsafeBufferPointer<UInt8>? {
        guard type == UInt8(ascii: "N") else { return nil }
        return UnsafeBufferPointer(start: rb_tape_string_bytes(tape, strings, index),
                                   count: Int(rb_tape_string_length(tape, strings, index)))
    }

    public var scalar: JSONValue? {
        switch type {
        case UInt8(ascii: "\""): return .string(Self.text(stringBytes!))
        case UInt8(ascii: "l"): return .int(Int64(bitPattern: rb_tape_number_bits(tape, index)))
        case UInt8(ascii: "u"):
            // Past Int64 (the shim writes 'u' for 2^63 up to 2^64 - 1): its digits.
            let value = rb_tape_number_bits(tape, index)
            return Int64(exactly: value).map(JSONValue.int) ?? .numberText(String(value))
        case UInt8(ascii: "N"): return .numberText(String(decoding: numberTextBytes!, as: UTF8.self))
        case UInt8(ascii: "d"):
            return JSONValue.decimal(Double(bitPattern: rb_tape_number_bits(tape, index)))
        case UInt8(ascii: "t"): return .bool(true)
        case UInt8(ascii: "f"): return .bool(false)
        case UInt8(ascii: "n"): return .null
        default: return nil
        }
    }

    /// `scalar`, with a string whole however long it is: the server's
    /// text for a value handed on (`FieldSpec.keepsServerText`).
    public var wholeScalar: JSONValue? {
        guard type == UInt8(ascii: "\""), let bytes = stringBytes else { return scalar }
        return .string(String(decoding: bytes, as: UTF8.self))
    }

    /// A string's bytes as text, cut at `textLimit` bytes (at the start
    /// of a character).
    static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count > textLimit else { return String(decoding: bytes, as: UTF8.self) }
        var end = textLimit
        while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
    }

    public var tree: JSONValue {
        if let scalar { return scalar }
        if isArray {
            var out: [JSONValue] = []
            forEachElement { out.append($0.tree) }
            return .array(out)
        }
        var out: [String: JSONValue] = [:]
        forEachMember { name, value in
            out[String(decoding: name, as: UTF8.self)] = value.tree
            return true
        }
        return .object(out)
    }
}
