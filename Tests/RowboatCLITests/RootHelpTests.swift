import Foundation
import Testing

/// `rowboat --help` shows the browser's own flags, where a new user looks
/// first (browse is the default command), and keeps them to what
/// `rowboat browse --help` lists.
@Suite("rowboat --help")
struct RootHelpTests {
    @Test func theRootHelpNamesTheBrowsersFlags() async throws {
        let root = try await Subprocess.rowboat("--help")
        let browse = try await Subprocess.rowboat("browse", "--help")
        #expect(root.status == 0 && browse.status == 0)
        // The options of browse's OPTIONS section (the URL group aside), by name.
        let options = browse.stdout.components(separatedBy: "OPTIONS:").last!.split(separator: "\n")
            .compactMap { line -> String? in
                let words = line.split(separator: " ")
                guard let first = words.first, first.hasPrefix("--") else { return nil }
                return String(first)
            }
            .filter { !["--version", "--save"].contains($0) }
        #expect(options.contains("--config") && options.contains("--endpoint") && options.contains("--mode"))
        for option in options { #expect(root.stdout.contains("  \(option)"), "\(option) is not in rowboat --help") }
        #expect(root.stdout.contains("<url>") && root.stdout.contains("SUBCOMMANDS:"))
    }
}
