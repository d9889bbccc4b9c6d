import Foundation
import RowboatSpec
import RowboatDemo
import Testing
@testable import RowboatNetwork

/// An https server whose certificate nobody trusts (self-signed, made for
/// these tests): the failure is final after one handshake — no retries
/// until the deadline — and the error names the host:port the certificate
/// came from, also when a redirect led there from another origin.
@Suite("TLS: an untrusted certificate is final at once and names its host", .serialized, .timeLimit(.minutes(1)))
struct TLSFailureTests {
    @Test func anUntrustedCertificateIsFinalAfterOneHandshake() async throws {
        let tls = try await TLSTestServer.start()
        let config = try Support.config("""
        communication: {timeout: 5}
        interfaces:
          items: {url: /items, paging: {style: none}, response: {list: datas.list}, item: {id: id, title: title}}
        """, server: tls.baseURL)
        let error = await Support.failure {
            _ = try await Support.withClient(config) { try await $0.fetchPage("items", cursor: .page(0)) }
        }
        #expect(error?.description == "network: untrusted TLS certificate from 127.0.0.1:\(tls.port)",
                "\(String(describing: error))")
        // One handshake, not one every back-off step until the 5 s deadline.
        #expect(tls.connections == 1)
        await tls.stop()
    }

    @Test func aRedirectToAnUntrustedHostNamesThatHostNotTheFirst() async throws {
        let tls = try await TLSTestServer.start()
        try await Hostile.withServer { server in
            let outcome = try await Hostile.fetch("to-https", from: server, params: ["port": .one(String(tls.port))])
            #expect(server.requestCount(path: "/redirect/https") == 1)
            #expect(outcome.error?.description == "network: untrusted TLS certificate from 127.0.0.1:\(tls.port)",
                    "\(String(describing: outcome.error))")
            #expect(outcome.error?.description.contains(":\(server.port)") == false)
            #expect(tls.connections == 1)
        }
        await tls.stop()
    }
}
