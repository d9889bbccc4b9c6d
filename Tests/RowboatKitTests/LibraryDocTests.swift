import Foundation
import Testing

/// docs/library.md's first example is the file CI builds (and the
/// package builds it too, as the `first-list` target): it cannot drift.
@Suite struct LibraryDocTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func theFirstExampleIsTheBuiltFile() throws {
        let doc = try String(contentsOf: Self.root.appendingPathComponent("docs/library.md"), encoding: .utf8)
        let file = try String(contentsOf: Self.root.appendingPathComponent("Examples/GitLog/Sources/FirstList/main.swift"),
                              encoding: .utf8)
        #expect(doc.contains("```swift\n" + file + "```\n"))
    }
}
