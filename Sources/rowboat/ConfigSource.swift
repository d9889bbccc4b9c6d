import Foundation
import RowboatApp
import RowboatSpec
import RowboatDemo

/// The config a command works on: the file named by `--config` (YAML, JSON
/// or a DataConfig.plist), or, with none, the demo config pointed at an
/// embedded demo server started on 127.0.0.1.
///
/// The embedded demo listens on one fixed port (`demoPort`, or
/// `$ROWBOAT_DEMO_PORT`), so the image and link URLs of its items are the
/// same from run to run: the cache's images are used again and favorites
/// keep links that work. When that port is taken (another rowboat is
/// running) it takes a free one, and `notice` says so.
struct ConfigSource {
    var config: RowboatConfig
    /// The embedded demo server, when one was started; `close()` stops it.
    let demo: DemoServer?
    /// For the status bar: the embedded demo could not have its usual port.
    var notice: String?

    /// The embedded demo's port unless `$ROWBOAT_DEMO_PORT` says otherwise
    /// (0 there: a free port every run).
    static let demoPort = 28080

    static func open(_ path: String?,
                     environment: [String: String] = ProcessInfo.processInfo.environment) async throws -> ConfigSource {
        var loaded: RowboatConfig
        do {
            loaded = try ConfigReadAhead.load(path)
        } catch {
            throw CLIError(error.description)
        }
        guard path == nil else { return ConfigSource(config: loaded, demo: nil) }
        let wanted = try preferredPort(environment)
        var notice: String?
        let server: DemoServer
        do {
            do {
                server = try await DemoServer.start(host: "127.0.0.1", port: wanted)
            } catch DemoServerError.portInUse {
                server = try await DemoServer.start(host: "127.0.0.1", port: 0)
                notice = "port \(wanted) in use: demo on \(server.port)"
            }
        } catch {
            throw CLIError("cannot start the demo server: \(error)")
        }
        loaded.server = server.baseURL
        return ConfigSource(config: loaded, demo: server, notice: notice)
    }

    /// `$ROWBOAT_DEMO_PORT`, else `demoPort`.
    static func preferredPort(_ environment: [String: String]) throws(CLIError) -> Int {
        guard let text = environment["ROWBOAT_DEMO_PORT"], !text.isEmpty else { return demoPort }
        guard let port = Int(text), (0...65535).contains(port) else {
            throw CLIError("ROWBOAT_DEMO_PORT must be a port from 0 to 65535 (0 picks a free one), not \"\(text)\"")
        }
        return port
    }

    /// The endpoint `key`, or the config's first when nil. The error names
    /// the config file only when the user passed one, and suggests the
    /// closest key.
    func endpoint(named key: String?) throws(CLIError) -> Endpoint {
        let prefix = demo == nil ? "\(config.source): " : ""
        guard let key else {
            guard let first = config.defaultEndpoint else { throw CLIError("\(prefix)no endpoints") }
            return first
        }
        guard let endpoint = config.endpoint(key) else {
            let keys = config.endpoints.map(\.key)
            let hint = Suggestion.hint(for: key, in: keys)
            throw CLIError("\(prefix)no endpoint named \"\(key)\"\(hint) (endpoints: \(keys.joined(separator: ", ")))")
        }
        return endpoint
    }

    /// Stops the embedded demo server, if any.
    func close() async {
        await demo?.stop()
    }
}
