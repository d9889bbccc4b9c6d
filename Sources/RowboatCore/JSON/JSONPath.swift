/// A path into a JSON document: keys separated by dots, array indices in
/// brackets (`datas.list`, `items[0].name`, `[2]`). The empty path is the root.
public struct JSONPath: Sendable, Equatable, CustomStringConvertible {
    /// One step of a path.
    public enum Step: Sendable, Equatable {
        case key(String)
        case index(Int)
    }

    public let steps: [Step]
    public let description: String

    /// Parses `text`; nil when it is malformed (unclosed bracket, bad index).
    public init?(_ text: String) {
        var steps: [Step] = []
        var key = ""
        var chars = Array(text)[...]
        func flushKey() { if !key.isEmpty { steps.append(.key(key)); key = "" } }
        while let c = chars.popFirst() {
            switch c {
            case ".":
                flushKey()
            case "[":
                flushKey()
                var digits = ""
                var closed = false
                while let d = chars.popFirst() {
                    if d == "]" { closed = true; break }
                    digits.append(d)
                }
                guard closed, let i = Int(digits), i >= 0 else { return nil }
                steps.append(.index(i))
            default:
                key.append(c)
            }
        }
        flushKey()
        self.steps = steps
        self.description = text
    }

    /// The value at this path, or nil when a step is missing.
    public func lookup(in value: JSONValue) -> JSONValue? {
        var current = value
        for step in steps {
            switch (step, current) {
            case (.key(let k), .object(let o)):
                guard let next = o[k] else { return nil }
                current = next
            case (.index(let i), .array(let a)):
                guard i < a.count else { return nil }
                current = a[i]
            default:
                return nil
            }
        }
        return current
    }
}
