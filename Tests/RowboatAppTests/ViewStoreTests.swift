import Foundation
@testable import RowboatCore
import RowboatSpec
import RowboatParsing
import RowboatJQ
@testable import RowboatKit
import Testing

/// The saved views (`ViewStore`) on a real directory: written and read
/// back per endpoint, in order; a damaged file or one of another format
/// is one line, never stops a start, and is moved aside (not lost) when a
/// view is next saved.
@Suite struct ViewStoreTests {
    func withDirectory(_ body: (String) throws -> Void) rethrows {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-vs-\(UUID().uuidString)").path
        defer {
            chmod(directory, 0o755)
            try? FileManager.default.removeItem(atPath: directory)
        }
        try body(directory)
    }

    let dear = ViewSpec(name: "Dear", params: ["sort": "price"], filter: ["price > 100"],
                        sort: ViewSpec.Sort(field: "price", descending: true), columns: [.init(field: "title"), .init(field: "price", width: 12)])

    @Test func eachEndpointsViewsAreKeptInOrderAndForgotten() throws {
        try withDirectory { directory in
            let store = ViewStore(identity: "/configs/demo.yaml", directory: directory)
            #expect(store.load().views.isEmpty && store.load().problem == nil)
            try store.save([dear, ViewSpec(name: "Brass", search: "brass")], endpoint: "items")
            try store.save([ViewSpec(name: "Lisbon", filter: ["city = Lisbon"])], endpoint: "makers")
            #expect(store.load().views["items"]?.map(\.name) == ["Dear", "Brass"])
            #expect(store.load().views["items"]?.first == dear)
            try store.save([], endpoint: "makers")
            #expect(store.load().views.keys.sorted() == ["items"] && store.load().problem == nil)
            // Beside the column layout, a file of its own per config.
            #expect(store.file.hasPrefix(directory + "/views-"))
            #expect(ViewStore(identity: "/configs/other.yaml", directory: directory).file != store.file)
        }
    }

    @Test func aDamagedFileIsOneLineAndIsSetAsideNotLost() throws {
        try withDirectory { directory in
            let store = ViewStore(identity: "/configs/demo.yaml", directory: directory)
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try "{not json".write(toFile: store.file, atomically: true, encoding: .utf8)
            let loaded = store.load()
            #expect(loaded.views.isEmpty)
            #expect(loaded.problem?.hasPrefix("saved views not used: \(store.file) is not a saved views file") == true)
            #expect(loaded.problem?.contains("\n") == false)
            try store.save([dear], endpoint: "items")
            #expect(store.load().views == ["items": [dear]] && store.load().problem == nil)
            #expect(try String(contentsOfFile: store.file + ".bad", encoding: .utf8) == "{not json")
            try #"{"version": 9, "endpoints": {}}"#.write(toFile: store.file, atomically: true, encoding: .utf8)
            #expect(store.load().problem?.hasSuffix("is in format 9, not 1; kept as it is") == true)
        }
    }

    @Test func aDirectoryThatCannotBeMadeIsSaidInOneLine() throws {
        try withDirectory { directory in
            // A file where the directory should be: no mode bits involved, so root is told too.
            try "".write(toFile: directory, atomically: true, encoding: .utf8)
            let store = ViewStore(identity: "/configs/demo.yaml", directory: directory + "/rowboat")
            #expect {
                try store.save([dear], endpoint: "items")
            } throws: { error in
                "\(error)" == "\(directory)/rowboat cannot be made"
            }
            #expect(store.load().views.isEmpty)
        }
    }

    static let config = """
    server: http://127.0.0.1:1
    interfaces:
      items:
        url: /items
        item:
          id: id
          title: title
          price: {path: price, type: number}
        columns:
          - {field: title, title: Title}
          - {field: price, title: Price, width: 9, align: right}
    """

    /// A list of 20 rows (price n), jq given, what is kept read from `kept`.
    func app(_ kept: KeptStores) throws -> AppState {
        var state = AppState(config: try ConfigLoader.parse(Self.config, file: "c.yaml"))
        state.expressions = .jq
        #expect(kept.load(into: &state) == nil)
        _ = AppReducer.reduce(&state, .list(.appeared))
        let rows = (1...20).map { n in
            RowModel(id: String(n), title: "Item \(n)", fields: ["title": .text("Item \(n)"), "price": .text("\(n)")],
                     fieldOrder: ["id", "title", "price"])
        }
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 1, PageLoad(rows: rows, totalPages: 1, fetchedAt: 0))))
        return state
    }

    /// A view saved with an expression column — shown, sorted by, filtered
    /// on — goes to the file and comes back from it at the next start:
    /// applied, the column, its sort and its filter are in force again.
    @Test func aViewWithAnExpressionColumnComesBackFromTheFile() throws {
        try withDirectory { directory in
            let store = ViewStore(identity: "/configs/demo.yaml", directory: directory)
            var state = try app(KeptStores(views: store))
            _ = AppReducer.reduce(&state, .columns(.open))
            _ = AppReducer.reduce(&state, .columns(.addExpression))
            for c in "-.price" { _ = AppReducer.reduce(&state, .columns(.type(.insert(String(c))))) }
            _ = AppReducer.reduce(&state, .columns(.type(.submit)))
            _ = AppReducer.reduce(&state, .columns(.sort))
            _ = AppReducer.reduce(&state, .columns(.type(.begin)))
            for c in "<-15" { _ = AppReducer.reduce(&state, .columns(.type(.insert(String(c))))) }
            _ = AppReducer.reduce(&state, .columns(.type(.submit)))
            _ = AppReducer.reduce(&state, .columns(.close))
            #expect(state.list.rows.map(\.id) == ["20", "19", "18", "17", "16"])
            _ = AppReducer.reduce(&state, .views(.open))
            _ = AppReducer.reduce(&state, .views(.save))
            for c in "Dearest" { _ = AppReducer.reduce(&state, .views(.type(.insert(String(c))))) }
            let effects = AppReducer.reduce(&state, .views(.type(.submit)))
            guard case .saveViews(let endpoint, let views)? = effects.first, effects.count == 1 else {
                Issue.record("no view saved: \(effects)")
                return
            }
            try store.save(views, endpoint: endpoint)
            #expect(try String(contentsOfFile: store.file, encoding: .utf8).contains(#""field":"jq: -.price""#))

            // The next start: read from the file, and applied.
            var next = try app(KeptStores(views: store))
            #expect(next.savedViews == state.savedViews)
            _ = AppReducer.reduce(&next, .views(.open))
            _ = AppReducer.reduce(&next, .views(.apply))
            #expect(next.columns == state.columns && next.tab.expressionColumns == state.tab.expressionColumns)
            #expect(next.list.sort == state.list.sort && next.list.filter == state.list.filter)
            #expect(next.list.rows.map(\.id) == ["20", "19", "18", "17", "16"])
            #expect(next.shownItem(0)?.fields["jq: -.price"] == .text("-20"))
        }
    }
}
