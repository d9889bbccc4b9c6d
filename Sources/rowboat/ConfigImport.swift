import ArgumentParser
import Foundation
import RowboatApp
import RowboatSpec
import RowboatParsing

/// `rowboat config import DataConfig.plist`: prints the equivalent Rowboat
/// YAML, with comments, paging and item defaults spelled out. An OpenAPI
/// document (3.0, 3.1 or Swagger 2.0; a file or a URL) becomes a config
/// with an endpoint per list operation, checked against the live server
/// unless `--offline` (`OpenAPIImport`).
struct ConfigImport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Print an OpenAPI document, a DataConfig.plist (or any config) as Rowboat YAML.",
        discussion: """
        Redirect the output to a file to edit it: rowboat config import DataConfig.plist > api.yaml
        An OpenAPI document (a file or an http(s) URL) gives an endpoint per GET operation whose response is a \
        list; each is checked against the server (a few requests each) unless --offline.
        """)

    @Argument(help: ArgumentHelp("An OpenAPI document (JSON or YAML, a file or a URL), a DataConfig.plist, or a YAML or JSON config.",
                                 valueName: "file"),
              completion: .file(extensions: ShellCompletion.configExtensions))
    var file: String?

    @Option(name: .long, help: ArgumentHelp(
        "A curl command to import (quoted as one argument): its URL, -H, -u, -d, -X and -G make the first request; "
        + "the paging is then checked as for a URL. Never run by a shell.", valueName: "command"))
    var curl: String?

    @Option(name: .long, help: ArgumentHelp(
        "A HAR file (a browser's network log): one endpoint per JSON list request in it, each checked against its server.",
        valueName: "file"), completion: .file(extensions: ["har"]))
    var har: String?

    @Option(name: .long, help: ArgumentHelp("OpenAPI: the server to use instead of the document's.", valueName: "url"))
    var server: String?

    @Flag(name: .long, help: "OpenAPI: write what the document says alone; send no request to the server.")
    var offline = false

    @Option(name: .customLong("max-requests"), parsing: .unconditional, help: ArgumentHelp(
        "OpenAPI: requests per endpoint after its first to check the paging, 0-50.", valueName: "N"))
    var maxRequests: Int = ProbeRun.Options.defaultMaxRequests

    func validate() throws {
        try OptionRange.whole(maxRequests, 0...ProbeOptions.maxRequestsLimit, "requests", option: "--max-requests")
        let given = [file != nil, curl != nil, har != nil].filter { $0 }.count
        if given > 1 { throw ValidationError("give one of a file, --curl or --har") }
        if given == 0 { throw ValidationError("give a file to import, --curl 'curl …' or --har FILE") }
        if (curl != nil || har != nil) && (offline || server != nil) {
            throw ValidationError("--server and --offline are for OpenAPI documents; requests you bring are checked against their server")
        }
        if let server, URLOrigin(server) == nil {
            throw ValidationError("--server \(Sanitizer.clean(server, limit: 100)) is not an http(s) URL")
        }
    }

    func run() async throws {
        if let curl { return try await importCurl(curl) }
        if let har { return try await importHAR(har) }
        let file = file ?? ""
        if try isOpenAPI(file) {
            var options = OpenAPIImport.Options(server: server, offline: offline, maxRequests: maxRequests)
            options.environment = ProcessInfo.processInfo.environment
            let outcome: OpenAPIImport.Outcome
            do {
                outcome = try await OpenAPIImport(options: options).run(file)
            } catch {
                throw StandardStreams.fail(error)
            }
            if !outcome.config.serverContacted, let note = outcome.config.serverNote { StandardStreams.err("rowboat: " + note) }
            do { try StandardStreams.out(outcome.yaml) } catch {}
            return
        }
        if server != nil || offline {
            throw StandardStreams.fail(CLIError("--server and --offline are for OpenAPI documents; \(Sanitizer.clean(file, limit: 100)) is not one"))
        }
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

    /// A URL, or a file whose start names `openapi` or `swagger`.
    func isOpenAPI(_ file: String) throws -> Bool {
        let lower = file.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return true }
        guard let handle = FileHandle(forReadingAtPath: file) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 64 << 10)) ?? Data()
        guard !ConfigFile.isPlist(path: file, data: head) else { return false }
        if OpenAPIImport.looksLikeOpenAPI(Array(head)) { return true }
        // Keys sorted (`components` first) put `openapi:` far down: look for it as a top-level key.
        guard head.count == 64 << 10 else { return false }
        let rest = (try? handle.read(upToCount: OpenAPIReader.maxBytes)) ?? Data()
        return OpenAPIImport.hasTopLevelOpenAPIKey(Array(rest))
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
