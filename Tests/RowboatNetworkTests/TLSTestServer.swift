import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import Synchronization

/// An https server on 127.0.0.1 with a self-signed certificate (so no
/// client trusts it) that counts the TCP connections it accepts: each one
/// is one TLS handshake attempt by the client.
final class TLSTestServer: Sendable {
    let port: Int
    var baseURL: String { "https://127.0.0.1:\(port)" }
    private let counter: ConnectionCounter
    private let task: Mutex<Task<Void, any Error>?>

    private init(port: Int, counter: ConnectionCounter, task: Task<Void, any Error>) {
        self.port = port
        self.counter = counter
        self.task = Mutex(task)
    }

    /// Connections accepted so far (handshake attempts).
    var connections: Int { counter.count.withLock { $0 } }

    static func start() async throws -> TLSTestServer {
        var tls = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(try NIOSSLCertificate(bytes: Array(certificatePEM.utf8), format: .pem))],
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(privateKeyPEM.utf8), format: .pem)))
        tls.minimumTLSVersion = .tlsv12
        let configuration = tls
        let counter = ConnectionCounter()
        let router = Router()
        router.get("**") { _, _ in "{\"code\":200,\"datas\":{\"list\":[]}}" }
        let server = HTTPServerBuilder { responder in
            CountingChannel(base: try TLSChannel(HTTP1Channel(responder: responder), tlsConfiguration: configuration), counter: counter)
        }
        let (port, task) = try await startOnLoopback(router, server: server)
        return TLSTestServer(port: port, counter: counter, task: task)
    }

    /// Stops the server and waits until it is gone.
    func stop() async {
        guard let task = task.withLock({ t in defer { t = nil }; return t }) else { return }
        task.cancel()
        _ = await task.result
    }

    /// A throwaway self-signed certificate for 127.0.0.1 and localhost
    /// (valid 2000–2126), made with `openssl ca -selfsign` for these tests
    /// only; its key below guards nothing.
    static let certificatePEM = """
    -----BEGIN CERTIFICATE-----
    MIIBzTCCAXOgAwIBAgICEAAwCgYIKoZIzj0EAwIwTzESMBAGA1UEAwwJMTI3LjAu
    MC4xMTkwNwYDVQQKDDBSb3dib2F0IHRlc3QgKHNlbGYtc2lnbmVkLCB1bnRydXN0
    ZWQgb24gcHVycG9zZSkwIBcNMDAwMTAxMDAwMDAwWhgPMjEyNjAxMDEwMDAwMDBa
    ME8xEjAQBgNVBAMMCTEyNy4wLjAuMTE5MDcGA1UECgwwUm93Ym9hdCB0ZXN0IChz
    ZWxmLXNpZ25lZCwgdW50cnVzdGVkIG9uIHB1cnBvc2UpMFkwEwYHKoZIzj0CAQYI
    KoZIzj0DAQcDQgAEmIMgLqHaC/tX6BB97OxLIcHswe8EjnjHk9/uWCmKWT8gDqCG
    irHnPvtbRKDK8UBQpd0jN3m4/51WHnkqAvitt6M9MDswGgYDVR0RBBMwEYcEfwAA
    AYIJbG9jYWxob3N0MB0GA1UdDgQWBBT++CaSePdHoWTSPrK0gh3IHIPyAzAKBggq
    hkjOPQQDAgNIADBFAiEArqENABq/9zktMJc8ufbSR3i3KVUvB2fMfgPNw4k7HVsC
    IBTaKNl7voKh/lqzlh8THkpVqw6KpGyfgedN9CVGNPxi
    -----END CERTIFICATE-----
    """

    static let privateKeyPEM = """
    -----BEGIN PRIVATE KEY-----
    MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgfAyqLpKNRLUUYKAd
    4vXkNyYxGxxk/XagvTs+dtagXRShRANCAASYgyAuodoL+1foEH3s7EshwezB7wSO
    eMeT3+5YKYpZPyAOoIaKsec++1tEoMrxQFCl3SM3ebj/nVYeeSoC+K23
    -----END PRIVATE KEY-----
    """
}

/// Counts connections, then sets up the wrapped child channel.
private final class ConnectionCounter: Sendable {
    let count = Mutex(0)
}

private struct CountingChannel<Base: ServerChildChannel>: ServerChildChannel {
    let base: Base
    let counter: ConnectionCounter

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Base.Value> {
        counter.count.withLock { $0 += 1 }
        return base.setup(channel: channel, logger: logger)
    }

    func handle(value: Base.Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
