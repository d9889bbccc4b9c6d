/// A path into a JSON document: keys separated by dots, array indices in
/// brackets (`datas.list`, `items[0].name`, `[2]`). The empty path is the root.
///
/// Keys with dots, `@`, spaces or brackets are quoted in brackets
/// (`["@odata.nextLink"]`, `['a b']`, with `\"`, `\'` and `\\` escapes);
/// a negative index counts from the end (`[-1]` is the last element); `[*]`
/// stands for every element of an array (`data.sections[*].items`).
public struct JSONPath: Sendable, Equatable, CustomStringConvertible {
    /// One step of a path.
    public enum Step: Sendable, Equatable {
        case key(String)
        /// An array index; negative counts from the end.
        case index(Int)
        /// Every element of an array, in order.
        case wildcard
    }

    public let steps: [Step]
    public let description: String

    /// The longest text accepted: paths come from configs, not data.
    public static let maxLength = 4096

    /// Parses `text`; nil when it is malformed (unclosed bracket or quote,
    /// bad index, text after a closing quote).
    public init?(_ text: String) {
        guard text.utf8.count <= Self.maxLength, let steps = Self.parse(Array(text.unicodeScalars)) else { return nil }
        self.steps = steps
        self.description = text
    }

    /// A path made of `steps`, written in the canonical form (keys that need
    /// it quoted).
    public init(steps: [Step]) {
        self.steps = steps
        self.description = Self.text(of: steps)
    }

    /// True when a step is `[*]`: the path can lead to several values.
    public var hasWildcard: Bool { steps.contains(.wildcard) }

    /// The value at this path, or nil when a step is missing. A path with
    /// `[*]` gives an array of every value it leads to.
    public func lookup(in value: JSONValue) -> JSONValue? {
        lookupTree(in: value)
    }

    /// One value a path leads to, and where: `steps` holds only keys and
    /// non-negative indices (wildcards and negative indices resolved).
    public struct Match<Node> {
        public var steps: [Step]
        public var value: Node
    }

    /// Every value the path leads to, in document order (one at most
    /// without `[*]`). Branches where a later step is missing give nothing.
    public func matches<Node: JSONNode>(in value: Node) -> [Match<Node>] {
        var out: [Match<Node>] = []
        collect(value, from: 0, at: [], into: &out)
        return out
    }

    private func collect<Node: JSONNode>(_ value: Node, from index: Int, at location: [Step], into out: inout [Match<Node>]) {
        guard index < steps.count else {
            out.append(Match(steps: location, value: value))
            return
        }
        switch steps[index] {
        case .key(let k):
            if let next = value.member(k) { collect(next, from: index + 1, at: location + [.key(k)], into: &out) }
        case .index(let i):
            guard let next = value.element(i), let count = value.elements?.count else { return }
            collect(next, from: index + 1, at: location + [.index(i < 0 ? count + i : i)], into: &out)
        case .wildcard:
            for (i, element) in (value.elements ?? []).enumerated() {
                collect(element, from: index + 1, at: location + [.index(i)], into: &out)
            }
        }
    }

    /// The path up to (not including) its first `[*]`.
    public var prefixBeforeWildcard: JSONPath {
        JSONPath(steps: Array(steps.prefix { $0 != .wildcard }))
    }

    /// `steps` as path text: bare keys where they read back the same,
    /// otherwise quoted in brackets.
    public static func text(of steps: [Step]) -> String {
        var out = ""
        for step in steps {
            switch step {
            case .key(let k):
                if isBare(k) {
                    out += out.isEmpty ? k : "." + k
                } else {
                    // Escaped scalar by scalar: a quote followed by a combining
                    // mark is one Character, but still a quote to the parser.
                    var quoted = String.UnicodeScalarView()
                    for scalar in k.unicodeScalars {
                        if scalar == "\\" || scalar == "\"" { quoted.append("\\") }
                        quoted.append(scalar)
                    }
                    out += "[\"" + String(quoted) + "\"]"
                }
            case .index(let i): out += "[\(i)]"
            case .wildcard: out += "[*]"
            }
        }
        return out
    }

    /// A key that can be written without quotes.
    static func isBare(_ key: String) -> Bool {
        !key.isEmpty && !key.unicodeScalars.contains { "[].'\"\\ ".unicodeScalars.contains($0) || $0.value < 0x20 }
    }

    private static func parse(_ chars: [Unicode.Scalar]) -> [Step]? {
        var steps: [Step] = []
        var key = String.UnicodeScalarView()
        var i = 0
        func flushKey() {
            if !key.isEmpty { steps.append(.key(String(key))); key = String.UnicodeScalarView() }
        }
        while i < chars.count {
            let c = chars[i]
            i += 1
            switch c {
            case ".":
                flushKey()
            case "[":
                flushKey()
                guard i < chars.count else { return nil }
                if chars[i] == "\"" || chars[i] == "'" {
                    let quote = chars[i]
                    i += 1
                    var quoted = String.UnicodeScalarView()
                    var closed = false
                    while i < chars.count {
                        let d = chars[i]
                        i += 1
                        if d == "\\" {
                            guard i < chars.count else { return nil }
                            quoted.append(chars[i])
                            i += 1
                        } else if d == quote {
                            closed = true
                            break
                        } else {
                            quoted.append(d)
                        }
                    }
                    guard closed, i < chars.count, chars[i] == "]" else { return nil }
                    i += 1
                    steps.append(.key(String(quoted)))
                } else {
                    var inside = String.UnicodeScalarView()
                    var closed = false
                    while i < chars.count {
                        let d = chars[i]
                        i += 1
                        if d == "]" { closed = true; break }
                        inside.append(d)
                    }
                    guard closed else { return nil }
                    let text = String(inside)
                    if text == "*" {
                        steps.append(.wildcard)
                    } else {
                        guard let n = Int(text) else { return nil }
                        steps.append(.index(n))
                    }
                }
            default:
                key.append(c)
            }
        }
        flushKey()
        return steps
    }
}

extension JSONPath.Match: Equatable where Node: Equatable {}
extension JSONPath.Match: Sendable where Node: Sendable {}
