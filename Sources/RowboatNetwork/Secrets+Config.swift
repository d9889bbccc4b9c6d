import RowboatSpec

extension Secrets {
    /// Puts `config`'s credentials under watch: its `RowboatConfig.secrets`
    /// are registered (redacted from then on), and with any there, core
    /// files are turned off. Called where a program puts a config to use
    /// (the `rowboat` commands, the probe's walk, an OpenAPI import), never
    /// by a value's initializer: making a `DataClient` changes nothing
    /// outside it.
    public static func adopt(_ config: RowboatConfig) {
        register(config.secrets.values)
        if !config.secrets.isEmpty { CoreDumps.disable() }
    }
}
