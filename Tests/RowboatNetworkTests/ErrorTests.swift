import Foundation
import RowboatSpec
import Testing
@testable import RowboatNetwork

@Suite("DataError lines from a real server", .timeLimit(.minutes(1)))
struct ErrorTests {
    static func config(_ server: String, timeout: Double = 10, maxBodyBytes: Int? = nil) throws -> RowboatConfig {
        try Support.config("""
        communication: {timeout: \(timeout)\(maxBodyBytes.map { ", maxBodyBytes: \($0)" } ?? "")}
        interfaces:
          items:
            url: /x
            response: {list: data.items, success: code, successValues: [200], message: msg}
            item: {id: id, title: name}
        """, server: server)
    }

    /// The one-line error fetching /x gives when the server answers `reply`.
    static func line(for reply: Reply, timeout: Double = 10) async throws -> String? {
        try await withTestServer({ _, _ in reply }) { server in
            let config = try Self.config(server.baseURL, timeout: timeout)
            return await Support.failure {
                try await Support.withClient(config) { _ = try await $0.fetchPage("items", cursor: .first) }
            }?.description
        }
    }

    @Test func serverErrorWithTheServersMessage() async throws {
        #expect(try await Self.line(for: .json(["code": 500, "msg": "database down"])) == "server error: database down")
        #expect(try await Self.line(for: .json(["code": 401])) == "server error: no message")
    }

    @Test func httpStatus() async throws {
        #expect(try await Self.line(for: .json(["msg": "no such list"], status: 404)) == "HTTP 404: no such list")
        #expect(try await Self.line(for: .text("oops", status: 500)) == "HTTP 500")
    }

    @Test func notJSON() async throws {
        let html = "<html><head><title>Login\u{1B}[2J</title></head><body>please sign in first</body></html>"
        let line = try await Self.line(for: .text(html, contentType: "text/html; charset=utf-8"))
        #expect(line == "not JSON (text/html; charset=utf-8): \"<html><head><title>Login[2J</title></head><body…\"")
        #expect(try await Self.line(for: Reply(body: Array("nope".utf8))) == "not JSON (no content type): \"nope\"")
    }

    @Test func emptyResponse() async throws {
        #expect(try await Self.line(for: Reply(status: 204)) == "empty response")
        #expect(try await Self.line(for: Reply(status: 200, headers: [("Content-Type", "application/json")]))
            == "empty response")
    }

    @Test func mappingMismatchNamesThePath() async throws {
        #expect(try await Self.line(for: .json(["code": 200, "data": ["items": ["a": 1]]]))
            == "mapping mismatch at data.items: found an object with keys a")
        #expect(try await Self.line(for: .json(["code": 200, "data": ["list": []]]))
            == "mapping mismatch at data.items: found nothing")
        #expect(try await Self.line(for: .json(["code": 200, "data": ["items": [["id": 1, "name": "a"], ["name": "b"]]]]))
            == "mapping mismatch at data.items[1].id: found nothing")
    }

    @Test func connectionRefused() async throws {
        let port = try Support.closedPort()
        let config = try Self.config("http://127.0.0.1:\(port)")
        let error = await Support.failure {
            try await Support.withClient(config) { _ = try await $0.fetchPage("items", cursor: .first) }
        }
        #expect(error?.description == "network: connection refused by 127.0.0.1:\(port)")
    }

    @Test func timeoutOnAStallingServer() async throws {
        var reply = Reply.json(["code": 200, "data": ["items": [Any]()]])
        reply.stall = 10
        let stall = reply
        try await withTestServer({ _, _ in stall }) { server in
            let config = try Self.config(server.baseURL, timeout: 0.5)
            let clock = ContinuousClock()
            let start = clock.now
            let error = await Support.failure {
                try await Support.withClient(config) { _ = try await $0.fetchPage("items", cursor: .first) }
            }
            let elapsed = clock.now - start
            #expect(error?.description == "network: timed out after 0.5 s")
            // Ended by our deadline, not by the server's 10 s stall (a generous
            // bound, not a timing target: CI machines are busy).
            #expect(elapsed < .seconds(8))
        }
    }

    @Test func bodyTooLargeByContentLength() async throws {
        try await withTestServer({ _, _ in Reply.text(String(repeating: "x", count: 5000)) }) { server in
            let config = try Self.config(server.baseURL, maxBodyBytes: 1000)
            let error = await Support.failure {
                try await Support.withClient(config) { _ = try await $0.fetchPage("items", cursor: .first) }
            }
            #expect(error?.description == "response body larger than 1000 bytes")
        }
    }

    @Test func bodyTooLargeWhileStreaming() async throws {
        let chunked = Reply(headers: [("Content-Type", "application/json")],
                            chunks: Array(repeating: Array(repeating: UInt8(ascii: " "), count: 300), count: 10))
        try await withTestServer({ _, _ in chunked }) { server in
            let config = try Self.config(server.baseURL, maxBodyBytes: 1000)
            let error = await Support.failure {
                try await Support.withClient(config) { _ = try await $0.fetchPage("items", cursor: .first) }
            }
            #expect(error?.description == "response body larger than 1000 bytes")
            #expect(server.requests.count == 1)
        }
    }

    @Test func unknownEndpoint() async throws {
        let config = try Self.config("http://127.0.0.1:9")
        let error = await Support.failure {
            try await Support.withClient(config) { _ = try await $0.fetchPage("nope", cursor: .first) }
        }
        #expect(error?.description == "no endpoint named \"nope\" in the config")
    }
}
