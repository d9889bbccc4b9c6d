import Foundation
import RowboatCache
import RowboatCells
import RowboatCore
import RowboatJQ
import RowboatKit
import RowboatKitHTTP
import RowboatNetwork
import RowboatSpec

/// A config's endpoints as a `ListController`'s source: a tab for each
/// (the config's `tabs:`), pages through `ConfigPageProvider` over the
/// cache and the network, the config's keys, theme and image mode, its
/// actions with the `${env.X}` they read, jq in the local filter and the
/// columns panel, "copy as curl", favorites in the cache database, and
/// columns, views and the console's runs kept under the config file's
/// path. `ListController(config:…)` makes one; `rowboat browse` is such a
/// controller.
package struct ConfigListSource: ListSource {
    package let config: RowboatConfig
    package let endpointKey: String
    /// The get mode for every endpoint (`--mode`); nil: each endpoint's own.
    package let mode: GetMode?
    /// The cache database: responses, images and favorites.
    package let store: CacheStore
    /// Money in the user's locale, its templates for the config's money
    /// fields learned ahead.
    let money: MoneyFormatter
    /// What `rowboat URL` guessed, for the status bar and help (the app's
    /// probe; nil for a config file).
    package var guessed: GuessedConfig?
    /// The app's own line for the status bar (the embedded demo server
    /// could not have its port), said after the cache's.
    package var notice: String?

    /// The source of `config`'s endpoints, showing `endpointKey` at start.
    /// What the first page needs is made on other threads while the
    /// terminal starts: the config's cache database is opened (what reads
    /// it first — the first page, the status bar's notice — waits for it),
    /// and how its money fields are written is learned (about 2 ms of
    /// Foundation's formatting, the first time).
    package init(config: RowboatConfig, endpointKey: String, mode: GetMode?) {
        self.config = config
        self.endpointKey = endpointKey
        self.mode = mode
        store = CacheStore.open(for: config, inBackground: true)
        money = MoneyFormatter(locale: MoneyFormatter.locale(environment: ProcessInfo.processInfo.environment))
        let currencies = Set(config.endpoints.flatMap(\.item.fields).filter { $0.type == .money }.map(\.currency))
        if !currencies.isEmpty {
            DispatchQueue.global(qos: .userInitiated).async { [money] in
                for currency in currencies { _ = money.template(currency) }
            }
        }
    }

    package var favorites: any ListStore { CacheListStore(store) }

    /// True when an endpoint maps an image and the config's image mode is not off.
    package var wantsImages: Bool {
        config.images.mode != .off && config.endpoints.contains { $0.item.field("image") != nil }
    }

    /// The images of `config`'s rows over HTTP, kept in its cache; none
    /// when it wants none. Cache-only never touches the network, for
    /// images either (when every endpoint browses that way).
    package var images: ListImages? {
        guard wantsImages else { return nil }
        let offline = mode.map { $0 == .cacheOnly } ?? config.endpoints.allSatisfy { $0.mode == .cacheOnly }
        return ListImages.http(store: store, decodeMemory: config.images.decodeMemory, offline: offline)
    }

    package func start(size: TerminalSize) -> ListStart {
        var state = AppState(config: config, showing: endpointKey, size: size, mode: mode)
        // Before what is kept is read: a kept expression column is compiled by it.
        state.expressions = .jq
        state.copiesRequests = true
        // What `${env.X}` in actions reads; a credential-named one is a secret.
        let environment = ProcessInfo.processInfo.environment
        for name in config.actionEnvironmentNames {
            guard let value = environment[name] else { continue }
            state.environment[name] = value
            if CredentialNames.isCredential(name) { Secrets.register([value]) }
        }
        state.guessed = guessed
        let cachesContent = config.localCache.enabled
        return ListStart(state: state, keys: config.keys, theme: config.theme, imageMode: config.images.mode,
                         offersImages: wantsImages,
                         keptIdentity: URL(fileURLWithPath: config.source).standardizedFileURL.path,
                         notices: { [store, notice] in
            StartNotices(first: store.notice ?? notice, last: cachesContent ? store.disabledReason : nil)
        })
    }

    package func keysProblem(_ error: any Error) -> ListControllerError {
        ListControllerError("\(config.source): keys: \(error)")
    }

    package func open() -> (provider: any PageProvider, close: @Sendable () async -> Void) {
        // What the config holds is a secret wherever it is shown (adopted where the config is put to use).
        Secrets.adopt(config)
        let transport = HTTPTransport(maxBodyBytes: config.communication.maxBodyBytes)
        let client = DataClient(config: config, transport: transport)
        let store = store
        return (ConfigPageProvider(client: client, store: store, mode: mode, money: money),
                { await transport.shutdown(); store.checkpoint() })
    }
}
