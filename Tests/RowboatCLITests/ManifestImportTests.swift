import Foundation
import Testing

/// The manifest is the truth (#43.7): every module a target's Swift sources
/// import is one Package.swift gives that target (a target of ours, a
/// product it names, or the toolchain's own), and every dependency a target
/// names is imported by its sources. CI's build also runs SwiftPM's
/// `--explicit-target-dependency-import-check error`, but that check refuses
/// only an import from outside a target's whole dependency closure: NIO
/// imported through AsyncHTTPClient, or Yams' private CYaml through Yams,
/// passed it. This test is the strict one.
@Suite struct ManifestImportTests {
    /// Modules that come with the toolchain: no package declares them.
    static let toolchain: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
        "FoundationXML", "Glibc", "Musl", "Darwin", "Dispatch", "Synchronization", "Testing", "XCTest",
        "_Concurrency", "_StringProcessing", "RegexBuilder", "Observation", "PackagePlugin",
    ]

    struct Target {
        var name: String
        var path: String
        /// The module names of its dependencies: a target's (dashes made
        /// underscores) or a product's (every product Package.swift names has
        /// a module of its own name).
        var dependencies: Set<String>
    }

    static func moduleName(_ target: String) -> String { target.replacingOccurrences(of: "-", with: "_") }

    /// The package's targets with Swift sources, from `swift package dump-package`.
    static func targets() throws -> [Target] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-imports-\(getpid())").path
        let r = try Subprocess.run(["/usr/bin/env", "swift", "package", "--package-path", Paths.root.path,
                                    "--scratch-path", scratch, "dump-package"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        var out: [Target] = []
        for target in json["targets"] as? [[String: Any]] ?? [] {
            guard let name = target["name"] as? String, let type = target["type"] as? String,
                  ["regular", "executable", "test"].contains(type) else { continue }
            let path = target["path"] as? String ?? (type == "test" ? "Tests/" : "Sources/") + name
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                ((dependency.values.first as? [Any])?.first as? String).map(moduleName)
            }
            out.append(Target(name: name, path: path, dependencies: Set(dependencies)))
        }
        return out
    }

    /// The top-level modules named by `import` lines: with attributes
    /// (`@testable`, `@preconcurrency`), an access level, or a kind
    /// (`import struct M.T`); a submodule counts as its top module.
    static func imports(in text: String) -> Set<String> {
        let line = /^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?(\w+)/
        var out = Set<String>()
        for row in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if let match = row.firstMatch(of: line) { out.insert(String(match.1)) }
        }
        return out
    }

    /// What the Swift files under `path` (relative to the package root) import; nil when it holds none.
    static func imports(under path: String) throws -> Set<String>? {
        let root = Paths.root.appendingPathComponent(path)
        guard let files = FileManager.default.enumerator(atPath: root.path) else { return nil }
        var out: Set<String>?
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            out = (out ?? []).union(imports(in: text))
        }
        return out
    }

    @Test func everyImportIsDeclaredAndEveryDeclaredDependencyImported() throws {
        let targets = try Self.targets()
        #expect(targets.contains { $0.name == "RowboatNetwork" }, "the dump should list the targets")
        for target in targets {
            guard let imports = try Self.imports(under: target.path) else { continue }
            let undeclared = imports.subtracting(target.dependencies).subtracting(Self.toolchain)
                .subtracting([Self.moduleName(target.name)])
            #expect(undeclared.isEmpty, "\(target.name) imports \(undeclared.sorted()) without naming them in its dependencies in Package.swift")
            let unused = target.dependencies.subtracting(imports)
            #expect(unused.isEmpty, "\(target.name) names \(unused.sorted()) in Package.swift, but none of its sources imports them")
        }
    }

    @Test func theScanReadsEveryFormOfImport() {
        // (As quoted lines, so that this file's own scan does not read them.)
        let text = [
            "import A", "@testable import B", "@preconcurrency import C", "internal import D", "import struct E.F",
            "  import G.H", "@_implementationOnly import I", "// import X", "let importY = 1",
            "/// import Z in a doc comment",
        ].joined(separator: "\n")
        #expect(Self.imports(in: text) == ["A", "B", "C", "D", "E", "G", "I"])
    }
}
