import ArgumentParser
import RowboatSpec

/// Options every data command shares: which config, and how pages are got.
struct SourceOptions: ParsableArguments {
    @Option(name: .long, help: "Config file (YAML, JSON or DataConfig.plist). Default: the embedded demo.",
            completion: .file(extensions: ShellCompletion.configExtensions))
    var config: String?

    @Option(name: .long, help: ArgumentHelp(
        "How pages are got: network, cache-else-network, cache-only or cache-then-network. Default: the endpoint's mode.",
        valueName: "mode"))
    var mode: GetMode?
}
