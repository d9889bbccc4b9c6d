import Foundation

/// A parsed JSON document: what mapping walks with paths.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses UTF-8 JSON bytes, after `JSONDepthLimit.check` (which throws
    /// `JSONDepthLimit.Exceeded`). Foundation's `JSONSerialization` does the
    /// parsing: its time grows linearly with the body at any depth (a
    /// `Decodable` walk that tries each kind in turn builds a coding path per
    /// failed try and grows with the square of the depth).
    public static func parse(_ data: Data) throws -> JSONValue {
        try JSONDepthLimit.check(data)
        return JSONValue(foundation: try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    /// A short description of the kind of value, for error messages.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a bool"
        case .int, .double: "a number"
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
        case .string(let s): s
        }
    }

    static func format(_ d: Double) -> String {
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
