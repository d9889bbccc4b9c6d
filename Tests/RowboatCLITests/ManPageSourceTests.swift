import Foundation
import Testing

/// rowboat(1) is generated from `rowboat --experimental-dump-help` by the
/// argument parser's generate-manual tool, which drops every non-ASCII
/// character: help text must be ASCII so that the page loses nothing.
@Suite struct ManPageSourceTests {
    /// Every string in a parsed JSON value.
    func strings(in value: Any) -> [String] {
        switch value {
        case let s as String: [s]
        case let a as [Any]: a.flatMap(strings)
        case let d as [String: Any]: d.values.flatMap(strings)
        default: []
        }
    }

    @Test func helpTextIsASCII() async throws {
        let r = try await Subprocess.rowboat("--experimental-dump-help")
        #expect(r.status == 0)
        let dump = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8))
        let texts = strings(in: dump)
        #expect(texts.contains("Print an endpoint's items (headless, for scripts)."))
        let offending = texts.filter { !$0.allSatisfy(\.isASCII) }
        #expect(offending.isEmpty, "non-ASCII help text vanishes from the man page: \(offending)")
    }
}
