import Foundation
import Testing

/// `rowboat --version` names the commit the binary was built from, and the
/// script that records it (scripts/write-git-commit, run by GitCommitPlugin
/// when HEAD, the index or a source changes) tells a clean, a modified and an
/// unknown tree apart.
@Suite struct VersionTests {
    static let script = Paths.root.appendingPathComponent("scripts/write-git-commit").path

    /// Runs a program found on PATH.
    static func run(_ arguments: String...) throws -> Subprocess.Result {
        try Subprocess.run(["/usr/bin/env"] + arguments)
    }

    @Test func versionNamesThisCommit() async throws {
        let r = try await Subprocess.rowboat("--version")
        #expect(r.status == 0)
        let git = try Self.run("git", "-C", Paths.root.path, "rev-parse", "--short=12", "HEAD")
        if git.status == 0 {
            let commit = git.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            // ", modified" when the tree had uncommitted changes at build time.
            #expect(r.stdout.hasSuffix(" (commit \(commit))\n") || r.stdout.hasSuffix(" (commit \(commit), modified)\n"),
                    "\(r.stdout)")
        } else {
            #expect(r.stdout.hasSuffix(" (commit unknown)\n"), "\(r.stdout)")
        }
        let number = r.stdout.split(separator: " ").dropFirst().first ?? ""
        #expect(r.stdout.hasPrefix("rowboat "))
        #expect(number.split(separator: ".").count == 3 && number.allSatisfy { $0.isNumber || $0 == "." }, "\(r.stdout)")
    }

    /// The generated Swift file for the tree at `dir`.
    func generated(for dir: URL) throws -> String {
        let output = dir.appendingPathComponent("out/GitCommit.swift")
        let r = try Subprocess.run(["/bin/sh", Self.script, dir.path, output.path])
        #expect(r.status == 0, "\(r.stderr)")
        return try String(contentsOf: output, encoding: .utf8)
    }

    @Test func outsideAGitTreeTheCommitIsUnknown() throws {
        let dir = try Paths.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = try generated(for: dir)
        #expect(text.contains(#"static let id = "unknown""#))
        #expect(text.contains("static let modified = false"))
    }

    @Test func aCleanTreeThenAModifiedOne() throws {
        let dir = try Paths.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("Sources/a.swift")
        let notes = dir.appendingPathComponent("notes.md")
        try Data("one\n".utf8).write(to: file)
        try Data("one\n".utf8).write(to: notes)
        for step in [["init", "-q"], ["add", "Sources/a.swift", "notes.md"],
                     ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "one"]] {
            let r = try Subprocess.run(["/usr/bin/env", "git", "-C", dir.path] + step)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let head = try Self.run("git", "-C", dir.path, "rev-parse", "HEAD").stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(head.count == 40)

        let clean = try generated(for: dir)
        #expect(clean.contains("static let id = \"\(head)\""))
        #expect(clean.contains("static let modified = false"))

        // A change outside what the binary is built from is not "modified".
        try Data("two\n".utf8).write(to: notes)
        #expect(try generated(for: dir).contains("static let modified = false"))

        try Data("two\n".utf8).write(to: file)
        let modified = try generated(for: dir)
        #expect(modified.contains("static let id = \"\(head)\""))
        #expect(modified.contains("static let modified = true"))
    }

    @Test func anUnchangedCommitLeavesTheFileAlone() throws {
        let dir = try Paths.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try generated(for: dir)
        let output = dir.appendingPathComponent("out/GitCommit.swift")
        // An old time on the file: a rewrite would replace it.
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: output.path)
        _ = try generated(for: dir)
        let after = try FileManager.default.attributesOfItem(atPath: output.path)[.modificationDate] as? Date
        #expect(after == old, "an unchanged commit must not recompile the rowboat module")
    }
}
