import CJQ
import RowboatSpec

/// jq's values as Swift text and values (each function consumes the `jv`
/// it is given, as jq's own functions do, unless it says otherwise).
enum JQText {
    /// A message from jq's error callback or an invalid value's message:
    /// its text when it is a string, else its JSON.
    static func message(_ value: jv) -> String {
        if rb_jv_get_kind(value) == JV_KIND_STRING {
            let text = String(cString: rb_jv_string_value(value))
            rb_jv_free(value)
            return text
        }
        return json(value)
    }

    /// The compact JSON text of `value` (jq's own printing: control
    /// characters escaped).
    static func json(_ value: jv) -> String {
        let dumped = rb_jv_dump_string(value, 0)
        defer { rb_jv_free(dumped) }
        return String(cString: rb_jv_string_value(dumped))
    }

    /// JSON text with every scalar `Sanitizer` would not keep (controls,
    /// bidi overrides, zero-width characters) written as a `\uXXXX`
    /// escape: the same JSON value, safe for a terminal.
    static func terminalSafe(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { Sanitizer.classify($0) != .keep }) else { return json }
        var out = ""
        out.reserveCapacity(json.utf8.count + 16)
        for scalar in json.unicodeScalars {
            guard Sanitizer.classify(scalar) != .keep else {
                out.unicodeScalars.append(scalar)
                continue
            }
            for unit in String(scalar).utf16 {
                let hex = String(unit, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return out
    }

    /// `value` as a `JSONValue`: scalars as themselves (a number as jq
    /// holds it, a double: jq 1.6 rounds integers past 2^53), an array
    /// or object as its JSON text. Does not consume `value`.
    static func value(_ value: jv) -> JSONValue {
        switch rb_jv_get_kind(value) {
        case JV_KIND_NULL: return .null
        case JV_KIND_TRUE: return .bool(true)
        case JV_KIND_FALSE: return .bool(false)
        case JV_KIND_NUMBER: return JSONValue.decimal(rb_jv_number_value(value))
        case JV_KIND_STRING:
            let length = Int(rb_jv_string_length_bytes(rb_jv_copy(value)))
            return .string(String(decoding: UnsafeRawBufferPointer(start: rb_jv_string_value(value), count: length)
                                    .bindMemory(to: UInt8.self), as: UTF8.self))
        default: return .string(json(rb_jv_copy(value)))
        }
    }
}
