extension DemoServer {
    /// Runs `body` against a fresh demo server on 127.0.0.1 (a free port)
    /// and always stops it, also when `body` throws. `onRequest` as for `start`.
    @discardableResult
    public static func withRunning<T: Sendable>(onRequest: (@Sendable (String) -> Void)? = nil,
                                                _ body: (DemoServer) async throws -> T) async throws -> T {
        try await Scoped.run(try await DemoServer.start(host: "127.0.0.1", port: 0, onRequest: onRequest),
                             stop: { await $0.stop() }, body)
    }
}
