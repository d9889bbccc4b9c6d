import Foundation
import RowboatApp
import RowboatParsing
import RowboatSpec

/// `rowboat config import --curl 'curl -H … URL'`: the command is read as
/// data (`CurlCommand`; nothing in it is run), its request is the probe's
/// first (the same `ProbeRun` that `config probe` and `rowboat URL` use,
/// which then checks how the list pages), and the draft is printed.
/// Credentials in it (an Authorization or API-key header, `-u`, a
/// credential-named query param) are sent to the URL's origin only and
/// written as `${VARIABLE}` references with a comment, never as values.
extension ConfigImport {
    func importCurl(_ command: String) async throws {
        let outcome: ProbeRun.Outcome
        do {
            let parsed: CurlCommand
            do {
                parsed = try CurlCommand.parse(command)
            } catch {
                throw CLIError("--curl: \(error.description)")
            }
            var options = try ProbeOptions.parse([])
            options.method = parsed.method
            options.data = parsed.body
            options.header = parsed.headers.map { "\($0.name): \($0.value)" }
            options.user = parsed.user
            options.maxRequests = maxRequests
            outcome = try await ConfigProbe.probe(parsed.url, options: options, width: TerminalWidth.current())
        } catch {
            throw StandardStreams.fail(error)
        }
        if let warning = outcome.warning { StandardStreams.err("rowboat: \(warning)") }
        do { try StandardStreams.out(outcome.draft) } catch {}
    }
}
