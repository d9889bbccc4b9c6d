import Foundation
import RowboatApp
import RowboatParsing
import RowboatSpec

/// `rowboat config import --har FILE`: the JSON list requests of a
/// browser's network log (`HarReader`, read in pieces: memory follows one
/// entry, whatever the file's size), each checked against its server as a
/// URL is (`ProbeRun`, through `ConfigProbe.probe`), written as one config
/// with an endpoint each. One request: its draft as `config probe` writes
/// it. Credentials in the requests are sent to their origin only and
/// written as `${VARIABLE}` references, never as values.
extension ConfigImport {
    /// The most endpoints one import checks (each takes a few requests).
    static let maxHarEndpoints = 20
    /// The largest HAR read.
    static let maxHarBytes = 4 << 30

    func importHAR(_ path: String) async throws {
        let requests: [HarReader.Request]
        do {
            requests = try Self.readHAR(path)
        } catch {
            throw StandardStreams.fail(error)
        }
        guard !requests.isEmpty else {
            throw StandardStreams.fail(CLIError("--har \(path): no JSON list request in it (a 2xx answer with a JSON "
                                                + "content type whose body is, or holds, a list)"))
        }
        if requests.count > Self.maxHarEndpoints {
            StandardStreams.err("rowboat: --har: \(requests.count) JSON list requests; importing the first \(Self.maxHarEndpoints)")
        }
        var outcomes: [(HarReader.Request, ProbeRun.Outcome)] = []
        for request in requests.prefix(Self.maxHarEndpoints) {
            var options = try ProbeOptions.parse([])
            options.method = request.method
            options.data = request.body
            options.header = request.headers
            options.maxRequests = maxRequests
            do {
                outcomes.append((request, try await ConfigProbe.probe(request.url, options: options, width: TerminalWidth.current())))
            } catch {
                StandardStreams.err("rowboat: --har: \(request.method) \(request.url): \(error); left out")
            }
        }
        guard let first = outcomes.first else { throw StandardStreams.fail(CLIError("--har: no request in it could be checked")) }
        if outcomes.count == 1 {
            if let warning = first.1.warning { StandardStreams.err("rowboat: \(warning)") }
            do { try StandardStreams.out(first.1.draft) } catch {}
            return
        }
        do {
            try StandardStreams.out(try Self.merged(outcomes.map(\.1), har: URL(fileURLWithPath: path).lastPathComponent))
        } catch is StandardStreams.Closed {
        } catch {
            throw StandardStreams.fail(error)
        }
    }

    /// The requests of the HAR at `path`, read a MiB at a time.
    static func readHAR(_ path: String) throws -> [HarReader.Request] {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw CLIError("--har \(path): cannot read the file") }
        defer { try? handle.close() }
        if let size = try? handle.seekToEnd(), size > maxHarBytes {
            throw CLIError("--har \(path): \(size >> 20) MB, more than the \(maxHarBytes >> 20) MB a HAR may be")
        }
        try handle.seek(toOffset: 0)
        var reader = HarReader()
        var failure: HarReader.Failure?
        while failure == nil, let piece = try handle.read(upToCount: 1 << 20), !piece.isEmpty {
            piece.withUnsafeBytes { bytes in
                do throws(HarReader.Failure) {
                    try reader.feed(bytes)
                } catch {
                    failure = error
                }
            }
        }
        if failure == nil {
            do throws(HarReader.Failure) {
                try reader.finish()
            } catch {
                failure = error
            }
        }
        if let failure { throw CLIError("--har \(path): \(failure.description)") }
        return reader.requests
    }

    /// The endpoints of several drafts in one config (the first draft's
    /// server; an endpoint on another server is left out with a line),
    /// keys made unique, and the first draft's `auth:` section (variables
    /// only) kept.
    static func merged(_ outcomes: [ProbeRun.Outcome], har: String) throws -> String {
        var config = outcomes[0].config
        config.endpoints = []
        var keys = Set<String>()
        for outcome in outcomes {
            guard outcome.config.server == config.server else {
                StandardStreams.err("rowboat: --har: \(outcome.config.server) is another server than \(config.server); "
                                    + "import its requests alone")
                continue
            }
            for var endpoint in outcome.config.endpoints {
                var key = endpoint.key, n = 2
                while keys.contains(key) { key = "\(endpoint.key)_\(n)"; n += 1 }
                keys.insert(key)
                endpoint.key = key
                config.endpoints.append(endpoint)
            }
        }
        config.tabs = nil
        var yaml = try ConfigYAMLWriter.yaml(config, header: [
            "Rowboat config imported from \(har) by `rowboat config import --har`:",
            "one endpoint per JSON list request in it, each checked against the server",
            "(paging, list and fields as `rowboat config probe` finds them).", "",
        ])
        // The credentials: the first draft's auth section, which reads variables only.
        let lines = outcomes[0].draft.split(separator: "\n", omittingEmptySubsequences: false)
        if let start = lines.firstIndex(where: { $0.hasPrefix("# The probe was given a credential") }) {
            let block = lines[start...].prefix { !$0.isEmpty }
            if let at = yaml.range(of: "\ninterfaces:") {
                yaml.insert(contentsOf: "\n" + block.joined(separator: "\n") + "\n", at: at.lowerBound)
            }
        }
        return yaml
    }
}
