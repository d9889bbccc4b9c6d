import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import RowboatCore

/// A response as the data layer needs it: status, a few headers, the body.
public struct HTTPReply: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]

    /// The first value of header `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }
}

/// Sends `RequestSpec`s over AsyncHTTPClient with a connect timeout, a
/// whole-request deadline that covers the body, and a body size cap.
public final class HTTPTransport: Sendable {
    public static let defaultMaxBodyBytes = 10 * 1024 * 1024

    let client: HTTPClient
    public let maxBodyBytes: Int

    public init(maxBodyBytes: Int = HTTPTransport.defaultMaxBodyBytes, connectTimeoutSeconds: Int64 = 5) {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: 5, allowCycles: false),
            timeout: .init(connect: .seconds(connectTimeoutSeconds)))
        configuration.connectionPool = .init(idleTimeout: .seconds(60))
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        self.maxBodyBytes = maxBodyBytes
    }

    /// Closes pooled connections; call once when done.
    public func shutdown() async {
        try? await client.shutdown()
    }

    public func send(_ spec: RequestSpec) async throws(DataError) -> HTTPReply {
        let timeout = spec.timeoutSeconds
        do {
            return try await withDeadline(seconds: timeout) { [client, maxBodyBytes] in
                var request = HTTPClientRequest(url: spec.url)
                request.method = spec.method == .post ? .POST : .GET
                for (name, value) in spec.headers { request.headers.add(name: name, value: value) }
                if let body = spec.body { request.body = .bytes(ByteBuffer(bytes: body)) }
                let response = try await client.execute(request, timeout: .milliseconds(Int64(timeout * 1000)))
                if let length = response.headers.first(name: "content-length").flatMap(Int.init), length > maxBodyBytes {
                    throw DataError.bodyTooLarge(limit: maxBodyBytes)
                }
                let buffer: ByteBuffer
                do {
                    buffer = try await response.body.collect(upTo: maxBodyBytes)
                } catch is NIOTooManyBytesError {
                    throw DataError.bodyTooLarge(limit: maxBodyBytes)
                }
                return HTTPReply(status: Int(response.status.code),
                                 headers: response.headers.map { ($0.name, $0.value) },
                                 body: Array(buffer.readableBytesView))
            }
        } catch let e as DataError {
            throw e
        } catch {
            throw NetworkErrorText.dataError(error, url: spec.url, timeout: timeout)
        }
    }

    /// Runs `work`, failing with `.timeout` when it takes longer than `seconds`.
    func withDeadline<T: Sendable>(seconds: Double, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
                throw DataError.timeout(seconds: seconds)
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw DataError.timeout(seconds: seconds) }
            return first
        }
    }
}
