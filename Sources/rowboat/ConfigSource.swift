import RowboatApp
import RowboatCore
import RowboatDemo

/// The config a command works on: the file named by `--config` (YAML, JSON
/// or a DataConfig.plist), or, with none, the demo config pointed at an
/// embedded demo server started on 127.0.0.1 with a free port.
struct ConfigSource {
    var config: RowboatConfig
    /// The embedded demo server, when one was started; `close()` stops it.
    let demo: DemoServer?

    static func open(_ path: String?) async throws -> ConfigSource {
        var loaded: RowboatConfig
        do {
            loaded = try ConfigFile.load(path ?? ConfigFile.demoConfigPath())
        } catch {
            throw CLIError(error.description)
        }
        guard path == nil else { return ConfigSource(config: loaded, demo: nil) }
        let server: DemoServer
        do {
            server = try await DemoServer.start(host: "127.0.0.1", port: 0)
        } catch {
            throw CLIError("cannot start the demo server: \(error)")
        }
        loaded.server = server.baseURL
        return ConfigSource(config: loaded, demo: server)
    }

    /// The endpoint `key`, or the config's first when nil.
    func endpoint(named key: String?) throws(CLIError) -> Endpoint {
        guard let key else {
            guard let first = config.defaultEndpoint else { throw CLIError("\(config.source): no endpoints") }
            return first
        }
        guard let endpoint = config.endpoint(key) else {
            let known = config.endpoints.map(\.key).joined(separator: ", ")
            throw CLIError("\(config.source): no endpoint named \"\(key)\" (known: \(known))")
        }
        return endpoint
    }

    /// Stops the embedded demo server, if any.
    func close() async {
        await demo?.stop()
    }
}
