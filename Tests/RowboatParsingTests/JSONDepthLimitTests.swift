import Foundation
import Testing
@testable import RowboatSpec
@testable import RowboatParsing

@Suite("JSONDepthLimit: one linear scan before parsing")
struct JSONDepthLimitTests {
    func depthError(_ text: String, limit: Int = 3) -> JSONDepthLimit.Exceeded? {
        do {
            try JSONDepthLimit.check(Data(text.utf8), limit: limit)
            return nil
        } catch {
            return error
        }
    }

    @Test func countsArraysAndObjectsFromTheRoot() {
        #expect(depthError(#"[{"a":[1]}]"#) == nil)
        #expect(depthError(#"[{"a":[[1]]}]"#) == .init(limit: 3))
        #expect(depthError(#"{"a":{"b":{"c":{}}}}"#) == .init(limit: 3))
        // Siblings do not add up.
        #expect(depthError(#"[[[1]],[[2]],{"a":[3]}]"#) == nil)
    }

    @Test func bracketsInsideStringsDoNotCount() {
        #expect(depthError(#"["[[[[{{{{"]"#) == nil)
        #expect(depthError(#"["\"[[[[", "\\", "]]]]"]"#) == nil)
        #expect(depthError(#"["\\\"[[[["]"#) == nil)
    }

    @Test func parseRefusesPastTheLimitAndReadsUpToIt() throws {
        let limit = JSONDepthLimit.maxDepth
        let atLimit = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        var value = try JSONValue.parse(Data(atLimit.utf8))
        var depth = 0
        while case .array(let inner) = value {
            depth += 1
            value = inner.first ?? .null
        }
        #expect(depth == limit)
        let past = "[" + atLimit + "]"
        #expect(throws: JSONDepthLimit.Exceeded(limit: limit)) { try JSONValue.parse(Data(past.utf8)) }
    }

    @Test func numbersKeepTheirKinds() throws {
        let value = try JSONValue.parse(Data(#"[1, 1.0, 1e2, -0.0, 1.5, true, false, null, "x", 12345678901234567890]"#.utf8))
        // Past Int64 a number keeps its digits (it read as a lossy double,
        // 1.2345678901234567e+19, before issue #28).
        #expect(value == .array([.int(1), .int(1), .int(100), .int(0), .double(1.5), .bool(true), .bool(false), .null,
                                 .string("x"), .numberText("12345678901234567890")]))
        #expect(try JSONValue.parse(Data("7".utf8)) == .int(7))
    }
}
