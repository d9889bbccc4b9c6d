import Foundation
import Testing

/// docs/library.md's examples are the files CI builds: its first example is
/// FirstList's main.swift, and every block marked `<!-- from PATH -->` (a
/// whole file) or `<!-- from PATH: NAME -->` (the lines between `// snippet:
/// NAME` and `// end snippet` in that file) is those lines exactly.
@Suite struct LibraryDocTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theFirstExampleIsTheBuiltFile() throws {
        let doc = try Self.read("docs/library.md")
        let file = try Self.read("Examples/GitLog/Sources/FirstList/main.swift")
        #expect(doc.contains("```swift\n" + file + "```\n"))
    }

    @Test func everyMarkedBlockIsItsSource() throws {
        let doc = try Self.read("docs/library.md")
        let markers = doc.split(separator: "\n").filter { $0.hasPrefix("<!-- from ") && $0.hasSuffix(" -->") }
        #expect(markers.count >= 5)
        for marker in markers {
            let reference = marker.dropFirst("<!-- from ".count).dropLast(" -->".count)
            let parts = reference.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let file = try Self.read(parts[0])
            var text = file
            if parts.count == 2 {
                let start = try #require(file.range(of: "// snippet: \(parts[1])\n"), "no snippet \(parts[1]) in \(parts[0])")
                let end = try #require(file.range(of: "// end snippet\n", range: start.upperBound..<file.endIndex))
                text = String(file[start.upperBound..<end.lowerBound])
            }
            #expect(doc.contains(marker + "\n```swift\n" + text + "```\n"), "\(marker) differs from its source")
        }
    }
}
