import Foundation
import RowboatCore
import RowboatSpec
import RowboatParsing
import Synchronization
import Testing
import RowboatTestSupport
@testable import RowboatNetwork

/// A streamed body asked for as rows (`fetchPageReply(rows:)`, what the
/// TUI asks for, issue #32): the rows are written on a task of their own
/// while the body arrives, go out in parts in order, and are the rows the
/// items would make; memory stays what the rows take; a bad item mid-body
/// ends the request with the Item path's error, the rows before it kept,
/// and no part goes out after the request has ended.
@Suite("Streamed rows: written apart, in order, the items' rows", .serialized, .timeLimit(.minutes(5)))
struct StreamedRowsTests {
    /// Parts (rows and items) as they went out, and whether any came after the fetch returned.
    final class Parts: Sendable {
        let parts = Mutex<[PageResult]>([])
        let late = Mutex(false)
        let returned = Mutex(false)

        func add(_ part: PageResult) {
            if returned.withLock({ $0 }) { late.withLock { $0 = true } }
            parts.withLock { $0.append(part) }
        }

        var rows: RowTable {
            var table = RowTable()
            for part in parts.withLock({ $0 }) {
                #expect(part.items.isEmpty && part.facts.continues)
                table.append(table: RowTable(part.rows ?? WrittenRows(shape: RowShape(names: [], fieldOrder: []))))
            }
            return table
        }
    }

    /// Fetches `key` streamed as rows; the parts, and the final page or the error.
    static func fetchRows(_ key: String, _ server: HostileServer, params: [String: String])
    async throws -> (parts: Parts, page: PageResult?, error: DataError?, builder: RowModelBuilder) {
        let config = try Hostile.config(server)
        let builder = RowModelBuilder(mapping: try #require(config.endpoint(key)).item)
        let parts = Parts()
        var page: PageResult?, failure: DataError?
        try await Support.withClient(config) { client in
            do {
                let reply = try await client.fetchPageReply(key, cursor: .first, params: params.mapValues(ParamValue.one),
                                                            onPart: { parts.add($0) }, rows: builder)
                if case .page(let result, let http) = reply {
                    #expect(http.streamed)
                    page = result
                }
            } catch let error as DataError {
                failure = error
            }
            parts.returned.withLock { $0 = true }
        }
        return (parts, page, failure, builder)
    }

    @Test(arguments: [("size-ndjson", ["lines": "60000"], 60_000), ("size-keyed", ["items": "60000"], 60_000)])
    func theRowsAreTheItemsRowsInOrder(key: String, params: [String: String], count: Int) async throws {
        try await Hostile.withServer { server in
            let (parts, page, error, builder) = try await Self.fetchRows(key, server, params: params)
            #expect(error == nil)
            let final = try #require(page)
            var rows = parts.rows
            #expect(parts.parts.withLock { $0.count } > 1, "the rows went out in parts")
            rows.append(table: RowTable(try #require(final.rows)))
            #expect(final.items.isEmpty && rows.count == count)
            // The same body as items, made into rows as the list made them before.
            let whole = try await Hostile.fetch(key, from: server, params: params.mapValues(ParamValue.one))
            let items = try #require(whole.page?.items)
            #expect(rows == RowTable(items.map(builder.row)))
        }
    }

    @Test func aMissingIdMidBodyEndsItAsTheItemsDoTheRowsBeforeKept() async throws {
        try await Hostile.withServer { server in
            let params = ["lines": "100000", "missing": "80000"]
            let (parts, page, error, _) = try await Self.fetchRows("size-ndjson", server, params: params)
            #expect(page == nil)
            let whole = try await Hostile.fetch("size-ndjson", from: server, params: params.mapValues(ParamValue.one))
            #expect(error != nil && error == whole.error, "\(String(describing: error))")
            let rows = parts.rows
            #expect(rows.count < 80_000 && rows.map(\.id).last.flatMap { Int($0) } == rows.count)
            #expect(!parts.late.withLock { $0 }, "a part went out after the request ended")
        }
    }

    @Test func memoryFollowsTheRowsNotTheBody() async throws {
        try await Hostile.withServer { server in
            let sampler = MemorySampler()
            let (parts, page, error, _) = try await Self.fetchRows("size-ndjson", server, params: ["lines": "355000"])
            let growth = sampler.stop()
            #expect(error == nil && page != nil)
            #expect(parts.rows.count + (page?.rows?.count ?? 0) == 355_000)
            // The rows take about 40 bytes each here; the body is 10.6 MB.
            #expect(growth < 200 << 20, "grew \(growth >> 20) MB")
        }
    }
}
