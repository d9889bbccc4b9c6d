import Foundation

/// A parsed JSON document: what mapping walks with paths.
///
/// Numbers are exact: an integer that fits is `.int`, a decimal whose
/// shortest `Double` form is the same number is `.double` (so `19.90` is
/// 19.9, and `1.0`, `1e2`, `-0.0` are integers, as they always were), and
/// any other number is `.numberText`, the server's text.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    /// A number that `Int64` and `Double` would change, as the server wrote
    /// it: an integer past 64 bits (a 23-digit id, 2^64), a decimal with
    /// more digits than a double keeps, an exponent past a double's range
    /// (`1e400`, `1e-400`). Shown and sent back as this text.
    case numberText(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The reader `parse` used before simdjson: Foundation's
    /// `JSONSerialization`, where numbers past 64 bits lose digits and
    /// `1e400` is refused. Kept as the decode-page benchmark's reference.
    @_spi(Reference) public static func parseWithFoundation(_ data: Data) throws -> JSONValue {
        try JSONDepthLimit.check(data)
        return JSONValue(foundation: try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    /// A short description of the kind of value, for error messages.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a bool"
        case .int, .double, .numberText: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value as plain text, for display and coercion (nil for null,
    /// arrays and objects).
    public var scalarText: String? {
        switch self {
        case .null, .array, .object: nil
        case .bool(let b): b ? "true" : "false"
        case .int(let i): String(i)
        case .double(let d): JSONValue.format(d)
        case .numberText(let t): t
        case .string(let s): s
        }
    }

    /// A decimal as a value: an integer when it is one below 2^53 (`1.0`,
    /// `1e2`, `-0.0`: each such double is one integer's exact value), else
    /// the double (`112925678901567e3` is not `.int(112925678901567008)`,
    /// the digits of the double nearest to it).
    package static func decimal(_ d: Double) -> JSONValue {
        abs(d) < 9_007_199_254_740_992 ? Int64(exactly: d).map(JSONValue.int) ?? .double(d) : .double(d)
    }

    package static func format(_ d: Double) -> String {
        if d.isFinite, d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return String(d)
    }
}

extension JSONValue {
    /// A value from `JSONSerialization`'s objects. Containers are tried
    /// first: casting an array to `NSNumber` would bridge the whole array.
    /// Integral numbers that fit become `.int` (so `1.0`, `1e2` and `-0.0`
    /// read as integers, as they always have); booleans are the `NSNumber`s
    /// whose type is `c` (char).
    init(foundation object: Any) {
        if let array = object as? [Any] {
            self = .array(array.map(JSONValue.init(foundation:)))
        } else if let dictionary = object as? [String: Any] {
            self = .object(dictionary.mapValues(JSONValue.init(foundation:)))
        } else if let string = object as? String {
            self = .string(string)
        } else if let number = object as? NSNumber {
            switch UInt8(bitPattern: number.objCType.pointee) {
            case UInt8(ascii: "c"):
                self = .bool(number.boolValue)
            case UInt8(ascii: "d"), UInt8(ascii: "f"):
                let d = number.doubleValue
                self = Int64(exactly: d).map(JSONValue.int) ?? .double(d)
            case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
                self = Int64(exactly: number.uint64Value).map(JSONValue.int) ?? .double(number.doubleValue)
            default:
                self = .int(number.int64Value)
            }
        } else {
            self = .null
        }
    }
}
