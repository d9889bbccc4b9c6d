import CJQ
import RowboatSpec

/// One output of a jq expression, valid inside the callback that gets it.
public struct JQOutput {
    let raw: jv
    /// `raw`'s kind, and its length in bytes when it is a string (read
    /// once by the run: jq 1.6 reaches each through several calls).
    let kind: jv_kind
    let stringBytes: Int
    let limit: Int

    init(value: jv, kind: jv_kind, stringBytes: Int, limit: Int) {
        raw = value
        self.kind = kind
        self.stringBytes = stringBytes
        self.limit = limit
    }

    /// A scalar as itself, an array or object as its compact JSON text.
    public var value: JSONValue { JQText.value(raw) }

    /// Its compact JSON text, as jq prints it (`jq -c`).
    public var json: String { JQText.json(rb_jv_copy(raw)) }

    /// A string's bytes (UTF-8) given to `body` (valid inside it); false
    /// for other kinds. Not generic: read once per item.
    public func withStringBytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        guard kind == JV_KIND_STRING else { return false }
        let length = stringBytes
        guard let start = rb_jv_string_value(raw) else {
            body(UnsafeBufferPointer(start: nil, count: 0))
            return true
        }
        start.withMemoryRebound(to: UInt8.self, capacity: length) { body(UnsafeBufferPointer(start: $0, count: length)) }
        return true
    }

    /// Neither `false` nor `null`.
    public var isTruthy: Bool {
        kind != JV_KIND_FALSE && kind != JV_KIND_NULL
    }
}
