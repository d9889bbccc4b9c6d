import Foundation
import RowboatDemo
import Testing
import RowboatTestSupport

/// The id by meaning, from the three doors of the paging search: a
/// bookshop's list (`/api/bookshop/books`) whose books have a unique
/// `isbn`, a `title` and a unique `url` — `config probe`, `rowboat URL
/// --save` and `config import` (of a document that gives the ISBN an
/// example) choose `isbn` as the id, checked unique over the walk, and map
/// the URL as the link; the draft walks all 47 books by their ISBNs.
@Suite("The id by meaning: an ISBN, not the unique URL", .serialized)
struct IdentifierCLITests {
    static let path = "/api/bookshop/books?per_page=20"

    static let document = """
    openapi: 3.0.3
    info: {title: Bookshop, version: "1"}
    paths:
      /api/bookshop/books:
        get:
          summary: Books
          parameters: [{name: page, in: query, schema: {type: integer}}, {name: per_page, in: query, schema: {type: integer}}]
          responses:
            '200':
              description: OK
              content:
                application/json:
                  schema:
                    type: object
                    properties:
                      books:
                        type: array
                        items:
                          type: object
                          properties:
                            isbn: {type: string, example: "9780306406157"}
                            title: {type: string}
                            author: {type: string}
                            url: {type: string, format: uri}
                      page: {type: integer}
                      total: {type: integer}
    """

    static func expectISBNAndLink(_ draft: String) {
        #expect(draft.contains("\n      id: isbn "), "\(draft)")
        #expect(draft.contains("\n      link: url "), "\(draft)")
    }

    /// The ISBNs `fetch --pages all` prints with the config at `path`: every book once.
    static func expectEveryBook(config path: String) async throws {
        let r = try await Subprocess.rowboat(["fetch", "books", "--pages", "all", "--format", "jsonl", "--config", path])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try r.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let ids = rows.compactMap { $0["id"] as? String }
        #expect(ids.count == DemoLookalikes.itemCount && Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.count == 13 && $0.hasPrefix("978") }, "\(ids)")
        #expect(rows.allSatisfy { ($0["link"] as? String)?.contains("/bookshop/books/978") == true }, "\(rows.prefix(2))")
    }

    @Test func theProbeChoosesTheISBN() async throws {
        try await CountedDemoServer.withRunning { server in
            let probe = try await Subprocess.rowboat("config", "probe", server.baseURL + Self.path)
            #expect(probe.status == 0, "\(probe.stderr)")
            Self.expectISBNAndLink(probe.stdout)
            #expect(probe.stdout.contains("# a key named like an identifier, unique in all 20 sampled and in the 47 items walked"),
                    "\(probe.stdout)")
            try await Self.expectEveryBook(config: try Paths.write(probe.stdout, name: "books-probe.yaml"))
        }
    }

    @Test func rowboatURLChoosesTheISBN() async throws {
        try await CountedDemoServer.withRunning { server in
            let saved = try Paths.tempDir().appendingPathComponent("books-saved.yaml").path
            _ = try await Subprocess.rowboat([server.baseURL + Self.path, "--save", saved])
            let draft = try String(contentsOfFile: saved, encoding: .utf8)
            Self.expectISBNAndLink(draft)
            try await Self.expectEveryBook(config: saved)
        }
    }

    @Test func theImportChoosesTheISBN() async throws {
        try await CountedDemoServer.withRunning { server in
            let file = try Paths.write(Self.document, name: "bookshop-openapi.yaml")
            let imported = try await Subprocess.rowboat("config", "import", file, "--server", server.baseURL)
            #expect(imported.status == 0, "\(imported.stderr)")
            Self.expectISBNAndLink(imported.stdout)
            try await Self.expectEveryBook(config: try Paths.write(imported.stdout, name: "books-imported.yaml"))
        }
    }
}
