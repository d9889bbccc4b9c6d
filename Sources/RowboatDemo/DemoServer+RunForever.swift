import Foundation
import Logging
import ServiceLifecycle

extension DemoServer {
    /// Runs a demo server in the foreground until SIGINT or SIGTERM, then
    /// shuts down gracefully. Once listening it calls `onListening` with one
    /// line, "demo server listening on http://HOST:PORT", for the CLI to print
    /// (the server itself never prints). A port in use is
    /// `DemoServerError.portInUse`.
    public static func runForever(
        host: String = "127.0.0.1", port: Int = 8080,
        onListening: @escaping @Sendable (_ line: String) -> Void
    ) async throws {
        let state = DemoServerState(catalog: DemoCatalog(baseURL: DemoApplication.baseURL(host: host, port: port),
                                                         newest: DemoCatalog.newest(startedAt: Date().timeIntervalSince1970)))
        let app = DemoApplication.make(host: host, port: port, state: state) { bound in
            onListening("demo server listening on \(DemoApplication.baseURL(host: host, port: bound))")
        }
        do {
            try await ServiceGroups.runInForeground(app)
        } catch {
            throw DemoServerError.explaining(error, host: host, port: port)
        }
    }
}
