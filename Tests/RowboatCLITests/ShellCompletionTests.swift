import Foundation
import RowboatApp
import Testing

/// Tab completion through a real bash: the script the argument parser
/// generates, sourced, then its function run on a command line, calling the
/// real binary back for endpoint keys.
@Suite struct ShellCompletionTests {
    /// The generated bash script, written once per test.
    func script() async throws -> String {
        let r = try await Subprocess.rowboat("--generate-completion-script", "bash")
        #expect(r.status == 0)
        return try Paths.write(r.stdout, name: "rowboat.bash")
    }

    /// What bash offers with the cursor at the end of the last of `words`.
    /// The words are as bash splits a typed line into COMP_WORDS: quotes and
    /// backslashes kept. (Bash also makes `=` a word of its own; the
    /// generated script then takes `--config=FILE` for a positional, so that
    /// form completes no keys in bash.)
    func complete(_ words: String...) async throws -> [String] {
        let script = try await script()
        let bin = URL(fileURLWithPath: Subprocess.rowboat).deletingLastPathComponent().path
        let driver = #"""
        export PATH="$1:$PATH"
        source "$2" || exit 3
        complete -p rowboat > /dev/null || exit 4
        COMP_WORDS=("${@:3}")
        COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_LINE="${*:3}"; COMP_POINT=${#COMP_LINE}
        _rowboat rowboat "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        printf '%s\n' "${COMPREPLY[@]}"
        """#
        let r = try Subprocess.run(["/bin/bash", "--norc", "--noprofile", "-c", driver, "bash", bin, script] + words)
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    /// A config with three endpoints, in a folder whose name has a space.
    func threeEndpointConfig() throws -> String {
        let dir = try Paths.tempDir().appendingPathComponent("my configs")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("api.yaml")
        let yaml = """
        server: http://127.0.0.1:1
        interfaces:
          items: {url: /items, item: {id: id, title: title}}
          search: {url: /search, item: {id: id, title: title}}
          saved: {url: /saved, item: {id: id, title: title}}

        """
        try Data(yaml.utf8).write(to: path)
        return path.path
    }

    @Test func fetchOffersTheDemoEndpoints() async throws {
        let keys = try ConfigFile.load(Paths.demoYAML).endpoints.map(\.key)
        #expect(keys.contains("items"))
        #expect(try await complete("rowboat", "fetch", "").sorted() == keys.sorted())
        #expect(try await complete("rowboat", "fetch", "ite") == keys.filter { $0.hasPrefix("ite") })
        #expect(try await complete("rowboat", "fetch", "x-no-such-") == [])
    }

    @Test func fetchOffersTheKeysOfTheConfigOnTheLine() async throws {
        let path = try threeEndpointConfig()
        let quoted = "'" + path + "'"
        #expect(try await complete("rowboat", "fetch", "--config", quoted, "").sorted() == ["items", "saved", "search"])
        #expect(try await complete("rowboat", "fetch", "--config", quoted, "s").sorted() == ["saved", "search"])
        let escaped = path.replacingOccurrences(of: " ", with: "\\ ")
        #expect(try await complete("rowboat", "fetch", "--format", "json", "--config", escaped, "se") == ["search"])
        #expect(try await complete("rowboat", "fetch", "--config", "\"" + path + "\"", "sa") == ["saved"])
    }

    @Test func browseEndpointOffersTheKeysToo() async throws {
        let path = try threeEndpointConfig()
        let quoted = "'" + path + "'"
        #expect(try await complete("rowboat", "browse", "--config", quoted, "--endpoint", "s").sorted() == ["saved", "search"])
        #expect(try await complete("rowboat", "browse", "--endpoint", "ite") == ["items"])
    }

    @Test func aBrokenConfigCompletesNothing() async throws {
        let path = try Paths.write("server: http://127.0.0.1:1\ninterfaces: [", name: "broken.yaml")
        #expect(try await complete("rowboat", "fetch", "--config", path, "") == [])
        #expect(try await complete("rowboat", "fetch", "--config", "/no/such/file.yaml", "") == [])
    }

    @Test func formatValuesAndSubcommands() async throws {
        #expect(try await complete("rowboat", "fetch", "--format", "j").sorted() == ["json", "jsonl"])
        #expect(try await complete("rowboat", "con") == ["config"])
    }
}
