import Foundation
import Glibc
import RowboatCache
import RowboatDemo
import RowboatProcess
import Testing
import RowboatTestSupport

/// `rowboat fetch` (headless) against the hostile server: every output
/// format carries only inert text, errors are one line, and a closed stdout
/// is reported instead of output going into whatever file took its number.
@Suite("rowboat CLI against the hostile server", .serialized, .timeLimit(.minutes(2)))
struct HostileCLITests {
    /// Config/hostile.yaml pointed at `server`, in a temp file.
    func config(_ server: HostileServer) throws -> String {
        let text = try String(contentsOf: Paths.root.appendingPathComponent("Config/hostile.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "server: http://127.0.0.1:8090", with: "server: \(server.baseURL)")
        return try Paths.write(text, name: "hostile.yaml")
    }

    /// Bytes no output format may carry: C0 controls but LF/CR/TAB, DEL,
    /// C1, bidi controls, zero-width characters, the BOM.
    func unsafe(_ text: String) -> [String] {
        text.unicodeScalars.filter { s in
            switch s.value {
            case 0x0A, 0x0D, 0x09: false
            case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x206F, 0xFEFF: true
            default: false
            }
        }.map { String($0.value, radix: 16) }
    }

    @Test(arguments: ["table", "csv", "tsv", "jsonl", "json"])
    func hostileTextPrintsOnlyInertCharacters(format: String) async throws {
        let server = try HostileServer.start()
        defer { server.stop() }
        let path = try config(server)
        for key in ["escapes", "huge", "wrong-fields"] {
            let r = try await Subprocess.rowboat("fetch", key, "--config", path, "--format", format)
            #expect(r.status == 0, "\(key) \(format): \(r.stderr)")
            #expect(r.stderr == "")
            #expect(unsafe(r.stdout).isEmpty, "\(key) \(format): \(unsafe(r.stdout))")
            #expect(r.stdout.contains(key == "escapes" ? "PLAIN a harmless row" : key == "huge" ? "PLAIN after the huge"
                                                                                           : "WRONGFIELDS"))
        }
    }

    /// Ids are written whole by every format: exactly in json and jsonl
    /// (what a terminal must not get as `\u` escapes), cleaned but never cut
    /// in csv and tsv; two 100 KB ids alike but for the last byte are two rows.
    @Test func idsAreWrittenWholeAndExactInJSON() async throws {
        let server = try HostileServer.start()
        defer { server.stop() }
        let path = try config(server)
        let r = try await Subprocess.rowboat("fetch", "exact", "--config", path, "--format", "jsonl")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(unsafe(r.stdout).isEmpty)
        let ids = try r.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["id"] as? String
        }
        #expect(Array(ids.suffix(2)) == HostileExactRoutes.longIDs.map { Optional($0) })
        for format in ["csv", "tsv"] {
            let d = try await Subprocess.rowboat("fetch", "exact", "--config", path, "--format", format)
            #expect(d.status == 0)
            // Searched as bytes: `String.contains` of a 100 KB needle takes a minute in a debug build.
            for id in HostileExactRoutes.longIDs { #expect(Data(d.stdout.utf8).range(of: Data(id.utf8)) != nil, "\(format)") }
        }
    }

