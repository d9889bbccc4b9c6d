import ArgumentParser
import RowboatApp
import RowboatSpec

/// `rowboat config check FILE`: loads the file with the real loader and
/// prints `FILE: ok (N endpoints: a, b)`, or its one-line error
/// `rowboat: file:line:column: …` (exit 1).
struct ConfigCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate a config file (YAML, JSON or DataConfig.plist).",
        discussion: "Prints FILE: ok (N endpoints: KEYS) and exits 0, or one line rowboat: file:line:column: key.path: problem on stderr and exits 1.")

    @Argument(help: "The config file.", completion: .file(extensions: ShellCompletion.configExtensions))
    var file: String

    func run() throws {
        let config: RowboatConfig
        do {
            config = try ConfigFile.load(file)
        } catch {
            throw StandardStreams.fail(error)
        }
        let keys = config.endpoints.map(\.key)
        let noun = keys.count == 1 ? "endpoint" : "endpoints"
        do {
            try StandardStreams.out(Sanitizer.clean("\(file): ok (\(keys.count) \(noun): \(keys.joined(separator: ", ")))",
                                                    limit: 1000) + "\n")
        } catch {}
    }
}
