/// Runs code against something that must be stopped after it, whether
/// the code returns or throws: the one shape of every `withRunning` (the
/// demo server, the test servers) and of the tests' clients.
package enum Scoped {
    /// `body(resource)`, then `stop(resource)` always; `body`'s result or error.
    package static func run<R, T: Sendable>(_ resource: R, stop: (R) async -> Void,
                                            _ body: (R) async throws -> T) async throws -> T {
        do {
            let result = try await body(resource)
            await stop(resource)
            return result
        } catch {
            await stop(resource)
            throw error
        }
    }
}
