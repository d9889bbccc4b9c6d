import Foundation

extension JSONValue: Encodable {
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .array(let values):
            var c = encoder.unkeyedContainer()
            for v in values { try c.encode(v) }
        case .object(let object):
            var c = encoder.container(keyedBy: AnyCodingKey.self)
            for (k, v) in object { try c.encode(v, forKey: AnyCodingKey(k)) }
        case .null, .bool, .int, .double, .string:
            var c = encoder.singleValueContainer()
            switch self {
            case .bool(let b): try c.encode(b)
            case .int(let i): try c.encode(i)
            case .double(let d): try c.encode(d)
            case .string(let s): try c.encode(s)
            default: try c.encodeNil()
            }
        }
    }

    /// Compact JSON text with sorted keys (the same value always gives the
    /// same text); nil only for a non-finite number, which JSON cannot hold.
    public var jsonText: String? {
        jsonBytes.map { String(decoding: $0, as: UTF8.self) }
    }

    /// `jsonText` as UTF-8 bytes.
    public var jsonBytes: [UInt8]? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map(Array.init)
    }
}

/// A coding key for any object key.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
