import Foundation
@testable import RowboatCore
@testable import RowboatSpec
@testable import RowboatParsing

/// Shared builders for the core tests (not a suite).
enum Fixtures {
    /// Page-number paging counting from 1, 30 per page.
    static let paging = Paging(style: .pageNumber(param: "page", first: 1), sizeParam: "limit", size: 30)

    static let fetchedAt: Double = 1_710_374_400

    static func rows(_ ids: ClosedRange<Int>, tag: String = "") -> [RowModel] {
        ids.map { RowModel(id: String($0), title: "Item \($0)\(tag)") }
    }

    static func rows(ids: [String], tag: String = "") -> [RowModel] {
        ids.map { RowModel(id: $0, title: "Item \($0)\(tag)") }
    }

    static func page(_ ids: ClosedRange<Int>, totalPages: Int? = nil, totalCount: Int? = nil,
                     tag: String = "", at time: Double = fetchedAt) -> PageLoad<RowTable> {
        PageLoad(rows: rows(ids, tag: tag), totalPages: totalPages, totalCount: totalCount, fetchedAt: time)
    }

    static func positions(_ rows: [RowModel]) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: rows.enumerated().map { ($1.id, $0) })
    }

    /// Each row's position as the table's id index finds it.
    static func positions(_ table: RowTable) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: table.map { ($0.id, table.index(ofID: $0.id) ?? -1) })
    }

    /// Sends each action in order, the list paging by `paging` (the
    /// fixtures' unless said), and returns every effect produced.
    @discardableResult
    static func send(_ state: inout ListState, paging: Paging = Fixtures.paging, _ actions: ListAction...) -> [ListEffect] {
        actions.flatMap { ListReducer.reduce(&state, $0, paging: paging) }
    }

    /// A list that has loaded pages `1...pages` of 30 rows each (ids 1...30*pages),
    /// idle, with `totalPages` as the server reports it; request ids 1...pages used.
    static func loaded(pages: Int, totalPages: Int? = 5, viewport: Int = 20) -> ListState {
        var state = ListState(paging: paging)
        state.viewportItems = viewport
        send(&state, .appeared, .pageLoaded(requestID: 1, page(1...30, totalPages: totalPages)))
        for n in stride(from: 2, through: pages, by: 1) {
            send(&state, .loadMore,
                 .pageLoaded(requestID: n, page((n - 1) * 30 + 1...n * 30, totalPages: totalPages)))
        }
        return state
    }

    /// An endpoint shaped like the demo one (as `PageDecoderTests`, RowboatParsingTests, has it).
    static let demoEndpoint = Endpoint(
        key: "items", url: "/api/items",
        paging: Paging(style: .pageNumber(param: "page", first: 1),
                       totalPagesPath: JSONPath("datas.totalPage"), totalCountPath: JSONPath("datas.total")),
        response: ResponseShape(listPath: JSONPath("datas.list")!, successPath: JSONPath("code"),
                                successValues: ["200"], messagePath: JSONPath("msg")),
        item: ItemMapping(fields: [
            FieldSpec(name: "id", path: JSONPath("id")!),
            FieldSpec(name: "title", path: JSONPath("title")!),
            FieldSpec(name: "price", path: JSONPath("price")!, type: .money),
        ]))

    /// The one endpoint `e` of a config whose interface is `yaml` (as `StreamingFramingTests.endpoint`,
    /// RowboatParsingTests, makes it).
    static func endpoint(_ yaml: String) throws -> Endpoint {
        try ConfigLoader.parse("server: http://127.0.0.1:1\ninterfaces:\n  e: " + yaml, file: "s.yaml").endpoints[0]
    }

    /// The repository's root directory, from this file's path.
    static var repoRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Parses config text, returning the error it throws (nil when it parses).
    static func configError(_ text: String, environment: [String: String] = [:]) -> ConfigError? {
        do {
            // As ConfigFile.load reads a file: parsed, then checked against the key map.
            try ConfigValidation.check(try ConfigLoader.parse(text, file: "test.yaml", environment: environment))
            return nil
        } catch {
            return error
        }
    }
}

/// Rows of a list compared with the rows they should be.
func == (table: RowTable, rows: [RowModel]) -> Bool { Array(table) == rows }
