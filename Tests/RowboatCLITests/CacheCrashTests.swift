import Foundation
import Glibc
import RowboatCache
import RowboatSpec
import RowboatProcess
import Testing

/// A writer process killed with SIGKILL at random moments leaves a sound
/// database in which every entry it reported committed reads back whole.
@Suite(.timeLimit(.minutes(1)))
struct CacheCrashTests {
    /// Spawns `rowboat cache _write-loop --path dir` with stdout to a file.
    static func spawnWriter(dir: String, out: String) throws -> RunningProcess {
        try ProcessRunner.spawn(ProcessSpec([Subprocess.rowboat, "cache", "_write-loop", "--path", dir], stdout: .file(out)))
    }

    /// The numbers the writer printed as committed (a torn last line is ignored).
    static func committed(_ out: String) -> [Int] {
        let text = String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: out))) ?? Data(), as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().compactMap { Int($0) }
    }

    /// Up to 30 rounds (about 8 s at most) of spawn, wait a random while,
    /// SIGKILL. Returns the numbers reported committed and the kill count.
    static func crashRounds(dir: String) throws -> (reported: Set<Int>, kills: Int) {
        let out = dir + "/committed.txt"
        var reported: Set<Int> = []
        var kills = 0
        let started = ContinuousClock.now
        for _ in 0..<30 where ContinuousClock.now - started < .seconds(8) {
            let writer = try spawnWriter(dir: dir, out: out)
            // Let it start and write for a random while (0.05–0.25 s).
            usleep(UInt32.random(in: 50_000...250_000))
            kill(writer.pid, SIGKILL)
            if writer.wait().signal == SIGKILL { kills += 1 }
            reported.formUnion(committed(out))
        }
        return (reported, kills)
    }

    @Test func sigkilledWriterLeavesEveryCommittedEntryWhole() async throws {
        let dir = try Paths.tempDir().path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // On a thread of its own: the waits never block the concurrency pool.
        let (reported, kills) = try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try Self.crashRounds(dir: dir) }) }.start()
        }
        #expect(kills >= 5)
        #expect(!reported.isEmpty)
        let store = CacheStore(path: dir + "/loop.sqlite")
        #expect(store.notice == nil && store.disabledReason == nil)
        #expect(try store.integrityCheck() == "ok")
        for n in reported {
            let entry = try store.response(ResponseKey(endpoint: "loop", params: [:], cursor: .page(n)))
            let expected = [UInt8](repeating: UInt8(n % 251), count: 1000 + n % 3000)
            #expect(entry?.body == expected, "entry \(n)")
            #expect(entry?.etag == "\"\(n)\"")
        }
    }
}
