import ArgumentParser
import Foundation
import RowboatApp
import RowboatSpec
import RowboatNetwork

/// `rowboat config probe URL`: fetches the first response, guesses the
/// list, the item fields and how it pages, verifies the paging guess by
/// walking a few more pages (`ProbeRun`), and prints a commented YAML config
/// draft that says what it verified, the first rows as the table would
/// show them, and what it could not decide.
struct ConfigProbe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Fetch a list from URL, verify how it pages, and print a config draft for it.",
        discussion: """
        Redirect the output to a file, check it and browse it:
          rowboat config probe 'https://api.example.com/v1/items?per_page=20' > api.yaml
          rowboat config check api.yaml && rowboat --config api.yaml
        Or browse at once: rowboat 'https://api.example.com/v1/items' (--save FILE keeps the draft).
        After the first response the probe fetches up to --max-requests more pages, one at a time, and
        keeps the first paging guess that holds. Credentials given with --header or --user are sent but
        never written: the draft reads them from environment variables it names (API_TOKEN, ...).
        """)

    @Argument(help: "The URL of a list (http or https), with its query.")
    var url: String

    @OptionGroup var probe: ProbeOptions

    /// Usage mistakes (exit 64, with the pointer to `--help`).
    func validate() throws {
        do {
            _ = try probe.request(url)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() async throws {
        let outcome: ProbeRun.Outcome
        do {
            outcome = try await Self.probe(url, options: probe, width: TerminalWidth.current())
        } catch {
            throw StandardStreams.fail(error)
        }
        if let warning = outcome.warning { StandardStreams.err("rowboat: \(warning)") }
        do { try StandardStreams.out(outcome.draft) } catch {}
    }

    /// Runs the probe for `url` with `options` (shared with `rowboat URL`).
    static func probe(_ url: String, options: ProbeOptions, width: Int) async throws -> ProbeRun.Outcome {
        let request = try options.request(url)
        let transport = ProbeRun.transport()
        do {
            let outcome = try await ProbeRun(transport: transport, options: options.bounds)
                .run(request.spec, headers: request.headers, references: request.references, width: width)
            await transport.shutdown()
            return outcome
        } catch {
            await transport.shutdown()
            throw error
        }
    }
}
