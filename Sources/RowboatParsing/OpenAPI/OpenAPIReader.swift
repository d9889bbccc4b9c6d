import CLibYAML
import Foundation
import RowboatSpec

/// Reads an OpenAPI document's bytes (JSON or YAML) into an `OpenAPINode`,
/// within bounds that hold whatever the bytes are: at most `maxBytes`, at
/// most `maxValues` values with every YAML alias expanded (an alias bomb
/// stops at the bound, in milliseconds: aliases are counted as they come,
/// each anchor's size known when its node ends), and containers at most
/// `maxDepth` deep. JSON is read with simdjson; YAML with libyaml's events,
/// plain scalars resolved as YAML 1.2's core schema does (`true`, `null`,
/// `12`, `1.5`; quoted ones stay text). Every failure is one line.
public enum OpenAPIReader {
    /// Larger than the largest real documents (GitHub's is about 11 MB).
    public static let maxBytes = 24 << 20
    /// Values with aliases expanded: a 5 MB document has a few hundred thousand.
    public static let maxValues = 4_000_000
    public static let maxDepth = 256

    public static func read(_ bytes: [UInt8], name: String) throws(OpenAPIError) -> OpenAPINode {
        guard bytes.count <= maxBytes else {
            throw OpenAPIError("\(name) is \(ByteSize.human(bytes.count)); an OpenAPI document may be at most "
                               + "\(ByteSize.human(maxBytes))")
        }
        var text = bytes[...]
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        let first = text.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            return try json(text, name: name)
        }
        guard !text.contains(0) else { throw OpenAPIError("\(name) is neither JSON nor YAML text (it holds NUL bytes)") }
        return try yaml(Array(text), name: name)
    }

    static func json(_ bytes: ArraySlice<UInt8>, name: String) throws(OpenAPIError) -> OpenAPINode {
        do {
            return try JSONTape.withDocument(bytes) { (root: JSONTapeNode) throws(OpenAPIError) in
                var budget = maxValues
                return try node(root, budget: &budget, name: name)
            }
        } catch {
            switch error {
            case .body(let e): throw e
            case .parse(let failure):
                switch failure {
                case .tooDeep: throw OpenAPIError("\(name): JSON nested deeper than \(JSONDepthLimit.maxDepth) levels")
                case .invalid(let why): throw OpenAPIError("\(name) is not valid JSON (\(why))")
                default: throw OpenAPIError("\(name) is not valid JSON (\(failure))")
                }
            }
        }
    }

    static func node(_ n: JSONTapeNode, budget: inout Int, name: String) throws(OpenAPIError) -> OpenAPINode {
        budget -= 1
        guard budget >= 0 else { throw tooMany(name) }
        if n.isArray {
            var out: [OpenAPINode] = []
            var failure: OpenAPIError?
            n.forEachElement { element in
                guard failure == nil else { return }
                do { out.append(try node(element, budget: &budget, name: name)) } catch { failure = error as? OpenAPIError ?? tooMany(name) }
            }
            if let failure { throw failure }
            return .array(out)
        }
        if n.isObject {
            var out = OpenAPIObject()
            var failure: OpenAPIError?
            _ = n.forEachOrderedMember { key, value in
                do { out[key] = try node(value, budget: &budget, name: name) } catch { failure = error as? OpenAPIError ?? tooMany(name); return false }
                return true
            }
            if let failure { throw failure }
            return .object(out)
        }
        switch n.scalar {
        case .string(let s)?: return .string(s)
        case .bool(let b)?: return .bool(b)
        case .null?, nil: return .null
        case let other?: return .number(other.scalarText ?? "0")
        }
    }

    static func tooMany(_ name: String) -> OpenAPIError {
        OpenAPIError("\(name) holds more than \(maxValues) values (with YAML aliases expanded); refused")
    }

    // MARK: YAML

    /// One open container while the events are read.
    struct Frame {
        var anchor: String?
        var isMapping: Bool
        var items: [OpenAPINode] = []
        var object = OpenAPIObject()
        var pendingKey: String?
        /// Values inside, aliases expanded (for an anchor's size).
        var size = 1
    }

    static func yaml(_ bytes: [UInt8], name: String) throws(OpenAPIError) -> OpenAPINode {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { throw OpenAPIError("\(name): the YAML reader could not start") }
        defer { yaml_parser_delete(&parser) }
        var input = bytes
        return try input.withUnsafeMutableBufferPointer { (buffer) throws(OpenAPIError) -> OpenAPINode in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var total = 0
            var stack: [Frame] = []
            var anchors: [String: (node: OpenAPINode, size: Int)] = [:]
            var root: OpenAPINode?
            func anchorName(_ p: UnsafeMutablePointer<yaml_char_t>?) -> String? {
                p.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            }
            func line(_ mark: yaml_mark_t) -> String { "\(name):\(Int(mark.line) + 1)" }
            /// Hands a finished value to its container (or makes it the root).
            func deliver(_ value: OpenAPINode, size: Int, at mark: yaml_mark_t) throws(OpenAPIError) {
                guard var top = stack.popLast() else {
                    if root == nil { root = value }
                    return
                }
                top.size += size
                if top.isMapping {
                    if let key = top.pendingKey {
                        if key == "<<", case .object(let merged) = value {
                            // A merge key: the named mapping's members, unless given here.
                            for (k, v) in merged.ordered where top.object[k] == nil { top.object[k] = v }
                        } else {
                            top.object[key] = value
                        }
                        top.pendingKey = nil
                    } else {
                        guard let key = value.text ?? (value == .null ? "null" : nil) else {
                            stack.append(top)
                            throw OpenAPIError("\(line(mark)): a mapping key that is not text is not read in an OpenAPI document")
                        }
                        top.pendingKey = key
                    }
                } else {
                    top.items.append(value)
                }
                stack.append(top)
            }
            func count(_ n: Int, at mark: yaml_mark_t) throws(OpenAPIError) {
                total += n
                if total > maxValues { throw OpenAPIError("\(line(mark)): " + tooMany(name).description) }
            }
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    let problem = parser.problem.map { String(cString: $0) } ?? "not YAML"
                    throw OpenAPIError("\(line(parser.problem_mark)): \(problem) (not valid YAML)")
                }
                defer { yaml_event_delete(&event) }
                let mark = event.start_mark
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    guard let root else { throw OpenAPIError("\(name) is empty") }
                    return root
                case YAML_DOCUMENT_END_EVENT:
                    // The first document is the one read.
                    if let root { return root }
                case YAML_SCALAR_EVENT:
                    try count(1, at: mark)
                    let s = event.data.scalar
                    let text = String(decoding: UnsafeBufferPointer(start: s.value, count: Int(s.length)), as: UTF8.self)
                    let tag = anchorName(s.tag)
                    let value = s.style == YAML_PLAIN_SCALAR_STYLE && tag == nil ? resolve(text) : .string(text)
                    if let anchor = anchorName(s.anchor) { anchors[anchor] = (value, 1) }
                    try deliver(value, size: 1, at: mark)
                case YAML_ALIAS_EVENT:
                    guard let anchor = anchorName(event.data.alias.anchor), let named = anchors[anchor] else {
                        throw OpenAPIError("\(line(mark)): an alias to an anchor that is not defined before it")
                    }
                    try count(named.size, at: mark)
                    try deliver(named.node, size: named.size, at: mark)
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    try count(1, at: mark)
                    guard stack.count < maxDepth else {
                        throw OpenAPIError("\(line(mark)): nested deeper than \(maxDepth) levels")
                    }
                    let isMapping = event.type == YAML_MAPPING_START_EVENT
                    let anchor = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
                    stack.append(Frame(anchor: anchorName(anchor), isMapping: isMapping))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    guard let done = stack.popLast() else { break }
                    let value: OpenAPINode = done.isMapping ? .object(done.object) : .array(done.items)
                    if let anchor = done.anchor { anchors[anchor] = (value, done.size) }
                    try deliver(value, size: done.size, at: mark)
                default:
                    break
                }
            }
        }
    }

    /// A plain scalar as YAML 1.2's core schema reads it.
    static func resolve(_ text: String) -> OpenAPINode {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        guard let first = text.utf8.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
                || first == UInt8(ascii: ".") || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else {
            return .string(text)
        }
        if isNumber(text.utf8) { return .number(text.hasPrefix("+") ? String(text.dropFirst()) : text) }
        return .string(text)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, read by hand
    /// (a document has hundreds of thousands of plain scalars).
    static func isNumber(_ bytes: String.UTF8View) -> Bool {
        var i = bytes.startIndex
        func digits() -> Int {
            var n = 0
            while i < bytes.endIndex, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { n += 1; i = bytes.index(after: i) }
            return n
        }
        if i < bytes.endIndex, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i = bytes.index(after: i) }
        let whole = digits()
        var fraction = 0
        if i < bytes.endIndex, bytes[i] == UInt8(ascii: ".") {
            i = bytes.index(after: i)
            fraction = digits()
            guard whole > 0 || fraction > 0 else { return false }
        } else if whole == 0 {
            return false
        }
        if i < bytes.endIndex, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i = bytes.index(after: i)
            if i < bytes.endIndex, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i = bytes.index(after: i) }
            guard digits() > 0 else { return false }
        }
        return i == bytes.endIndex
    }
}

/// Why an OpenAPI document could not be imported (one line).
public struct OpenAPIError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ message: String) { description = Sanitizer.clean(message, limit: 300) }
}
