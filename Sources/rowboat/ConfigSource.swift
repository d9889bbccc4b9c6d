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
