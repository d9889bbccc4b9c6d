import ArgumentParser
import Foundation
import RowboatApp
import RowboatCache
import RowboatCore
import RowboatSpec
import RowboatDemo
import RowboatImages
import RowboatKit
import RowboatNetwork
import RowboatTerminal

/// `rowboat [--config FILE] [--endpoint KEY]`: the TUI. With no config it
/// starts the embedded demo server and browses its catalog.
struct Browse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Open the list browser (the default command).")

    @OptionGroup var options: SourceOptions

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

    func validate() throws {
        if let theme {
            do { _ = try ThemeName.parse(theme) } catch { throw ValidationError(error.description) }
        }
        if let images {
            do { _ = try ImageMode.parse(images) } catch { throw ValidationError(error.description) }
        }
    }


    func run() async throws {
        let source: ConfigSource
        do {
            source = try await ConfigSource.open(options.config)
        } catch {
            throw StandardStreams.fail(error)   // `rowboat: file:line:column: …`, as config check says it
        }
        let loaded = source.config
        let demo = source.demo
        let chosen: Endpoint
        do {
            chosen = try source.endpoint(named: endpoint)
        } catch {
            await source.close()
            throw error
        }
        let transport = HTTPTransport(maxBodyBytes: loaded.communication.maxBodyBytes)
        // Images get their own connections and the decoder's byte cap.
        let imageTransport = HTTPTransport(maxBodyBytes: ImageLimits.default.maxInputBytes)
        let client = DataClient(config: loaded, transport: transport)
        let store = CacheStore.open(for: loaded)
        var initial = AppState(config: loaded, showing: chosen.key)
        // What `${env.X}` in actions reads; a credential-named one is a secret.
        let environment = ProcessInfo.processInfo.environment
        for name in loaded.actionEnvironmentNames {
            guard let value = environment[name] else { continue }
            initial.environment[name] = value
            if CredentialNames.isCredential(name) { Secrets.register([value]) }
        }
        initial.list.notice = store.notice ?? source.notice ?? (loaded.localCache.enabled ? store.disabledReason : nil)
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
        let faults = FaultInjection.from(environment: ProcessInfo.processInfo.environment)
        let imageMode = try images.map { try ImageMode.parse($0) } ?? loaded.images.mode
        let wantsImages = imageMode != .off && loaded.endpoints.contains { $0.item.field("image") != nil }
        // Cache-only never touches the network, for images either (when
        // every endpoint browses that way).
        let imagesOffline = mode.map { $0 == .cacheOnly } ?? loaded.endpoints.allSatisfy { $0.mode == .cacheOnly }
        let outcome = await UIThread.run { () throws -> TUIExit in
            let loop = TUIRunLoop(state: state, keyMap: keyMap, theme: Theme(settings: colors), mouse: !noMouse,
                                  faults: faults)
            let inbox = loop.inbox
            loop.imageMode = imageMode
            return try loop.run { imageColors, imagePixels in
                let money = MoneyFormatter(locale: MoneyFormatter.locale(environment: ProcessInfo.processInfo.environment))
                return EffectRunner(provider: ConfigPageProvider(client: client, store: store, mode: mode, money: money),
                                    store: store, imageTransport: wantsImages ? imageTransport : nil,
                                    imageColors: imageColors, imagePixels: imagePixels,
                                    decodeMemory: loaded.images.decodeMemory, imagesOffline: imagesOffline,
                                    post: { inbox.post($0) })
            }
        }
        await transport.shutdown()
        await imageTransport.shutdown()
        await demo?.stop()
        switch outcome {
        case .failure(let error): throw CLIError("\(error)")
        case .success(let exit) where exit != .quit: throw ExitCode(exit.status)
        case .success: break
        }
    }
}
