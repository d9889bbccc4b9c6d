import RowboatCore
import RowboatSpec
import RowboatCells

/// Rows and states shared by the rendering tests.
enum Fixtures {
    static let now: Double = 1_760_000_000

    static let columns: [ColumnSpec] = [
        ColumnSpec(field: "title", title: "Title", width: .weight(3, min: 12)),
        ColumnSpec(field: "subtitle", title: "Subtitle", width: .weight(2, min: 10)),
        ColumnSpec(field: "price", title: "Price", width: .fixed(9), alignment: .right),
        ColumnSpec(field: "created", title: "Date", width: .fixed(10)),
    ]

    static func row(_ i: Int, title: String? = nil) -> RowModel {
        RowModel(id: String(i), title: title ?? "Item \(i)", subtitle: "Subtitle \(i)",
                 fields: ["title": .text(title ?? "Item \(i)"), "subtitle": .text("Subtitle \(i)"),
                          "price": .text(ValueFormatter.money(Double(i) * 1.25)),
                          "created": .text(ValueFormatter.isoDate(now - Double(i) * 86_400))])
    }

    static func paging() -> Paging {
        Paging(style: .pageNumber(param: "page", first: 1), sizeParam: "limit", size: 30,
               totalPagesPath: JSONPath("datas.totalPage"), totalCountPath: JSONPath("datas.total"))
    }

    /// Thirty loaded rows, each with its image URL, image badges shown.
    static func loadedWithImages(size: TerminalSize) -> AppState {
        var rows = (1...30).map { row($0) }
        for i in rows.indices { rows[i].imageURL = "http://127.0.0.1:1/images/\(i + 1).png" }
        var state = loaded(rows, size: size)
        state.showsImageBadges = true
        return state
    }

    /// An app state with `count` rows loaded in one page of `totalPages`.
    static func loaded(_ rows: [RowModel], size: TerminalSize, totalPages: Int = 34, totalCount: Int = 1000) -> AppState {
        var state = AppState(endpointKey: "items", columns: columns, paging: paging(), size: size)
        _ = AppReducer.reduce(&state, .list(.appeared))
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 1, PageLoad(
            rows: rows, totalPages: totalPages, totalCount: totalCount, fetchedAt: now - 120))))
        return state
    }
}
