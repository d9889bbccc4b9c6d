import RowboatDemo
import RowboatTestSupport

/// Runs `body` against a fresh demo server on 127.0.0.1:0 and always stops it.
@discardableResult
func withDemoServer<T: Sendable>(_ body: (CountedDemoServer) async throws -> T) async throws -> T {
    try await CountedDemoServer.withRunning(body)
}
