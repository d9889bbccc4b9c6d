import Foundation
import Hummingbird

/// A JSON value whose objects keep their keys in the order written, so the
/// look-alike routes can answer exactly as a real server orders its keys
/// (keyed-object lists depend on it). Scalars are written by `JSONEncoder`.
indirect enum LookalikeJSON: Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral {
    case null
    case bool(Bool)
    case int(Int)
    case number(Double)
    case string(String)
    case array([LookalikeJSON])
    case object([(String, LookalikeJSON)])

    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .int(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }

    /// The compact JSON text.
    var text: String {
        var out = ""
        write(into: &out)
        return out
    }

    private func write(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .number(let d): out += Self.scalar(d)
        case .string(let s): out += Self.scalar(s)
        case .array(let values):
            out += "["
            for (i, v) in values.enumerated() {
                if i > 0 { out += "," }
                v.write(into: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (i, (k, v)) in pairs.enumerated() {
                if i > 0 { out += "," }
                out += Self.scalar(k) + ":"
                v.write(into: &out)
            }
            out += "}"
        }
    }

    private static func scalar(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
}

/// Responses of the look-alike routes.
enum LookalikeResponse {
    /// `body` as `application/json` (or `contentType`), with extra headers;
    /// `prefix` goes before the JSON (an anti-XSSI prefix).
    static func json(_ body: LookalikeJSON, status: HTTPResponse.Status = .ok, prefix: String = "",
                     contentType: String = "application/json; charset=utf-8",
                     headers: [(String, String)] = []) -> Response {
        text(prefix + body.text, status: status, contentType: contentType, headers: headers)
    }

    static func text(_ text: String, status: HTTPResponse.Status = .ok, contentType: String,
                     headers: [(String, String)] = []) -> Response {
        var fields: HTTPFields = [.contentType: contentType]
        for (name, value) in headers {
            // (Our own constant names: always valid field names.)
            fields.append(.init(name: .init(name)!, value: value))
        }
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// An error in the common `{"error": …}` shape.
    static func error(_ status: HTTPResponse.Status, _ message: String) -> Response {
        json(.object([("error", .string(message))]), status: status)
    }
}