    @Test func aHostileBodyIsOneLineOnStderrAndNothingOnStdout() async throws {
        let server = try HostileServer.start()
        defer { server.stop() }
        let r = try await Subprocess.rowboat("fetch", "html", "--config", try config(server))
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr == "rowboat: not JSON (text/html; charset=utf-8): \"<!DOCTYPE html><html><head><title>]0;PWNED-TITL…\"\n")
    }

    @Test(arguments: [("loop-cursor", "/loop/cursor", "cursor"), ("loop-nexturl", "/loop/nexturl", "next-page URL")])
    func aPagingLoopEndsWithANoticeAndExitZero(key: String, path: String, noun: String) async throws {
        let server = try HostileServer.start()
        defer { server.stop() }
        let r = try await Subprocess.rowboat("fetch", key, "--pages", "all", "--format", "jsonl",
                                             "--param", "cycle=3", "--config", try config(server))
        // What was printed is whole; the loop is a notice on stderr, not a failure.
        #expect(r.status == 0)
        // The loop served items again: fetch prints each id once and says so.
        #expect(r.stderr == "rowboat: dropped 3 repeated items (same id as one already printed)\n"
            + "rowboat: stopped after 4 pages: the server sent a \(noun) it had sent before (a paging loop)\n")
        #expect(server.requestCount(path: path) == 4)
        let ids = r.stdout.split(separator: "\n").compactMap { line -> Int? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return (object["id"] as? String).flatMap(Int.init) ?? object["id"] as? Int
        }
        #expect(Set(ids) == Set(1...9))
        #expect(ids.count == 9)
    }

    /// `rowboat-hostile` binds 127.0.0.1 and nothing else: there is no
    /// option to choose another address; a port out of range is one line.
    @Test func theHostileServerListensOnLoopbackOnly() async throws {
        let r = try await Subprocess.hostile("--host", "0.0.0.0", "--port", "0")
        #expect(r.status != 0)
        #expect(r.stderr.contains("Unknown option '--host'"))
        let range = try await Subprocess.hostile("--other-port", "70000")
        #expect(range.status != 0)
        #expect(range.stderr.contains("--other-port must be a port from 0 to 65535 (0 picks a free one), not 70000"))
    }

    /// The rowboat binary links no hostile server (it lives in
    /// RowboatTestSupport, with its own executable): no `--hostile`, and
    /// not one of its texts in the binary's bytes.
    @Test func theRowboatBinaryHoldsNoHostileServer() async throws {
        let r = try await Subprocess.rowboat("demo-server", "--hostile")
        #expect(r.status == 64)
        #expect(r.stderr.contains("Unknown option '--hostile'"))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Subprocess.rowboat))
        for text in ["hostile demo server listening", "RowboatTestSupport", "HostileServer"] {
            #expect(bytes.range(of: Data(text.utf8)) == nil, "\(text) is in \(Subprocess.rowboat)")
        }
        let hostile = try Data(contentsOf: URL(fileURLWithPath: Subprocess.hostileBinary))
        #expect(hostile.range(of: Data("hostile demo server listening".utf8)) != nil)
    }

    /// Runs the binary with its cache in `cache`; stdout to `stdout`, or
    /// closed (not redirected: closed) when nil. Blocks until it exits.
    static func spawn(_ arguments: [String], cache: String, stdout: String?) throws -> (status: Int32, stderr: String) {
        let r = try ProcessRunner.run(ProcessSpec([Subprocess.rowboat] + arguments,
                                                  environment: ProcessRunner.environment(["XDG_CACHE_HOME": cache]),
                                                  stdout: stdout.map(ProcessOutput.file) ?? .closed, stderr: .capture))
        return (r.status, r.stderr)
    }

    func runWithStdoutClosed(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let dir = try Paths.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        return try Self.spawn(arguments, cache: dir.appendingPathComponent("cache").path, stdout: nil)
    }

    @Test func twoProcessesOnOneCacheBothFinishAndLeaveItSound() async throws {
        let dir = try Paths.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cache = dir.appendingPathComponent("cache").path
        let outs = [dir.appendingPathComponent("a.tsv").path, dir.appendingPathComponent("b.tsv").path]
        // Both walk all 34 pages of the demo, writing every page to the same
        // database at the same time (each on a thread of its own).
        let results = try await withThrowingTaskGroup(of: (Int32, String).self) { group in
            for out in outs {
                group.addTask {
                    try await withCheckedThrowingContinuation { continuation in
                        Thread {
                            continuation.resume(with: Result {
                                try Self.spawn(["fetch", "items", "--pages", "all", "--format", "tsv"], cache: cache, stdout: out)
                            })
                        }.start()
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.map(\.0) == [0, 0], "\(results)")
        #expect(results.map(\.1) == ["", ""])
        for out in outs {
            let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
            #expect(lines.count == 1001)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: cache + "/rowboat").filter { $0.hasSuffix(".sqlite") }
        #expect(files.count == 1)
        let store = CacheStore(path: cache + "/rowboat/" + files[0])
        #expect(try store.integrityCheck() == "ok")
        #expect(try store.sizes().responses.entries == 34)
    }

    @Test(arguments: [["fetch", "items"], ["config", "check", Paths.demoYAML], ["browse"]])
    func closedStdoutIsOneClearMessage(arguments: [String]) throws {
        // Before the fix, fd 1 was taken by an eventfd of the HTTP client:
        // fetch wrote its table into it, failed, and exited 0 with no word.
        let r = try runWithStdoutClosed(arguments)
        #expect(r.status == 1)
        #expect(r.stderr == "rowboat: standard output is closed; nothing to write to\n")
    }
}
