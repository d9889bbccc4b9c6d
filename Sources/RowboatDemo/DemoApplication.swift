import Hummingbird
import HummingbirdWebSocket
import Logging

/// Assembles the Hummingbird application for the demo server.
enum DemoApplication {
    /// The base URL for a bound host and port; IPv6 hosts are bracketed.
    static func baseURL(host: String, port: Int) -> String {
        let authority = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "http://\(authority):\(port)"
    }

    /// An application bound only to `host:port` (port 0 = ephemeral). Once it
    /// is listening, the catalog is rebased onto the real port and
    /// `onListening` receives the bound port.
    static func make(
        host: String, port: Int, state: DemoServerState,
        onListening: @escaping @Sendable (Int) -> Void
    ) -> some ApplicationProtocol {
        Application(
            router: DemoRoutes.makeRouter(state: state),
            // HTTP/1 with the market's WebSocket (`DemoWebSocketRoutes`) beside the routes.
            server: .http1WebSocketUpgrade { request, _, _ in
                DemoWebSocketRoutes.shouldUpgrade(request, onRequest: state.onRequest)
            },
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "rowboat-demo"),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? port
                state.rebase(to: baseURL(host: host, port: bound))
                onListening(bound)
            },
            logger: QuietLogger.make()
        )
    }
}
