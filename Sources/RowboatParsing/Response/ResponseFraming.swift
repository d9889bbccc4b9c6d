import Foundation
import RowboatSpec

/// Unwraps a response body into the JSON document the paths read: drops an
/// anti-XSSI prefix (`)]}'`, `while(1);`, `for(;;);`) and reads NDJSON as an
/// array of its lines' values.
public enum ResponseFraming {
    /// Prefixes servers put before JSON so that a `<script>` tag cannot run
    /// it. None of them can start a JSON document, so they are always dropped.
    public static let xssiPrefixes = [")]}',", ")]}'", "while(1);", "while (1);", "for(;;);", "for (;;);"]

    /// Content types (without parameters) that mean one JSON value per line.
    public static let ndjsonTypes: Set<String> = [
        "application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonlines",
        "application/jsonlines", "application/json-lines",
    ]

    /// The body as the JSON text to parse: `body` without its anti-XSSI prefix.
    public static func strippingPrefix(_ body: [UInt8]) -> ArraySlice<UInt8> {
        var start = 0
        while start < body.count, [0x20, 0x0A, 0x0D, 0x09].contains(body[start]) { start += 1 }
        // A UTF-8 byte order mark before the prefix or the document.
        if body.count - start >= 3, body[start] == 0xEF, body[start + 1] == 0xBB, body[start + 2] == 0xBF { start += 3 }
        for prefix in xssiPrefixes where body[start...].starts(with: prefix.utf8) {
            return body[(start + prefix.utf8.count)...]
        }
        return body[start...]
    }

    /// True when `format` (or, for `auto`, the content type) says NDJSON.
    public static func isNDJSON(_ format: ResponseFormat, contentType: String?) -> Bool {
        switch format {
        case .json: return false
        case .ndjson: return true
        case .auto:
            guard let type = contentType?.split(separator: ";").first else { return false }
            return ndjsonTypes.contains(type.trimmingWhitespace().lowercased())
        }
    }

    /// The values of an NDJSON body, one per non-blank line, as an array.
    /// Throws with the first bad line's number and start.
    public static func parseLines(_ body: ArraySlice<UInt8>) throws(LineError) -> JSONValue {
        var values: [JSONValue] = []
        var number = 0
        for line in body.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            let trimmed = line.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
            guard !trimmed.isEmpty, !trimmed.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) else { continue }
            do {
                values.append(try JSONValue.parse(Data(trimmed)))
            } catch {
                throw LineError(line: number, bytes: Array(trimmed.prefix(48)))
            }
        }
        return .array(values)
    }

    /// An NDJSON line that is not JSON.
    public struct LineError: Error, Sendable {
        public var line: Int
        public var bytes: [UInt8]
    }
}
