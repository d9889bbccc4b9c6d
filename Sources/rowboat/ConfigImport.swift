import ArgumentParser
import Foundation
import RowboatApp
import RowboatCore
import RowboatSpec

/// `rowboat config import DataConfig.plist`: prints the equivalent Rowboat
/// YAML, with comments, paging and item defaults spelled out.
struct ConfigImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Print a DataConfig.plist (or any config) as Rowboat YAML.",
        discussion: "Redirect the output to a file to edit it: rowboat config import DataConfig.plist > api.yaml")

    @Argument(help: "The DataConfig.plist (XML or binary property list), or a YAML or JSON config.",
              completion: .file(extensions: ShellCompletion.configExtensions))
    var file: String

    func run() throws {
        let yaml: String
        do {
            let config = try ConfigFile.load(file)
            let name = URL(fileURLWithPath: file).lastPathComponent
            let data = (try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data()
            yaml = try ConfigYAMLWriter.yaml(config, header: ["Rowboat config imported from \(name) by `rowboat config import`.", ""]
                + (ConfigFile.isPlist(path: file, data: data) ? Self.plistNote : Self.configNote))
        } catch {
            throw StandardStreams.fail(error)
        }
        do { try StandardStreams.out(yaml) } catch {}
    }

    /// What a plist's YAML says first: where its paging and mapping came from.
    static let plistNote = [
        "The plist has no paging or item mapping; these are the defaults for its",
        "envelope {\"code\":200,\"msg\":…,\"datas\":{\"list\":[…],\"page\":N,\"totalPage\":M}}:",
        "page=N from 1 until datas.totalPage, items at datas.list, success when code",
        "is 200, the server's message at msg, and item fields id/title/subtitle/image.",
        "Edit paging, response and item below to match your API.",
    ]

    /// What a YAML or JSON config's copy says first.
    static let configNote = [
        "Its server, communication, localCache, interfaces and tabs with every",
        "default spelled out (header values as ${ROWBOAT_HEADER_…} variables);",
        "auth, keys, theme and images are not copied: take them from the file.",
    ]
}
