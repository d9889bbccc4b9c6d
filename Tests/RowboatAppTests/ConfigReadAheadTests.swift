import Foundation
import RowboatApp
import RowboatSpec
import Testing

/// The config file read ahead while the arguments are parsed: which file a
/// command line names, and that what is taken is what a load would give.
@Suite(.serialized)
struct ConfigReadAheadTests {
    let commands: Set<String> = ["browse", "fetch"]

    @Test func theFileACommandLineNames() {
        let named = { (words: [String]) in ConfigReadAhead.named(in: words, commands: self.commands) }
        #expect(named([]) == .some(nil))
        #expect(named(["--mode", "cache-only"]) == .some(nil))
        #expect(named(["--config", "a.yaml", "--mode", "cache-only"]) == .some("a.yaml"))
        #expect(named(["--config=b.yaml"]) == .some("b.yaml"))
        #expect(named(["--config", "a.yaml", "--config", "c.yaml"]) == .some("c.yaml"))
        #expect(named(["fetch", "--config", "a.yaml", "items"]) == .some("a.yaml"))
        #expect(named(["browse", "--config", "a.yaml"]) == .some("a.yaml"))
        // A file whose name is only an option's word after `--` is not one.
        #expect(named(["--", "--config", "a.yaml"]) == .some(nil))
        // None: a URL to probe (as the argument or as --config), help, the
        // version, a command that does not read ahead.
        #expect(named(["https://127.0.0.1:1/items"]) == nil)
        #expect(named(["--config", "HTTP://127.0.0.1:1/items"]) == nil)
        #expect(named(["--config", "a.yaml", "--help"]) == nil)
        #expect(named(["--version"]) == nil)
        #expect(named(["config", "check", "a.yaml"]) == nil)
        #expect(named(["demo-server", "--port", "0"]) == nil)
        #expect(named(["cache", "_write-loop", "--path", "/tmp/x"]) == nil)
    }

    func file(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-ahead-\(UUID().uuidString).yaml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func whatIsTakenIsWhatALoadGivesOnce() throws {
        let path = try file("""
            server: http://127.0.0.1:1
            interfaces:
              items:
                url: /items
                item: {id: id, title: name}
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        ConfigReadAhead.begin(path)
        // Another file is not this load's: nothing, and the load is kept.
        #expect(ConfigReadAhead.take(path + ".other") == nil)
        let taken = try #require(ConfigReadAhead.take(path))
        #expect(try taken.get() == ConfigFile.load(path))
        #expect(ConfigReadAhead.take(path) == nil)
        // Without a load begun, `load` loads.
        #expect(try ConfigReadAhead.load(path) == ConfigFile.load(path))
    }

    @Test func aBrokenFileGivesTheLoadsOwnError() throws {
        let path = try file("server: http://127.0.0.1:1\ninterfaces:\n  items:\n    url: [\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var direct: ConfigError?
        do { _ = try ConfigFile.load(path) } catch { direct = error }
        ConfigReadAhead.begin(path)
        var ahead: ConfigError?
        do { _ = try ConfigReadAhead.load(path) } catch { ahead = error }
        #expect(ahead != nil)
        #expect(ahead == direct)
        // A file that is not there: the same "no such file" as a load.
        let missing = path + ".missing"
        ConfigReadAhead.begin(missing)
        #expect(throws: ConfigError(file: missing, line: nil, column: nil, keyPath: "", message: "no such file")) {
            try ConfigReadAhead.load(missing)
        }
    }
}
