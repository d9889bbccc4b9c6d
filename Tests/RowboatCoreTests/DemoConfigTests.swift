import Foundation
import Testing
@testable import RowboatCore
@testable import RowboatSpec
@testable import RowboatParsing
import RowboatCells

@Suite("Config/demo.yaml")
struct DemoConfigTests {
    func demo() throws -> RowboatConfig {
        let url = Fixtures.repoRoot.appendingPathComponent("Config/demo.yaml")
        let text = try String(contentsOf: url, encoding: .utf8)
        return try ConfigLoader.parse(text, file: "Config/demo.yaml")
    }

    /// What the demo's own comments and the guide say of it is what it
    /// is: as many tabs as endpoints, the embedded server's fixed port.
    @Test func theCommentsAndTheGuideCountTheDemoAsItIs() throws {
        let n = try demo().endpoints.count
        let words = [4: "four", 5: "five", 6: "six", 7: "seven"]
        let yaml = try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("Config/demo.yaml"), encoding: .utf8)
        let guide = try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("docs/guide.md"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        #expect(yaml.contains("every endpoint is a tab: 1-\(n), Tab"))
        #expect(yaml.contains("127.0.0.1 port 28080") && !yaml.contains("free port and points"))
        #expect(guide.contains("the demo has \(words[n] ?? String(n)):"))
        #expect(guide.contains("(`1–\(n)` in the demo)"))
    }

    /// Help (and the keys) offer only what the tab on screen can do: the
    /// Live tab maps no link and has no filters or actions, so f, o, y,
    /// X and O are not there; the Items tab has them all.
    @Test func eachTabOffersOnlyTheKeysItCanUse() throws {
        var state = AppState(config: try demo(), size: TerminalSize(columns: 120, rows: 40))
        func keys() -> [String] { KeyHelp.entries(KeyMap.default.bindings(in: state)).map(\.keys) }
        #expect(["f", "o", "y", "X", "O"].allSatisfy { keys().contains($0) }, "\(keys())")
        let live = try #require(state.tabs.firstIndex { $0.endpointKey == "live" })
        _ = AppReducer.reduce(&state, .selectTab(live))
        #expect(!["f", "o", "y", "X", "O", "R"].contains { keys().contains($0) }, "\(keys())")
        #expect(keys().contains("t") && keys().contains("Y"))
        #expect(KeyMap.default.action(for: .character("o"), in: state) == nil)
    }

    @Test func serverAndCommunication() throws {
        let config = try demo()
        #expect(config.source == "Config/demo.yaml")
        #expect(config.server == "http://127.0.0.1:8080")
        #expect(config.communication == Communication(method: .get, timeoutSeconds: 10))
    }

    @Test func itemsEndpoint() throws {
        let config = try demo()
        #expect(config.endpoints.map(\.key) == ["items", "categories", "reviews", "makers", "live"])
        #expect(config.endpoints.map(\.displayTitle) == ["Items", "Categories", "Reviews", "Makers", "Live"])
        #expect(config.tabs == nil)
        let items = try #require(config.endpoint("items"))
        #expect(items.related == RelatedSpec(endpoint: "reviews", params: ["item": "${item.id}"]))
        #expect(config.defaultEndpoint == items)
        #expect(config.endpoint("nope") == nil)
        #expect(items.url == "/api/items")
        #expect(items.method == nil)
        #expect(items.params == [:])
        #expect(items.headers == [:])
    }

    @Test func paging() throws {
        let items = try #require(try demo().endpoint("items"))
        #expect(items.paging == Paging(style: .pageNumber(param: "page", first: 1), sizeParam: "limit", size: 30,
                                       totalPagesPath: JSONPath("datas.totalPage"),
                                       totalCountPath: JSONPath("datas.total")))
    }

    @Test func responseShape() throws {
        let items = try #require(try demo().endpoint("items"))
        #expect(items.response == ResponseShape(listPath: JSONPath("datas.list")!, successPath: JSONPath("code"),
                                                successValues: ["200"], messagePath: JSONPath("msg")))
    }

    @Test func itemMapping() throws {
        let items = try #require(try demo().endpoint("items"))
        // The demo's actions read the title and the description: exact copies, hidden.
        #expect(items.item.fields.map(\.name) == ["id", "title", "subtitle", "image", "price", "rating", "created", "description", "link",
                                                   "status", "@title", "@description"])
        #expect(items.item.field("@title") == FieldSpec(name: "@title", path: JSONPath("title")!, exact: true))
        #expect(items.item.nullStrings == ItemMapping.defaultNullStrings)
        #expect(items.item.field("price") == FieldSpec(name: "price", path: JSONPath("price")!, type: .money, currency: "EUR"))
        #expect(items.item.field("rating") == FieldSpec(name: "rating", path: JSONPath("rating")!, type: .number))
        #expect(items.item.field("created") == FieldSpec(name: "created", path: JSONPath("created_at")!, type: .dateSeconds,
                                                         relative: true))
        #expect(items.item.field("title") == FieldSpec(name: "title", path: JSONPath("title")!))
    }

    @Test func columns() throws {
        let items = try #require(try demo().endpoint("items"))
        #expect(items.columns == [
            ColumnSpec(field: "title", title: "Title", width: .weight(3, min: 12)),
            ColumnSpec(field: "subtitle", title: "Subtitle", width: .weight(2, min: 10)),
            ColumnSpec(field: "price", title: "Price", width: .fixed(9), alignment: .right),
            ColumnSpec(field: "created", title: "Date", width: .fixed(10)),
        ])
    }

    /// The live tab: refreshed every 5 s from a feed that gains a listing
    /// every 5 s; the seller's city is mapped but not a column, for the
    /// columns panel to offer.
    @Test func liveEndpoint() throws {
        let live = try #require(try demo().endpoint("live"))
        #expect(live.refreshEvery == 5 && live.url == "/api/live" && live.params == ["every": .one("5")])
        #expect(live.item.field("city") == FieldSpec(name: "city", path: JSONPath("seller.city")!))
        #expect(live.columns.map(\.field) == ["title", "seller", "price", "listed"])
        #expect(!live.columns.contains { $0.field == "city" })
        // The others are not live.
        #expect(try demo().endpoints.filter { $0.refreshEvery != nil }.map(\.key) == ["live"])
    }
}
