import ArgumentParser
import Foundation
import RowboatCore
import RowboatSpec
import RowboatNetwork

/// `rowboat config probe URL`: fetches one response and prints a commented
/// YAML config draft for it (list path, item fields, paging), the first
/// rows as the table would show them, and what it could not decide.
struct ConfigProbe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Fetch one response from URL and print a config draft for it.",
        discussion: """
        Redirect the output to a file, check it and browse it:
          rowboat config probe 'https://api.example.com/v1/items?per_page=20' > api.yaml
          rowboat config check api.yaml && rowboat --config api.yaml
        Credentials given with --header are sent but never written to the draft.
        """)

    @Argument(help: "The URL of a list (http or https), with its query.")
    var url: String

    @Option(name: .long, help: ArgumentHelp("GET or POST.", valueName: "method"))
    var method: String = "GET"

    @Option(name: .long, help: ArgumentHelp("A request body (JSON, or form text) to POST.", valueName: "body"))
    var data: String?

    @Option(name: .long, help: ArgumentHelp("A request header; repeat for more.", valueName: "K: V"))
    var header: [String] = []

    @Option(name: .long, parsing: .unconditional, help: "Seconds for the whole request (more than 0, at most 86400).")
    var timeout: Double = 15

    /// The longest `--timeout`: a day.
    static let maxTimeout: Double = 86_400

    /// Usage mistakes (exit 64, with the pointer to `--help`): a method
    /// other than GET or POST, a body without POST, a header without a
    /// colon, a URL that is not http(s), a timeout out of range.
    func validate() throws {
        try OptionRange.seconds(timeout, maximum: Self.maxTimeout, option: "--timeout")
        do {
            _ = try request()
        } catch let error as CLIError {
            throw ValidationError(error.description)
        }
    }

    func run() async throws {
        let spec: RequestSpec
        do {
            spec = try request()
        } catch {
            throw StandardStreams.fail(error)
        }
        let transport = HTTPTransport()
        let reply: HTTPReply
        do {
            reply = try await transport.send(spec)
        } catch {
            await transport.shutdown()
            throw StandardStreams.fail(error)
        }
        await transport.shutdown()
        let draft: String
        do {
            draft = try ProbeDraft.write(ProbeInput(method: spec.method, url: url, headers: try headers(),
                                                    body: spec.body, status: reply.status,
                                                    responseHeaders: reply.headers, responseBody: reply.body),
                                         width: TerminalWidth.current(), now: Date().timeIntervalSince1970)
        } catch {
            throw StandardStreams.fail(error)
        }
        do { try StandardStreams.out(draft) } catch {}
    }

    func request() throws -> RequestSpec {
        guard let name = HTTPMethodName(rawValue: method.uppercased()), HTTPMethodName.readingMethods.contains(name) else {
            throw CLIError("--method must be GET or POST, not \"\(method)\"")
        }
        guard URLOrigin(url) != nil else { throw CLIError("\(Sanitizer.clean(url, limit: 100)) is not an http(s) URL") }
        var fields: [(String, String)] = [("Accept", "application/json"), ("User-Agent", ClientInfo.current.userAgent)]
        for (k, v) in try headers() {
            fields.removeHeaders(k)
            fields.append((k, v))
        }
        var body: [UInt8]?
        if let data {
            guard name == .post else { throw CLIError("--data needs --method POST") }
            body = Array(data.utf8)
            if !fields.hasHeader("content-type") {
                let json = (try? JSONValue.parse(Data(data.utf8))) != nil
                fields.append(("Content-Type", json ? "application/json" : "application/x-www-form-urlencoded"))
            }
        }
        registerCredentials(headers: try headers(), body: body)
        return RequestSpec(method: name, url: url, headers: fields, body: body, timeoutSeconds: timeout,
                           configHeaderNames: Set(try headers().map { $0.0.lowercased() }),
                           credentialOrigin: URLOrigin(url))
    }

    /// The credentials the probe was given (credential-named headers, query
    /// params and form fields) become secrets before anything is sent, so no
    /// answer, error or draft can show them, and they go only to `url`'s origin.
    func registerCredentials(headers: [(String, String)], body: [UInt8]?) {
        var secrets = headers.filter { CredentialNames.isCredential($0.0) }
            .flatMap { CredentialNames.secrets(inHeaderValue: $0.1) }
        var pairs = URLComponents(string: url)?.queryItems ?? []
        if let body, let form = URLComponents(string: "?" + String(decoding: body, as: UTF8.self))?.queryItems {
            pairs += form
        }
        secrets += pairs.filter { CredentialNames.isCredential($0.name) }.compactMap(\.value)
        guard !secrets.isEmpty else { return }
        Secrets.register(secrets)
        CoreDumps.disable()
    }

    /// `--header 'K: V'` values as pairs.
    func headers() throws -> [(String, String)] {
        try header.map { line in
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                throw CLIError("--header wants 'Name: value', not \"\(Sanitizer.clean(line, limit: 60))\"")
            }
            let name = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
            let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            if value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
                throw CLIError("--header \(Sanitizer.clean(name, limit: 60)): the value holds a line break or NUL (not shown)")
            }
            return (name, value)
        }
    }
}
