import ArgumentParser
import Foundation
import RowboatApp
import RowboatCache
import RowboatCore
import RowboatSpec
import RowboatParsing
import RowboatDemo
import RowboatImages
import RowboatJQ
import RowboatKit
import RowboatKitHTTP
import RowboatNetwork
import RowboatCells

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
        url ?? options.config.flatMap { Self.isURL($0) ? $0 : nil }
    }

    static func isURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    func validate() throws {
        if url != nil, options.config != nil {
            throw ValidationError("give a URL or --config, not both")
        }
        if let url, !Self.isURL(url) {
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
        let loaded = source.config
        Secrets.adopt(loaded)
        let demo = source.demo
        let chosen: Endpoint
        do {
            chosen = try source.endpoint(named: endpoint)
        } catch {
            await source.close()
            throw error
        }
        let transport = HTTPTransport(maxBodyBytes: loaded.communication.maxBodyBytes)
        do {
            try await SignInRun.firstIfNeeded(loaded, transport: transport)
        } catch {
            await transport.shutdown()
            await source.close()
            throw StandardStreams.fail(error)
        }
        let client = DataClient(config: loaded, transport: transport)
        let store = CacheStore.open(for: loaded)
        var initial = AppState(config: loaded, showing: chosen.key, mode: options.mode)
        initial.collation = LocaleCollation.fromEnvironment(ProcessInfo.processInfo.environment)
        initial.expressions = .jq
        initial.copiesRequests = true
        // What the user kept last time (columns, views, the console's runs); a file that cannot be used is one line.
        let kept = KeptStores(columns: ColumnStore(config: loaded.source), views: ViewStore(config: loaded.source),
                              actions: ActionHistoryStore())
        let keptProblem = kept.load(into: &initial)
        // What `${env.X}` in actions reads; a credential-named one is a secret.
        let environment = ProcessInfo.processInfo.environment
        for name in loaded.actionEnvironmentNames {
            guard let value = environment[name] else { continue }
            initial.environment[name] = value
            if CredentialNames.isCredential(name) { Secrets.register([value]) }
        }
        initial.list.notice = store.notice ?? source.notice ?? keptProblem
            ?? (loaded.localCache.enabled ? store.disabledReason : nil)
        initial.guessed = guessed
        let state = initial
        let mode = options.mode
        let keyMap: KeyMap
        do {
            keyMap = try KeyBindings.keyMap(loaded.keys)
        } catch {
            await source.close()
            throw StandardStreams.fail(CLIError("\(loaded.source): keys: \(error)"))
        }
        let colors = try theme.map { name in ThemeSettings(name: try ThemeName.parse(name)) } ?? loaded.theme
        let imageMode = try images.map { try ImageMode.parse($0) } ?? loaded.images.mode
        let wantsImages = imageMode != .off && loaded.endpoints.contains { $0.item.field("image") != nil }
        // Cache-only never touches the network, for images either (when
        // every endpoint browses that way).
        let imagesOffline = mode.map { $0 == .cacheOnly } ?? loaded.endpoints.allSatisfy { $0.mode == .cacheOnly }
        // Images get their own connections (made at the first image) and the decoder's byte cap.
        let images = wantsImages
            ? ListImages.http(store: store, decodeMemory: loaded.images.decodeMemory, offline: imagesOffline) : nil
        let money = MoneyFormatter(locale: MoneyFormatter.locale(environment: ProcessInfo.processInfo.environment))
        var runtime = ListRuntime(state: state, keyMap: keyMap, theme: Theme(settings: colors), mouse: !noMouse,
                                  provider: ConfigPageProvider(client: client, store: store, mode: mode, money: money),
                                  favorites: CacheListStore(store), images: images, kept: kept)
        runtime.imageMode = imageMode
        let outcome = await runtime.run()
        await transport.shutdown()
        await demo?.stop()
        switch outcome {
        case .failure(let error): throw CLIError("\(error)")
        case .success(let exit) where exit != .quit: throw ExitCode(exit.status)
        case .success: break
        }
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
