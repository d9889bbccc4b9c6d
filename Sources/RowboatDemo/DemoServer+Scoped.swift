extension DemoServer {
    /// Runs `body` against a fresh demo server on 127.0.0.1 (a free port)
    /// and always stops it, also when `body` throws. `onRequest` as for `start`.
    @discardableResult
    public static func withRunning<T: Sendable>(onRequest: (@Sendable (String) -> Void)? = nil,
                                                _ body: (DemoServer) async throws -> T) async throws -> T {
        let server = try await DemoServer.start(host: "127.0.0.1", port: 0, onRequest: onRequest)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }
}
