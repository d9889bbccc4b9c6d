// swift-tools-version:6.1
import PackageDescription

/// A product of one of the packages behind the `HTTP` trait: every target dependency on those packages goes through
/// here, so that with the trait off SwiftPM leaves them out of resolution (it does so only when every use is
/// conditional).
func http(_ product: String, _ package: String) -> Target.Dependency {
    .product(name: product, package: package, condition: .when(traits: ["HTTP"]))
}

let package = Package(
    name: "Rowboat",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "rowboat", targets: ["rowboat"]),
        .executable(name: "rowboat-bench", targets: ["rowboat-bench"]),
        .library(name: "RowboatKit", targets: ["RowboatKit"]),
        .library(name: "RowboatKitHTTP", targets: ["RowboatKitHTTP"]),
        // A list over a config's endpoints (`ListController(config:)`): what `rowboat browse` runs.
        .library(name: "RowboatApp", targets: ["RowboatApp"]),
    ],
    // `HTTP` (on by default) brings every package below: what the rowboat app, RowboatKitHTTP, the demo server, the
    // benchmarks and the tests are built on. RowboatKit needs none of them: a program on RowboatKit alone depends on
    // this package with `traits: []` and resolves, downloads and builds none of them (docs/library.md).
    traits: [
        .trait(name: "HTTP", description: "The rowboat app and RowboatKitHTTP: AsyncHTTPClient over SwiftNIO, GRDB, "
               + "Yams, Hummingbird, ArgumentParser and what they depend on. RowboatKit alone needs none of it."),
        .default(enabledTraits: ["HTTP"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // Resolved through AsyncHTTPClient and Hummingbird anyway; named here because RowboatNetwork and its tests
        // import them.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        // WebSocket streams (`stream: {websocket: true}`): the client (WSClient, over NIOWebSocket) and the demo
        // server's route (HummingbirdWebSocket).
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    ],
    targets: [
        // C shim over the system ncursesw library (wide-character API visible).
        .systemLibrary(name: "CNCurses", path: "Sources/CNCurses"),
        // simdjson's DOM parser behind a C face (C++ inside); RowboatCore reads its tape.
        .target(name: "CSimdJSON", linkerSettings: [.linkedLibrary("simdjson")]),
        // How an API is described: the config model, JSON values and paths, mapping, requests, responses,
        // output formats, text, keys. Pure (no IO) and on no library: the kit's core is built on it.
        .target(name: "RowboatSpec"),
        // How what comes in is read: config files (Yams, plists), response bodies on simdjson's tape, the
        // probe and OpenAPI import. Pure: no IO.
        // libyaml's event parser (Yams' own copy is private to Yams): ConfigExpansion and OpenAPIReader read events.
        .target(name: "CLibYAML", exclude: ["README.md", "License"], cSettings: [.define("YAML_DECLARE_STATIC")]),
        .target(name: "RowboatParsing", dependencies: ["RowboatSpec", "RowboatProcess", "CSimdJSON", "CLibYAML", "RowboatJQ",
                                                       http("Yams", "Yams")]),
        // libjq 1.6 (its headers from Debian's libjq-dev), opened at the first jq program (dlopen of
        // libjq.so.1, which brings Oniguruma, its regular expressions): a start does not need them.
        .target(name: "CJQ"),
        // jq expressions (item fields, the local filter, `fetch --jq`): compiled once, run per item within
        // time, memory and output bounds by a watchdog. Pure but for its watchdog thread: no IO.
        .target(name: "RowboatJQ", dependencies: ["RowboatSpec", "RowboatProcess", "CJQ"]),
        // The app's state: list state and reducer, navigation, layout, queries, feedback, keys. Pure: no IO.
        // The ground floor under the app's state: value types that lower layers need too (thumbnails, their
        // cells and colours, pictures in pixels, image requests). Pure.
        .target(name: "RowboatCells", dependencies: ["RowboatSpec"]),
        // The compiler's prefetch hint for passes over many rows (a header: nothing to link).
        .systemLibrary(name: "CPrefetch", path: "Sources/CPrefetch"),
        .target(name: "RowboatCore", dependencies: ["RowboatCells", "RowboatSpec", "CPrefetch"]),
        // The views: every screen and overlay drawn from the app's state into a cell grid, and AppRenderer, which
        // makes a frame of them. Pure: no IO, no ncurses.
        .target(name: "RowboatViews", dependencies: ["RowboatCore", "RowboatCells", "RowboatSpec"]),
        // The ncurses backend: takes the terminal over, draws a frame's cells, reads keys and the mouse, writes
        // pictures, notifications and the clipboard's sequence. The only target that imports CNCurses.
        .target(name: "RowboatTerminal", dependencies: ["RowboatCells", "RowboatSpec", "RowboatProcess", "CNCurses"]),
        // libsecret (the Secret Service: the system keyring) for sign-in tokens, opened at the first call
        // (dlopen of libsecret-1.so.0): it brings GIO, GObject and more, which a start does not need.
        .target(name: "CSecret"),
        // HTTP data client over AsyncHTTPClient (the transport: the one target of the app that imports NIO).
        .target(name: "RowboatNetwork", dependencies: [
            "RowboatSpec", "RowboatParsing", "RowboatProcess",
            "CSecret",
            http("AsyncHTTPClient", "async-http-client"),
            http("NIOCore", "swift-nio"),
            http("NIOPosix", "swift-nio"),
            http("NIOHTTP1", "swift-nio"),
            http("NIOWebSocket", "swift-nio"),
            http("WSClient", "swift-websocket"),
            http("HTTPTypes", "swift-http-types"),
            http("Logging", "swift-log"),
        ]),
        // SQLite store for responses, images and favorites.
        .target(name: "RowboatCache", dependencies: [
            "RowboatSpec",
            http("GRDB", "GRDB.swift"),
            http("GRDBSQLite", "GRDB.swift"),   // SQLite's C API, for the image hit (CacheHitReader)
        ]),
        // In-memory image codecs over libpng, libjpeg-turbo and libwebp.
        .target(name: "CImageCodecs", linkerSettings: [.linkedLibrary("png"), .linkedLibrary("jpeg"),
                                                       .linkedLibrary("webp")]),
        // libchafa (pixels to symbol cells and pictures), opened at the first picture (dlopen of
        // libchafa.so.0): it brings GLib and PCRE2, which a start before its first frame does not need.
        .target(name: "CChafa"),
        // Image decoding (PNG, JPEG, WebP, within limits) and thumbnail cells. Pure: no IO.
        .target(name: "RowboatImages", dependencies: ["RowboatCells", "RowboatSpec", "CImageCodecs", "CChafa"]),
        // The image fetch queue: memory → disk → network, decodes under a memory budget (network and cache IO).
        .target(name: "RowboatImageFetch", dependencies: ["RowboatImages", "RowboatCells", "RowboatSpec", "RowboatNetwork",
                                                         "RowboatCache", "RowboatProcess"]),
        // Test-only encoders for PNG/JPEG kinds the demo does not make.
        .target(name: "CImageFixtures", path: "Tests/CImageFixtures",
                linkerSettings: [.linkedLibrary("png"), .linkedLibrary("jpeg")]),
        // Deterministic demo catalog server (Hummingbird).
        .target(name: "RowboatDemo", dependencies: [
            "CImageCodecs",
            http("Hummingbird", "hummingbird"),
            http("HummingbirdWebSocket", "hummingbird-websocket"),
            http("Logging", "swift-log"),
            http("NIOCore", "swift-nio"),
            http("ServiceLifecycle", "swift-service-lifecycle"),
        ]),
        // Runs programs with posix_spawn: the app's helpers (browser, clipboard), the tests and the benchmarks.
        .target(name: "RowboatProcess"),
        // What only the tests, benchmarks and fault scripts use, kept out of the rowboat binary: the hostile
        // server (misbehaving routes on plain sockets), RefusingPort, the demo server with its requests
        // counted, ProcessMemory, the OAuth2 test server (django-oauth-toolkit, Tests/OAuthServer).
        .target(name: "RowboatTestSupport", dependencies: [
            "RowboatDemo", "RowboatProcess",
            http("ServiceLifecycle", "swift-service-lifecycle"),
            http("Hummingbird", "hummingbird"),
            http("HummingbirdWebSocket", "hummingbird-websocket"),
        ]),
        // `rowboat-hostile`: the hostile server in the foreground, on 127.0.0.1, for scripts and by hand.
        .executableTarget(name: "rowboat-hostile", dependencies: [
            "RowboatTestSupport", http("ArgumentParser", "swift-argument-parser"),
        ]),
        // The list controller as a library: its public API (ListController, ListRow, ListSession) and the
        // TUI runtime under it (the run loop on the UI thread, the effect runner, a page provider protocol).
        // It depends on no library: a program that only gives closures builds none of HTTP, SQLite, YAML or simdjson.
        .target(name: "RowboatKit", dependencies: ["RowboatCore", "RowboatCells", "RowboatSpec", "RowboatViews", "RowboatTerminal",
                                                  "RowboatProcess"]),
        // What a kit program adds when it wants it: thumbnails over HTTP (AsyncHTTPClient) with their decoders, and
        // the cache database as the runtime's store (the `rowboat` app's favorites and cache).
        .target(name: "RowboatKitHTTP", dependencies: ["RowboatKit", "RowboatCore", "RowboatCells", "RowboatSpec", "RowboatNetwork",
                                                      "RowboatCache", "RowboatImages", "RowboatImageFetch"]),
        // The config-driven data source of the kit: get modes over cache and network, config files, and a
        // `ListController` over a config (its images and favorites through RowboatKitHTTP, jq in its filter).
        .target(name: "RowboatApp", dependencies: ["RowboatKit", "RowboatKitHTTP", "RowboatCore", "RowboatCells", "RowboatSpec",
                                                   "RowboatParsing", "RowboatJQ", "RowboatNetwork", "RowboatCache",
                                                   "RowboatProcess"]),
        // The executable: commands and wiring.
        .executableTarget(name: "rowboat", dependencies: [
            "RowboatJQ",
            "RowboatCore", "RowboatSpec", "RowboatParsing", "RowboatNetwork", "RowboatCache", "RowboatDemo", "RowboatApp",
            "RowboatKit", "RowboatTerminal",
            http("ArgumentParser", "swift-argument-parser"),
        ], plugins: ["GitCommitPlugin"]),
        // Writes GitCommit.swift (the commit being built) before every build, for `rowboat --version`.
        .plugin(name: "GitCommitPlugin", capability: .buildTool()),
        // The examples of Examples/GitLog (also a package of its own, for programs outside this repository),
        // built here too so the tests can run them: a git log browser and docs/library.md's first example.
        .executableTarget(name: "rowboat-git-log", dependencies: ["RowboatKit"], path: "Examples/GitLog/Sources/GitLog"),
        .executableTarget(name: "first-list", dependencies: ["RowboatKit"], path: "Examples/GitLog/Sources/FirstList"),
        // docs/library.md's bigger example: this machine's processes, with actions, a detail hook, totals and
        // control from code.
        .executableTarget(name: "processes", dependencies: ["RowboatKit"], path: "Examples/GitLog/Sources/Processes"),
        .executableTarget(name: "packages", dependencies: ["RowboatKit"], path: "Examples/GitLog/Sources/Packages"),
        // docs/library.md's thumbnails example (Examples/my-list): RowboatKit with RowboatKitHTTP.
        .executableTarget(name: "my-pictures", dependencies: ["RowboatKit", "RowboatKitHTTP"],
                          path: "Examples/my-list/Sources/MyPictures"),
        // Plain C decode and ncurses loops: the references the decode, render and keypress benchmarks compare against.
        .target(name: "CBenchReference", path: "Benchmarks/CBenchReference",
                linkerSettings: [.linkedLibrary("png"), .linkedLibrary("jpeg"), .linkedLibrary("ncursesw"), .linkedLibrary("sqlite3")]),
        // `swift run -c release rowboat-bench`: ratios against references (not part of the tests).
        .executableTarget(name: "rowboat-bench", dependencies: [
            "RowboatCore", "RowboatCells", "RowboatSpec", "RowboatParsing", "RowboatViews", "RowboatTerminal", "RowboatCache", "RowboatImages", "RowboatNetwork", "RowboatDemo",
            "CBenchReference", "CImageCodecs", "RowboatProcess", "RowboatApp", "RowboatKit", "RowboatTestSupport",
            http("ArgumentParser", "swift-argument-parser"), http("GRDB", "GRDB.swift"), http("AsyncHTTPClient", "async-http-client"),
        ], path: "Benchmarks/RowboatBench"),
        // Each test target depends on what it tests: RowboatSpec's tests build with RowboatSpec alone (it is pure).
        .testTarget(name: "RowboatSpecTests", dependencies: ["RowboatSpec"]),
        .testTarget(name: "RowboatParsingTests", dependencies: ["RowboatParsing", "RowboatSpec", "CSimdJSON", "RowboatTestSupport",
                                                          http("Yams", "Yams")]),
        .testTarget(name: "RowboatCoreTests", dependencies: ["RowboatCore", "RowboatCells", "RowboatSpec", "RowboatParsing", "RowboatJQ"]),
        .testTarget(name: "RowboatJQTests", dependencies: ["RowboatJQ", "RowboatSpec"]),
        .testTarget(name: "RowboatCellsTests", dependencies: ["RowboatCells"]),
        // The golden frames (Tests/RowboatViewsTests/Golden) are the views' tests.
        .testTarget(name: "RowboatViewsTests", dependencies: ["RowboatViews", "RowboatCore", "RowboatCells", "RowboatSpec", "RowboatJQ"], exclude: ["Golden"]),
        .testTarget(name: "RowboatTerminalTests", dependencies: ["RowboatTerminal", "RowboatCells", "RowboatSpec"]),
        .testTarget(name: "RowboatNetworkTests", dependencies: ["RowboatNetwork", "RowboatApp", "RowboatDemo", "RowboatCore", "RowboatSpec", "RowboatParsing",
            "RowboatTestSupport",
            http("Hummingbird", "hummingbird"), http("HummingbirdCore", "hummingbird"),
            http("HummingbirdTLS", "hummingbird"), http("HTTPTypes", "swift-http-types"),
            http("Logging", "swift-log"), http("NIOCore", "swift-nio")]),
        .testTarget(name: "RowboatCacheTests", dependencies: ["RowboatCache", "RowboatSpec", "RowboatParsing",
                                                            http("GRDB", "GRDB.swift")]),
        .testTarget(name: "RowboatDemoTests", dependencies: ["RowboatDemo", "RowboatTestSupport", http("NIOCore", "swift-nio")]),
        .testTarget(name: "RowboatAppTests", dependencies: ["RowboatApp", "RowboatKit", "RowboatKitHTTP", "RowboatDemo", "RowboatCore", "RowboatSpec", "RowboatParsing", "RowboatNetwork",
                                                         "RowboatProcess", "RowboatJQ",
                                                         "RowboatCache", "RowboatTestSupport",
                                                         http("GRDB", "GRDB.swift")]),
        .testTarget(name: "RowboatEndToEndTests", dependencies: ["RowboatProcess", "RowboatDemo", "RowboatTestSupport"]),
        .testTarget(name: "RowboatImagesTests", dependencies: ["RowboatImages", "RowboatCells", "RowboatSpec", "CImageCodecs", "CImageFixtures"]),
        .testTarget(name: "RowboatImageFetchTests", dependencies: ["RowboatImageFetch", "RowboatImages", "RowboatCells", "RowboatSpec", "RowboatProcess",
                                                               "RowboatDemo", "RowboatNetwork", "RowboatCache", "RowboatTestSupport"]),
        .testTarget(name: "RowboatKitTests", dependencies: ["RowboatKit", "RowboatCore", "RowboatCells", "RowboatSpec"]),
        .testTarget(name: "RowboatCLITests", dependencies: ["RowboatApp", "RowboatSpec", "RowboatParsing", "RowboatDemo", "RowboatCache",
                                                         "RowboatProcess", "RowboatTestSupport"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
