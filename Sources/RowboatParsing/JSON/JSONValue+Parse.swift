import Foundation
import RowboatSpec

extension JSONValue {
    /// Parses UTF-8 JSON bytes, after `JSONDepthLimit.check` (which throws
    /// `JSONDepthLimit.Exceeded`), with simdjson (`JSONTape`; a
    /// `JSONTape.Failure` when it is not JSON): numbers stay exact, and a
    /// string longer than `JSONTapeNode.textLimit` reads as its start.
    public static func parse(_ data: Data) throws -> JSONValue {
        try JSONDepthLimit.check(data)
        return try JSONTape.tree(Array(data)[...])
    }
}
