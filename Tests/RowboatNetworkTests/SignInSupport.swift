import Foundation
import RowboatSpec
import Synchronization
@testable import RowboatNetwork
import RowboatTestSupport

/// Lines a sign-in said, collected.
final class SaidLines: Sendable {
    private let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
    var say: @Sendable (String) -> Void { { [self] in add($0) } }
}

/// Waits a device sign-in asked for, collected.
final class Waits: Sendable {
    private let seconds = Mutex<[Double]>([])
    func add(_ s: Double) { seconds.withLock { $0.append(s) } }
    var all: [Double] { seconds.withLock { $0 } }
}

/// Configs, stores and contexts for the sign-in tests.
enum SignInSupport {
    static func codeConfig(_ server: String, tokenURL: String = "/o/token/", extra: String = "") throws -> RowboatConfig {
        try Support.config("""
        auth: {type: oauth2-code, authorizationURL: /o/authorize/, tokenURL: \(tokenURL),
               revocationURL: /o/revoke_token/, clientId: rowboat-code, scope: read\(extra)}
        interfaces:
          items:
            url: /api/items
            response: {list: items}
            item: {id: id, title: name}
        """, server: server)
    }

    static func deviceConfig(_ server: String, deviceURL: String = "/o/device-authorization/",
                             tokenURL: String = "/o/token/") throws -> RowboatConfig {
        try Support.config("""
        auth: {type: oauth2-device, deviceAuthorizationURL: \(deviceURL), tokenURL: \(tokenURL),
               revocationURL: /o/revoke_token/, clientId: rowboat-device, scope: read}
        interfaces:
          items:
            url: /api/items
            response: {list: items}
            item: {id: id, title: name}
        """, server: server)
    }

    /// A file store in a fresh temporary directory.
    static func fileStore() -> FileTokenStore {
        FileTokenStore(directory: FileManager.default.temporaryDirectory
            .appendingPathComponent("rowboat-tokens-\(UUID().uuidString)").appendingPathComponent("tokens").path)
    }

    static func context(_ config: RowboatConfig, store: any TokenStore, transport: HTTPTransport,
                        clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) -> SignInContext {
        guard case .signIn(let settings)? = config.auth else { preconditionFailure("a sign-in config") }
        return SignInContext(settings: settings, server: config.server, transport: transport, store: store,
                             timeoutSeconds: 10, clock: clock)
    }

    /// The person's browser: signs in at the server and follows `url` to the loopback.
    static let browser: @Sendable (String) async -> String? = { url in
        let run = await OAuthTestServer.person(["open", url])
        return run.status == 0 ? nil : "person.py: \(run.output)"
    }

    /// `url`'s query param `name`.
    static func param(_ name: String, in url: String) -> String? {
        URLComponents(string: url)?.queryItems?.first { $0.name == name }?.value
    }

    /// The mode bits of `path`.
    static func mode(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? nil
    }
}
