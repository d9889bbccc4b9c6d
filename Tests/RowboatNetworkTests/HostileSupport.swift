#if canImport(Glibc)
import Glibc
#endif
import Foundation
import RowboatSpec
import RowboatParsing
import RowboatDemo
import Synchronization
@testable import RowboatNetwork
import RowboatTestSupport

/// Helpers for the hostile-server tests: Config/hostile.yaml pointed at a
/// server started for the test, fetches that report how long they took and
/// how much memory they used, and the "safe for a terminal" check.
enum Hostile {
    /// Config/hostile.yaml with `server` pointed at `server`.
    static func config(_ server: HostileServer) throws -> RowboatConfig {
        let file = Support.packageRoot.appendingPathComponent("Config/hostile.yaml")
        let text = try String(contentsOf: file, encoding: .utf8)
            .replacingOccurrences(of: "server: http://127.0.0.1:8090", with: "server: \(server.baseURL)")
        return try ConfigLoader.parse(text, file: file.path)
    }

    /// Runs `body` with a fresh hostile server and always stops it.
    static func withServer<T>(slowPageDelay: Double = 3, _ body: (HostileServer) async throws -> T) async throws -> T {
        let server = try HostileServer.start(slowPageDelay: slowPageDelay)
        defer { server.stop() }
        return try await body(server)
    }

    /// What one fetch did.
    struct Outcome {
        var page: PageResult?
        var error: DataError?
        var elapsed: Duration
        /// Largest resident-set growth seen while it ran, in bytes.
        var memoryGrowth: Int
    }

    /// Fetches the first page of endpoint `key`, sampling memory meanwhile.
    /// `inside` runs with the client before it is shut down.
    static func fetch(_ key: String, from server: HostileServer, params: [String: ParamValue] = [:],
                      inside: @Sendable (DataClient) async -> Void = { _ in }) async throws -> Outcome {
        let config = try config(server)
        let sampler = MemorySampler()
        let clock = ContinuousClock()
        let start = clock.now
        var outcome = Outcome(page: nil, error: nil, elapsed: .zero, memoryGrowth: 0)
        try await Support.withClient(config) { client in
            do {
                let first = PagingPlan(paging: config.endpoint(key)?.paging ?? Paging()).first
                outcome.page = try await client.fetchPage(key, cursor: first, params: params)
            } catch let error as DataError {
                outcome.error = error
            } catch {
                outcome.error = .network("unexpected \(error)")
            }
            outcome.elapsed = clock.now - start
            await inside(client)
        }
        outcome.memoryGrowth = sampler.stop()
        return outcome
    }

    /// Scalars that must never come out of mapping: C0 and C1 controls,
    /// DEL, bidi embeddings/overrides/isolates and marks, zero-width
    /// characters, the BOM, interlinear annotations and tag characters.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200B...0x200F, 0x2028, 0x2029, 0x202A...0x202E,
             0x2060...0x206F, 0xFEFF, 0xFFF9...0xFFFB, 0xE0000...0xE007F: true
        default: false
        }
    }

    /// The unsafe scalars in `text`, as hex, for failure messages.
    static func unsafeScalars(_ text: String) -> [String] {
        text.unicodeScalars.filter(isUnsafe).map { String($0.value, radix: 16) }
    }

    /// Every text of every item of `page`.
    static func texts(_ page: PageResult) -> [String] {
        page.items.flatMap { item in [item.id] + item.values.values.map(\.plainText) }
    }
}

/// Samples this process's resident set size every few milliseconds on a
/// thread of its own and reports the largest growth over the first sample.
final class MemorySampler: Sendable {
    private let state = Mutex((running: true, baseline: 0, peak: 0))
    private let done = Mutex<Bool>(false)

    init() {
        let baseline = Self.residentBytes()
        state.withLock { $0 = (true, baseline, baseline) }
        let thread = Thread { [self] in
            while state.withLock({ $0.running }) {
                let now = Self.residentBytes()
                state.withLock { $0.peak = max($0.peak, now) }
                usleep(5_000)
            }
            done.withLock { $0 = true }
        }
        thread.start()
    }

    /// Stops sampling; the peak growth in bytes.
    func stop() -> Int {
        let now = Self.residentBytes()
        state.withLock { $0.running = false; $0.peak = max($0.peak, now) }
        while !done.withLock({ $0 }) { usleep(1_000) }
        return state.withLock { $0.peak - $0.baseline }
    }

    /// Resident set size from /proc/self/statm.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }
}
