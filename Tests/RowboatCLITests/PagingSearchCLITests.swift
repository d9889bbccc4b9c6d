import Foundation
import RowboatDemo
import Testing
import RowboatTestSupport

/// The one paging search, from its three doors: the untouched draft of
/// `config probe`, of `rowboat URL --save` and of `config import` (of a
/// document describing the list) walks each class of paging in
/// `PagingClass.all` to its exact total with `fetch --pages all`, every
/// item once, the probe within its request bound.
@Suite("The paging search: probe, rowboat URL --save and config import drafts walk each class to its exact end",
       .serialized)
struct PagingSearchCLITests {
    /// The ids `fetch --pages all` prints with the config at `path`.
    static func walk(config path: String) async throws -> [String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let key = try #require(text.firstMatch(of: /\ninterfaces:\n(?:  #[^\n]*\n)*  ([^:\n]+):/)).1
        let fetch = try await Subprocess.rowboat(["fetch", String(key), "--pages", "all", "--format", "jsonl", "--config", path])
        #expect(fetch.status == 0, "\(fetch.stderr)")
        #expect(fetch.stderr == "", "\(fetch.stderr)")
        return try fetch.stdout.split(separator: "\n").map { line in
            let row = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return (row["id"] as? String) ?? (row["id"] as? NSNumber).map { "\($0)" } ?? ""
        }
    }

    /// Every item once.
    static func expectExactEnd(_ ids: [String], _ draft: String) {
        #expect(ids.count == DemoLookalikes.itemCount, "\(draft)")
        #expect(Set(ids).count == ids.count && !ids.contains(""), "\(draft)")
    }

    @Test(arguments: PagingClass.all)
    func theProbeDraftWalksToTheEnd(_ shape: PagingClass) async throws {
        try await CountedDemoServer.withRunning { server in
            let probe = try await Subprocess.rowboat(["config", "probe", server.baseURL + shape.path] + shape.arguments)
            #expect(probe.status == 0, "\(probe.stderr)")
            #expect(probe.stdout.contains("# Verified: paging \(shape.style), walked "), "\(probe.stdout)")
            // One request and at most 5 more, whatever the search tried.
            #expect(server.totalRequests <= 6)
            let path = try Paths.write(probe.stdout, name: "probed-\(shape.name).yaml")
            Self.expectExactEnd(try await Self.walk(config: path), probe.stdout)
        }
    }

    @Test(arguments: PagingClass.all)
    func theURLDraftSavedWalksToTheEnd(_ shape: PagingClass) async throws {
        try await CountedDemoServer.withRunning { server in
            let saved = try Paths.tempDir().appendingPathComponent("saved-\(shape.name).yaml").path
            // Without a terminal the browser cannot start; the draft is saved first.
            let run = try await Subprocess.rowboat([server.baseURL + shape.path] + shape.arguments + ["--save", saved])
            #expect(run.stderr.hasSuffix("rowboat: stdin and stdout must be a terminal for the browser (try rowboat fetch for plain output)\n"),
                    "\(run.stderr)")
            let draft = try String(contentsOfFile: saved, encoding: .utf8)
            #expect(draft.contains("# Verified: paging \(shape.style), walked "), "\(draft)")
            Self.expectExactEnd(try await Self.walk(config: saved), draft)
        }
    }

    @Test(arguments: PagingClass.all)
    func theImportedDraftWalksToTheEnd(_ shape: PagingClass) async throws {
        try await CountedDemoServer.withRunning { server in
            let document = try Paths.write(shape.document(base: server.baseURL), name: "\(shape.name)-openapi.yaml")
            let imported = try await Subprocess.rowboat(["config", "import", document])
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stdout.contains("    paging:                       # verified: walked "), "\(imported.stdout)")
            let path = try Paths.write(imported.stdout, name: "imported-\(shape.name).yaml")
            Self.expectExactEnd(try await Self.walk(config: path), imported.stdout)
        }
    }

    /// The end rules the search writes, as a hand-written config has them:
    /// a page past the end answered with a status or without the list ends
    /// the walk (without the rule it is an error), and a short page ends it
    /// without asking for the next.
    @Test func theEndRulesHoldInAHandWrittenConfig() async throws {
        try await CountedDemoServer.withRunning { server in
            func config(_ url: String, list: String, id: String, paging: String) throws -> String {
                try Paths.write("""
                server: \(server.baseURL)
                interfaces:
                  e:
                    url: \(url)
                    paging: \(paging)
                    response: {list: \(list)}
                    item: {id: \(id), title: \(id)}
                """, name: "end-rules.yaml")
            }
            let mailman = "{style: page, sizeParam: count, size: 20, endOnMissingList: true}"
            let rabbit = "{style: page, sizeParam: page_size, size: 20, endOnStatus: [400]}"
            for (url, list, id, paging) in [("/3.1/lists", "entries", "list_id", mailman), ("/api/queues", "items", "name", rabbit)] {
                Self.expectExactEnd(try await Self.walk(config: try config(url, list: list, id: id, paging: paging)), paging)
                let without = paging.replacingOccurrences(of: ", endOnMissingList: true", with: "")
                    .replacingOccurrences(of: ", endOnStatus: [400]", with: "")
                let failed = try await Subprocess.rowboat(["fetch", "e", "--pages", "all", "--format", "jsonl", "--config",
                                                           try config(url, list: list, id: id, paging: without)])
                #expect(failed.status == 1, "\(without)")
                #expect(failed.stdout.split(separator: "\n").count == DemoLookalikes.itemCount, "\(without)")
            }
            // A short page ends the walk: three requests for the archive, not four.
            let before = server.totalRequests
            let short = try config("/archive/page/{page}.json", list: "\"\"", id: "slug", paging: "{style: page, endOnShortPage: true}")
            Self.expectExactEnd(try await Self.walk(config: short), "endOnShortPage")
            #expect(server.totalRequests - before == 3)
        }
    }
}
