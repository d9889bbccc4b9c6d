import ArgumentParser
import Foundation
import RowboatApp
import RowboatCore
import RowboatSpec
import RowboatParsing
import RowboatKit
import RowboatNetwork

/// `rowboat [--config FILE] [--endpoint KEY]`: the TUI. With no config it
/// starts the embedded demo server and browses its catalog. `rowboat URL`
/// (or `--config URL`) probes the URL (`ProbeRun`: the guess verified by
/// walking a few pages) and browses the draft at once; `--save FILE`
/// keeps it.
struct Browse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Open the list browser (the default command).",
        discussion: """
        rowboat URL probes the URL as `config probe` does and browses what it guessed; the status bar says \
        the config was guessed and ? shows what was guessed. Credentials given with --header or --user are \
        sent, never written: the draft --save writes reads them from the environment variables it names.
        """)

    @Argument(help: ArgumentHelp("The URL of a list to probe and browse at once, instead of a config.", valueName: "url"))
    var url: String?

    @OptionGroup var options: SourceOptions

    @OptionGroup(title: "With a URL") var probe: ProbeOptions

    @Option(name: .long, help: ArgumentHelp("With a URL: write the draft that is browsed to FILE.", valueName: "file"),
            completion: .file(extensions: ["yaml"]))
    var save: String?

    @Option(name: .long, help: "Endpoint key to browse. Default: the first in the config.",
            completion: .custom(ShellCompletion.endpointKeys))
    var endpoint: String?

    @Option(name: .long, help: ArgumentHelp(
        "Colour theme: default, light or monochrome. Replaces the config's theme section. NO_COLOR still wins.",
        valueName: "name"))
    var theme: String?

    @Option(name: .long, help: ArgumentHelp(
        "Thumbnails: auto (ask the terminal), kitty, sixel, iterm, symbols or off. Replaces the config's images.mode.",
        valueName: "mode"), completion: .list(ImageMode.allCases.map(\.rawValue)))
    var images: String?

    @Flag(name: .customLong("no-mouse"), help: "Leave the mouse to the terminal (text selection) instead of clicks and the wheel.")
    var noMouse = false

    /// The URL to probe: the argument, or `--config` when it is a URL.
    var probedURL: String? {
        url ?? options.config.flatMap { ConfigReadAhead.isURL($0) ? $0 : nil }
    }

    func validate() throws {
        if url != nil, options.config != nil {
            throw ValidationError("give a URL or --config, not both")
        }
        if let url, !ConfigReadAhead.isURL(url) {
            throw ValidationError("\(Sanitizer.clean(url, limit: 100)) is not an http(s) URL (a config file goes with --config)")
        }
        if probedURL == nil, probe.isSet || save != nil {
            throw ValidationError("\(save != nil ? "--save" : "the probe's options") go with a URL: rowboat URL [options]")
        }
        if let probedURL {
            do { _ = try probe.request(probedURL) } catch { throw ValidationError(error.description) }
        }
        if let theme {
            do { _ = try ThemeName.parse(theme) } catch { throw ValidationError(error.description) }
        }
        if let images {
            do { _ = try ImageMode.parse(images) } catch { throw ValidationError(error.description) }
        }
    }


    /// What is the app's own — the config opened (the embedded demo, or a
    /// URL probed), the sign-in, the flags, the exit status — then a
    /// `ListController` over the config, run as any kit program runs one.
    func run() async throws {
        let source: ConfigSource
        var guessed: GuessedConfig?
        if let probedURL {
            (source, guessed) = try await Self.guess(probedURL, options: probe, save: save)
        } else {
            do {
                source = try await ConfigSource.open(options.config)
            } catch {
                throw StandardStreams.fail(error)   // `rowboat: file:line:column: …`, as config check says it
            }
        }
        var config = source.config
        Secrets.adopt(config)
        let chosen: Endpoint
        do {
            chosen = try source.endpoint(named: endpoint)
            try await Self.signIn(config)
        } catch {
            await source.close()
            throw error
        }
        // --theme and --images replace the config's theme section and images.mode.
        if let theme { config.theme = ThemeSettings(name: try ThemeName.parse(theme)) }
        if let images { config.images.mode = try ImageMode.parse(images) }
        var list = ConfigListSource(config: config, endpointKey: chosen.key, mode: options.mode)
        list.guessed = guessed
        list.notice = source.notice
        let controller = ListController(list)
        controller.mouse = !noMouse
        let outcome: Result<ListExit, any Error>
        do { outcome = .success(try await controller.run()) } catch { outcome = .failure(error) }
        await source.close()
        switch outcome {
        case .failure(let error as ListControllerError): throw StandardStreams.fail(CLIError(error.description))
        case .failure(let error): throw CLIError("\(error)")
        case .success(let exit) where exit.status != 0: throw ExitCode(exit.status)
        case .success: break
        }
    }

    /// Signs in first when the config's `auth:` is a sign-in with no token
    /// kept yet and a person is at the terminal (as `rowboat auth login`).
    static func signIn(_ config: RowboatConfig) async throws {
        let transport = HTTPTransport(maxBodyBytes: config.communication.maxBodyBytes)
        do {
            try await SignInRun.firstIfNeeded(config, transport: transport)
        } catch {
            await transport.shutdown()
            throw StandardStreams.fail(error)
        }
        await transport.shutdown()
    }

    /// Probes `url` and loads the draft it verified (`--save` writes it
    /// first); what was guessed, for the status bar and help. Failures are
    /// the probe's one line.
    static func guess(_ url: String, options: ProbeOptions, save: String?) async throws -> (ConfigSource, GuessedConfig) {
        // Seen while the probe walks (the TUI's screen replaces it); not in logs.
        if isatty(2) == 1 {
            StandardStreams.err("rowboat: probing \(ProbeDraft.scrubbedURL(url)) (at most \(options.maxRequests) more requests)…")
        }
        let outcome: ProbeRun.Outcome
        do {
            outcome = try await ConfigProbe.probe(url, options: options, width: 100)
        } catch {
            throw StandardStreams.fail(error)
        }
        if let warning = outcome.warning { StandardStreams.err("rowboat: \(warning)") }
        if let save {
            do {
                try Data(Secrets.redact(outcome.draft).utf8).write(to: URL(fileURLWithPath: save), options: .atomic)
            } catch {
                throw StandardStreams.fail(CLIError("--save \(Sanitizer.clean(save, limit: 200)): cannot write the draft "
                                                    + "(\(Sanitizer.clean(error.localizedDescription, limit: 200)))"))
            }
        }
        var config = outcome.config
        // The cache is per server (no file to name it after).
        config.source = ""
        let lines = outcome.summary.map { KeyHelp.Entry(keys: $0.label, action: $0.text) }
        return (ConfigSource(config: config, demo: nil), GuessedConfig(lines: lines, savedTo: save))
    }
}
