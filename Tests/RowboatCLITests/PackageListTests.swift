import Foundation
import Testing

/// The one list of system packages (.ci/apt-packages.txt): the README's
/// install line and CI both read it, and it names a package for every C
/// library the package links, so following the README builds.
@Suite struct PackageListTests {
    /// The Debian package that provides each library Package.swift or a
    /// module map links. A new library without a row here fails the test.
    static let packageOfLibrary = [
        "ncursesw": "libncurses-dev",
        "sqlite3": "libsqlite3-dev",
        "png": "libpng-dev",
        "jpeg": "libjpeg62-turbo-dev",
        "webp": "libwebp-dev",
        "chafa": "libchafa-dev",
        "glib-2.0": "libglib2.0-dev",
        "simdjson": "libsimdjson-dev",
        "libsecret-1": "libsecret-1-dev",
        "secret-1": "libsecret-1-dev",
        "gio-2.0": "libglib2.0-dev",
        "gobject-2.0": "libglib2.0-dev",
        "jq": "libjq-dev",
        "onig": "libonig-dev",
    ]

    /// The install line as the README shows it and CI runs it.
    static let readmeLine = "sudo apt-get install -y $(grep -v '^#' .ci/apt-packages.txt)"

    static func read(_ path: String) throws -> String {
        try String(contentsOf: Paths.root.appendingPathComponent(path), encoding: .utf8)
    }

    static func listedPackages() throws -> [String] {
        try read(".ci/apt-packages.txt").split(separator: "\n").map(String.init)
            .filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// Every library named by `.linkedLibrary("…")`, `pkgConfig: "…"` or a
    /// module map's `link "…"`.
    static func linkedLibraries() throws -> Set<String> {
        var names = Set<String>()
        let manifest = try read("Package.swift")
        for pattern in [#"linkedLibrary\("([^"]+)"\)"#, #"pkgConfig: "([^"]+)""#] {
            let regex = try NSRegularExpression(pattern: pattern)
            for match in regex.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)) {
                names.insert(String(manifest[Range(match.range(at: 1), in: manifest)!]))
            }
        }
        let sources = Paths.root.appendingPathComponent("Sources")
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path)
        for module in modules {
            let map = sources.appendingPathComponent(module).appendingPathComponent("module.modulemap")
            guard let text = try? String(contentsOf: map, encoding: .utf8) else { continue }
            let regex = try NSRegularExpression(pattern: #"link "([^"]+)""#)
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                names.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        return names
    }

    @Test func everyLinkedLibraryHasItsPackageInTheList() throws {
        let listed = Set(try Self.listedPackages())
        let libraries = try Self.linkedLibraries()
        #expect(libraries.contains("webp"), "the scan should see CImageCodecs' libraries")
        for library in libraries.sorted() {
            guard let package = Self.packageOfLibrary[library] else {
                Issue.record("Package.swift links \(library): add its -dev package to .ci/apt-packages.txt and a row to packageOfLibrary")
                continue
            }
            #expect(listed.contains(package), "\(library) is linked but \(package) is not in .ci/apt-packages.txt")
        }
        for tool in ["tmux", "ncurses-term"] {
            #expect(listed.contains(tool), "the tests need \(tool)")
        }
        // rowboat-bench's references that are programs (a machine set up
        // from the README must not print nan for them).
        for tool in ["chafa", "curl", "jq"] {
            #expect(listed.contains(tool), "rowboat-bench needs \(tool) as a reference")
        }
    }

    @Test func readmeInstallLineReadsTheList() throws {
        let readme = try Self.read("README.md")
        #expect(readme.contains(Self.readmeLine))
        // No second, hand-written apt-get line that could drift.
        let aptLines = readme.split(separator: "\n").filter { $0.contains("apt-get install") }
        #expect(aptLines.map { $0.trimmingCharacters(in: .whitespaces) } == [Self.readmeLine])
    }

    @Test func ciInstallsFromTheSameList() throws {
        let run = try Self.read(".ci/run")
        #expect(run.contains("packages=($(grep -v '^#' .ci/apt-packages.txt))"))
        let installs = run.split(separator: "\n").filter { $0.contains("apt-get install") }
        #expect(installs.count == 1)
        #expect(installs.allSatisfy { $0.contains("\"${missing[@]}\"") }, "CI installs only what the list names")
    }
}
