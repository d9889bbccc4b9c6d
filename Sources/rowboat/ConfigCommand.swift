import ArgumentParser

/// `rowboat config check|import`: work on config files without browsing.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Check a config file, import a DataConfig.plist as YAML, or draft one from a URL.",
        subcommands: [ConfigCheck.self, ConfigImport.self, ConfigProbe.self])
}
