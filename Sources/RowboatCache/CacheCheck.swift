import Foundation
import GRDB

/// The full check of a cache file too large to be read whole before the
/// first screen (`CacheOpener.checkedAtOpenBytes`): `PRAGMA quick_check`
/// reads every page — about 90 ms for 200 MB from memory, more from a
/// cold disk — so it runs on a utility thread once the file is open. A
/// file found damaged gets a marker next to it (`<file>.damaged`), and the
/// next open moves it aside and starts a fresh one, as a damaged file
/// found at open is.
final class CacheCheck: @unchecked Sendable {
    private let condition = NSCondition()
    private var verdict: Bool?

    /// Starts checking `pool`'s file at `path`.
    init(pool: DatabasePool, path: String) {
        DispatchQueue.global(qos: .utility).async { [self] in
            let sound = (try? pool.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }) == ["ok"]
            if !sound { _ = FileManager.default.createFile(atPath: CacheCheck.marker(for: path), contents: nil) }
            condition.withLock {
                verdict = sound
                condition.broadcast()
            }
        }
    }

    /// The file's marker: present when a check found it damaged.
    static func marker(for path: String) -> String { path + ".damaged" }

    /// Waits up to `timeout` seconds for the check: true when the file is
    /// sound, false when damaged, nil when the check is still running.
    func wait(timeout: Double) -> Bool? {
        let deadline = Date().addingTimeInterval(timeout)
        return condition.withLock {
            while verdict == nil, condition.wait(until: deadline) {}
            return verdict
        }
    }
}
