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
    }

    /// The first document of a YAML text, composed from its events
    /// (`YAMLEvents`), its values counted with aliases expanded (`AliasTally`).
    static func yaml(_ bytes: [UInt8], name: String) throws(OpenAPIError) -> OpenAPINode {
        var tally = AliasTally(limit: maxValues)
        var stack: [Frame] = []
        var anchors: [String: OpenAPINode] = [:]
        var root: OpenAPINode?
        func line(_ mark: YAMLMark) -> String { "\(name):\(mark.line)" }
        /// Hands a finished value to its container (or makes it the root).
        func deliver(_ value: OpenAPINode, at mark: YAMLMark) throws(OpenAPIError) {
            guard var top = stack.popLast() else {
                if root == nil { root = value }
                return
            }
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
        let end = try YAMLEvents.read(bytes) { (event, mark) throws(OpenAPIError) -> Bool in
            if case .alias(let anchor) = event, anchor.flatMap({ anchors[$0] }) == nil {
                throw OpenAPIError("\(line(mark)): an alias to an anchor that is not defined before it")
            }
            guard tally.count(event) else { throw OpenAPIError("\(line(mark)): " + tooMany(name).description) }
            switch event {
            case .streamEnd:
                return false
            case .documentEnd:
                // The first document is the one read.
                return root == nil
            case .scalar(let text, let anchor, let tag, let plain):
                let value = plain && tag == nil ? resolve(text) : .string(text)
                if let anchor { anchors[anchor] = value }
                try deliver(value, at: mark)
            case .alias(let anchor):
                if let anchor, let named = anchors[anchor] { try deliver(named, at: mark) }
            case .start(let isMapping, let anchor):
                guard stack.count < maxDepth else {
                    throw OpenAPIError("\(line(mark)): nested deeper than \(maxDepth) levels")
                }
                stack.append(Frame(anchor: anchor, isMapping: isMapping))
            case .end:
                guard let done = stack.popLast() else { break }
                let value: OpenAPINode = done.isMapping ? .object(done.object) : .array(done.items)
                if let anchor = done.anchor { anchors[anchor] = value }
                try deliver(value, at: mark)
            }
            return true
        }
        switch end {
        case .notStarted: throw OpenAPIError("\(name): the YAML reader could not start")
        case .failed(let problem, let mark): throw OpenAPIError("\(line(mark)): \(problem) (not valid YAML)")
        case .done: break
        }
        guard let root else { throw OpenAPIError("\(name) is empty") }
        return root
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
