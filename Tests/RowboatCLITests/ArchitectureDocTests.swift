import Foundation
import Testing

/// docs/architecture.md's module diagram names every target of
/// Package.swift with exactly the dependencies the manifest gives it.
@Suite struct ArchitectureDocTests {
    /// Target name → its dependencies, from `swift package dump-package`.
    static func manifest() throws -> [String: Set<String>] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-dump-\(getpid())").path
        let r = try Subprocess.run(["/usr/bin/env", "swift", "package", "--package-path", Paths.root.path, "--scratch-path", scratch,
                                    "dump-package"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        var out: [String: Set<String>] = [:]
        for target in json["targets"] as? [[String: Any]] ?? [] where target["type"] as? String != "test" {
            guard let name = target["name"] as? String else { continue }
            let deps = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dep in
                (dep.values.first as? [Any])?.first as? String
            }
            out[name] = Set(deps)
        }
        return out
    }

    /// Target name → dependencies, from the diagram: `A, B ──► C, D (note)`
    /// lines, continued on indented lines; words in parentheses are notes.
    static func diagram() throws -> [String: Set<String>] {
        let doc = try String(contentsOf: Paths.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let block = doc.components(separatedBy: "```")[1]
        var out: [String: Set<String>] = [:]
        var current: [String] = []
        func names(_ text: Substring) -> [String] {
            text.replacing(/\([^)]*\)/, with: "").split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                .map { String($0.split(separator: " ")[0]) }
        }
        for line in block.split(separator: "\n") {
            if let arrow = line.range(of: "──►") {
                current = names(line[..<arrow.lowerBound])
                for name in current { out[name, default: []].formUnion(names(line[arrow.upperBound...])) }
            } else {
                for name in current { out[name, default: []].formUnion(names(line[...])) }
            }
        }
        return out
    }

    @Test func theDiagramMatchesThePackage() throws {
        let manifest = try Self.manifest()
        let diagram = try Self.diagram()
        #expect(manifest["RowboatKit"] != nil, "the dump should list the targets")
        for (target, deps) in manifest.sorted(by: { $0.key < $1.key }) {
            #expect(diagram[target] == deps, "\(target): the doc says \(diagram[target].map { $0.sorted() } ?? []), Package.swift \(deps.sorted())")
        }
        #expect(Set(diagram.keys) == Set(manifest.keys), "targets only in the doc: \(Set(diagram.keys).subtracting(manifest.keys))")
    }
}
