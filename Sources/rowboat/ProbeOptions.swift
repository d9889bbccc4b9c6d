import ArgumentParser
import Foundation
import RowboatApp
import RowboatNetwork
import RowboatSpec
import RowboatParsing

/// The probe's request and bounds, shared by `rowboat config probe URL`
/// and `rowboat URL`: method, body, headers (a `${NAME}` in a value, or in
/// the URL, is read from the environment and the draft reads the same
/// variable), basic auth, the deadline and how many more requests the
/// probe may send to verify its guess.
struct ProbeOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("GET or POST.", valueName: "method"))
    var method: String = "GET"

    @Option(name: .long, help: ArgumentHelp("A request body (JSON, or form text) to POST.", valueName: "body"))
    var data: String?

    @Option(name: .long, help: ArgumentHelp(
        "A request header; repeat for more. ${NAME} in the value is read from the environment.", valueName: "K: V"))
    var header: [String] = []

    @Option(name: .long, help: ArgumentHelp("Basic auth (sent as an Authorization header).", valueName: "user:password"))
    var user: String?

    @Option(name: .long, parsing: .unconditional, help: "Seconds for each request (more than 0, at most 86400).")
    var timeout: Double = 15

    @Option(name: .customLong("max-requests"), parsing: .unconditional, help: ArgumentHelp(
        "Requests after the first to verify the paging guess, 0-50 (0: none).", valueName: "N"))
    var maxRequests: Int = ProbeRun.Options.defaultMaxRequests

    /// The longest `--timeout`: a day.
    static let maxTimeout: Double = 86_400
    /// The most `--max-requests`.
    static let maxRequestsLimit = 50

    /// True when any probe option differs from its default (they need a URL).
    var isSet: Bool {
        method.uppercased() != "GET" || data != nil || !header.isEmpty || user != nil || timeout != 15
            || maxRequests != ProbeRun.Options.defaultMaxRequests
    }

    /// Range checks (exit 64 with the pointer to `--help`).
    func validate() throws {
        try OptionRange.seconds(timeout, maximum: Self.maxTimeout, option: "--timeout")
        try OptionRange.whole(maxRequests, 0...Self.maxRequestsLimit, "requests", option: "--max-requests")
    }

    /// The first request for `url`, the headers as given (values filled
    /// in) and the variables named in them. Usage mistakes are `CLIError`s:
    /// a method other than GET or POST, a body without POST, a header
    /// without a colon, a URL that is not http(s), an unset variable.
    func request(_ rawURL: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(CLIError) -> (spec: RequestSpec, headers: [(String, String)], references: [String: String]) {
        guard let name = HTTPMethodName(rawValue: method.uppercased()), HTTPMethodName.readingMethods.contains(name) else {
            throw CLIError("--method must be GET or POST, not \"\(Sanitizer.clean(method, limit: 40))\"")
        }
        var references: [String: String] = [:]
        let url = try Self.fill(rawURL, what: "the URL", environment: environment, into: &references)
        guard URLOrigin(url) != nil else { throw CLIError("\(Sanitizer.clean(rawURL, limit: 100)) is not an http(s) URL") }
        var given = try headers(environment: environment, into: &references)
        if let user {
            guard user.contains(":") else { throw CLIError("--user wants 'name:password'") }
            let filled = try Self.fill(user, what: "--user", environment: environment, into: &references)
            given.append(("Authorization", "Basic " + Data(filled.utf8).base64EncodedString()))
        }
        var fields: [(String, String)] = [("Accept", "application/json"), ("User-Agent", ClientInfo.current.userAgent)]
        for (k, v) in given {
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
        registerCredentials(url: url, headers: given, body: body)
        let spec = RequestSpec(method: name, url: url, headers: fields, body: body, timeoutSeconds: timeout,
                               configHeaderNames: Set(given.map { $0.0.lowercased() }), credentialOrigin: URLOrigin(url))
        return (spec, given, references)
    }

    /// The probe's bounds.
    var bounds: ProbeRun.Options {
        ProbeRun.Options(maxRequests: maxRequests, timeoutSeconds: timeout)
    }

    /// The credentials the probe was given (credential-named headers, query
    /// params and form fields) become secrets before anything is sent, so no
    /// answer, error or draft can show them, and they go only to `url`'s origin.
    func registerCredentials(url: String, headers: [(String, String)], body: [UInt8]?) {
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

    /// `--header 'K: V'` values as pairs, `${NAME}` filled in.
    func headers(environment: [String: String], into references: inout [String: String]) throws(CLIError) -> [(String, String)] {
        try Self.parseHeaders(header, environment: environment, into: &references)
    }

    /// `K: V` lines as pairs, `${NAME}` filled in (noted in `references`).
    static func parseHeaders(_ lines: [String], environment: [String: String],
                             into references: inout [String: String]) throws(CLIError) -> [(String, String)] {
        var out: [(String, String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                throw CLIError("--header wants 'Name: value', not \"\(Sanitizer.clean(line, limit: 60))\"")
            }
            let name = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
            guard name.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
                throw CLIError("--header \"\(Sanitizer.clean(name, limit: 60))\": a header name is printable ASCII without spaces")
            }
            let raw = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            let value = try Self.fill(raw, what: "--header \(name)", environment: environment, into: &references)
            if value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
                throw CLIError("--header \(Sanitizer.clean(name, limit: 60)): the value holds a line break or NUL (not shown)")
            }
            out.append((name, value))
        }
        return out
    }

    /// `text` with each `${NAME}` replaced by the variable's value (noted
    /// in `references`); an unset one is a usage mistake. Read with
    /// `DollarPieces`, as configs are; anything else (`$$`, a lone `$`, a
    /// `${` that names no shell variable) stays as written.
    static func fill(_ text: String, what: String, environment: [String: String],
                     into references: inout [String: String]) throws(CLIError) -> String {
        guard text.contains("${") else { return text }
        var out = ""
        for piece in DollarPieces.of(text) {
            switch piece {
            case .text(let t): out += t
            case .dollar: out += "$$"
            case .lone: out += "$"
            case .unclosed(let raw): out += raw
            case .reference(let name, let raw):
                guard let first = name.first, first == "_" || (first.isASCII && first.isLetter),
                      name.allSatisfy({ $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }) else {
                    out += raw
                    continue
                }
                guard let value = environment[name] else {
                    throw CLIError("\(what): environment variable \(name) is not set")
                }
                references[name] = value
                out += value
            }
        }
        return out
    }
}
