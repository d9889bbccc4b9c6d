import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A plain HTTP response as seen by the tests.
struct TestResponse: Sendable {
    let status: Int
    let headers: [String: String]
    let body: Data

    /// Header value by case-insensitive name.
    func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The body parsed as a JSON object.
    func json() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw TestHTTPError.notJSONObject
        }
        return object
    }
}

enum TestHTTPError: Error {
    case notHTTP
    case notJSONObject
}

/// Minimal uncached HTTP GET client over URLSession (127.0.0.1 only).
enum TestHTTP {
    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = 20
        return URLSession(configuration: configuration)
    }()

    static func get(_ url: String, headers: [String: String] = [:]) async throws -> TestResponse {
        var request = URLRequest(url: URL(string: url)!)
        request.cachePolicy = .reloadIgnoringLocalCacheData
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw TestHTTPError.notHTTP }
        var fields: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String {
                fields[key] = value
            }
        }
        return TestResponse(status: http.statusCode, headers: fields, body: data)
    }
}
