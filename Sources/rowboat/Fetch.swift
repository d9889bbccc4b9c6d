import ArgumentParser
import Foundation
import Glibc
import RowboatApp
import RowboatCache
import RowboatJQ
import RowboatSpec
import RowboatNetwork

/// `rowboat fetch KEY`: headless; walks pages of an endpoint and prints the
/// mapped items as a table, JSON, JSON Lines, CSV or TSV, page by page.
struct Fetch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Print an endpoint's items (headless, for scripts).",
        discussion: """
        Without --config, the demo config is used with the embedded demo server on 127.0.0.1.
        Errors are one line on stderr (`rowboat: <message>`) and exit status 1; a usage mistake exits 64.
        """)

    @Argument(help: "Endpoint key in the config.", completion: .custom(ShellCompletion.endpointKeys))
    var key: String

    @Option(name: .long, help: ArgumentHelp("A request param; repeat it, and repeat a key to send a list (k=a&k=b).",
                                            valueName: "k=v"))
    var param: [String] = []

    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("Pages to fetch from the first: a number from 1, or all (up to paging.maxPages).",
                               valueName: "N|all"),
            transform: PageCount.parse)
    var pages: PageCount = .count(1)

    @Option(name: .long, help: ArgumentHelp("Output format (default: table; jsonl with --watch and for a stream).", valueName: "format"))
    var format: OutputFormat?

    @OptionGroup var options: SourceOptions

    @Option(name: .long, parsing: .unconditional,
            help: "Table width in columns, 1-10000. Default: $COLUMNS, the terminal's width, else 120.")
    var width: Int?

    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("After the pages, ask for the first page again every SECONDS (1-86400) and print the items "
                               + "not seen before as JSON Lines, until interrupted. On a stream: connect again SECONDS after "
                               + "its response ends (or after the server's retry:).", valueName: "seconds"))
    var watch: Double?

    @Flag(name: .long, help: ArgumentHelp("With --watch: print what changed as JSON Lines: new items, the fields of "
                                          + "changed ones (from, to) and rows gone from the first page."))
    var changes = false

    /// The widest table `--width` asks for.
    static let maxWidth = 10_000
    @Option(name: .long, help: ArgumentHelp("Pass each item (as --format jsonl writes it) through a jq expression and "
                                            + "print each result as one line of JSON (jq -c): select(.price > 100) | .title",
                                            valueName: "expr"))
    var jq: String?

    /// The longest `--watch` interval: a day.
    static let maxWatch = 86_400.0

    /// Usage mistakes (exit 64, with the pointer to `--help`): a width out
    /// of range, a `--param` without `=` or with an empty key.
    func validate() throws {
        if let width { try OptionRange.whole(width, 1...Self.maxWidth, "columns", option: "--width") }
        if changes, watch == nil {
            throw ValidationError("--changes tells what changed from one look to the next: give --watch SECONDS too")
        }
        if let watch {
            try OptionRange.seconds(watch, maximum: Self.maxWatch, option: "--watch")
            guard watch >= 1 else { throw ValidationError("--watch must be at least 1 second, not \(watch)") }
            if let format, format != .jsonl {
                throw ValidationError("--watch prints JSON Lines: leave out --format or give --format jsonl")
            }
            if options.mode == .cacheOnly {
                throw ValidationError("--watch asks the server for new items; --mode cache-only never does")
            }
        }
        if let jq {
            if let format, format != .jsonl {
                throw ValidationError("--jq prints each result as a line of JSON: leave out --format")
            }
            do {
                _ = try JQProgram(jq)
            } catch {
                throw ValidationError("--jq: \(error.message)")
            }
        }
        do {
            _ = try ParamArguments.parse(param)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() async throws {
        // A closed stdout (`| head`) shows up as EPIPE, handled below.
        signal(SIGPIPE, SIG_IGN)
        let params: [String: ParamValue]
        let source: ConfigSource
        do {
            params = try ParamArguments.parse(param)
            source = try await ConfigSource.open(options.config)
        } catch {
            throw StandardStreams.fail(error)
        }
        let transport = HTTPTransport(maxBodyBytes: source.config.communication.maxBodyBytes)
        var failure: (any Error)?
        do {
            try await walk(source: source, transport: transport, params: params)
        } catch is StandardStreams.Closed {
            // The reader went away: stop quietly, as `head` expects.
        } catch {
            failure = error
        }
        await transport.shutdown()
        await source.close()
        if let failure { throw StandardStreams.fail(failure) }
    }

    /// What prints `endpoint`'s items in `format`, or through `--jq`.
    func printer(for endpoint: Endpoint, format: OutputFormat) throws -> FetchPrinter {
        FetchPrinter(
            writer: ItemStreamFormatter(format: format, mapping: endpoint.item, columns: endpoint.columns,
                                        width: width ?? TerminalWidth.current(), now: Date().timeIntervalSince1970,
                                        money: MoneyFormatter(locale: MoneyFormatter.locale(environment: ProcessInfo.processInfo.environment))),
            jq: try jq.map { expression in
                do {
                    return JQItemOutput(program: try JQProgram(expression), mapping: endpoint.item)
                } catch let error as JQError {
                    throw CLIError("--jq: \(error.message)")
                }
            })
    }

    /// Items formatted into one write.
    static let itemsPerWrite = 10_000

    func walk(source: ConfigSource, transport: HTTPTransport, params: [String: ParamValue]) async throws {
        let endpoint = try source.endpoint(named: key)
        Secrets.adopt(source.config)
        let client = DataClient(config: source.config, transport: transport)
        // A stream is events, not pages: read as they come (`Fetch+Stream`).
        if endpoint.stream != nil { return try await readStream(endpoint, client: client, params: params) }
        let store = CacheStore.open(for: source.config)
        defer { store.checkpoint() }
        if let notice = store.notice { StandardStreams.err("rowboat: \(notice)") }
        let pageSource = PageSource(client: client, store: store)
        if watch != nil, endpoint.item.field("id") == nil {
            throw CLIError("--watch tells new items by their id: map one in interfaces.\(key).item (id: …)")
        }
        if watch != nil, endpoint.mode == .cacheOnly, options.mode == nil {
            throw CLIError("--watch asks the server for new items; interfaces.\(key) is cache-only (give --mode network)")
        }
        var writer = try printer(for: endpoint, format: format ?? (watch == nil && jq == nil ? .table : .jsonl))
        let cap: Int
        switch pages {
        case .count(let n): cap = n
        case .all: cap = endpoint.paging.maxPages
        }
        // The header waits for the first page, so a failed first request
        // leaves stdout empty.
        var started = false
        // Items whose id was already printed are dropped, as the TUI does
        // (only when the config maps an id: otherwise ids are positions).
        var printed = FetchDeduper(enabled: endpoint.item.field("id") != nil)
        var changeLines = changes ? ChangeLines(mapping: endpoint.item) : nil
        let outcome = try await pageSource.walk(endpoint, params: params, mode: options.mode ?? endpoint.mode,
                                                maxPages: cap) { page in
            if changeLines != nil {
                // Every item a change: the first page's as the first look (for what goes later).
                let fresh = printed.fresh(page.items)
                try StandardStreams.out(started ? changeLines!.items(fresh) : changeLines!.page(fresh))
                started = true
                return
            }
            if !started {
                if let notice = PagingNotice.text(page.facts.absentPaths) { StandardStreams.err("rowboat: \(notice)") }
                try StandardStreams.out(writer.begin())
            }
            started = true
            // Written a slice at a time: a page of a million items is never
            // one string (each format writes an item alone).
            let fresh = printed.fresh(page.items)
            for start in stride(from: 0, to: fresh.count, by: Self.itemsPerWrite) {
                try StandardStreams.out(writer.page(Array(fresh[start..<min(fresh.count, start + Self.itemsPerWrite)])))
            }
        }
        if !started { try StandardStreams.out(writer.begin()) }
        try StandardStreams.out(writer.end())
        try writer.finish()
        if let line = printed.summary { StandardStreams.err("rowboat: \(line)") }
        // Stopping short (the page cap, a paging loop) is a notice, not a
        // failure: what was printed is whole, and the exit status stays 0.
        if pages == .all || outcome.isLoop, let notice = outcome.notice { StandardStreams.err("rowboat: \(notice)") }
        if let watch {
            var seen = WatchedIDs()
            for id in printed.printedIDs { seen.insert(id) }
            try await watchFirstPage(every: watch, endpoint: endpoint, source: pageSource, params: params,
                                     writer: writer, seen: seen, changes: changeLines)
        }
    }
}
