import ArgumentParser

/// `rowboat config check|import`: work on config files without browsing.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Check a config file, or import a DataConfig.plist as YAML.",
        subcommands: [ConfigCheck.self, ConfigImport.self])
}
