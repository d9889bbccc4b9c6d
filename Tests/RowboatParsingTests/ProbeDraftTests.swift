import Foundation
import Testing
@testable import RowboatSpec
@testable import RowboatParsing

/// `ProbeDraft` on recorded responses in the shapes of the Config/ examples
/// (the new API shapes are probed end to end in the CLI tests).
@Suite("config probe: drafts from recorded responses")
struct ProbeDraftTests {
    /// The draft for one response, loaded back, and its only endpoint.
    func probe(_ url: String, _ body: String, headers: [(String, String)] = [("Content-Type", "application/json")],
               method: HTTPMethodName = .get, requestHeaders: [(String, String)] = [], data: String? = nil,
               status: Int = 200) throws -> (text: String, endpoint: Endpoint, config: RowboatConfig) {
        let input = ProbeInput(method: method, url: url, headers: requestHeaders, body: data.map { Array($0.utf8) },
                               status: status, responseHeaders: headers, responseBody: Array(body.utf8))
        let text = try ProbeDraft.write(input, width: 100, now: 1_800_000_000)
        // The draft reads the credentials it was given from the variables it names.
        let config = try ConfigLoader.parse(text, file: "draft.yaml", environment: try ProbeAnalysis(input).credentials.environment)
        return (text, try #require(config.endpoints.first), config)
    }

    func items(_ n: Int, _ make: (Int) -> String) -> String {
        "[" + (1...n).map(make).joined(separator: ",") + "]"
    }

    /// An identifier by meaning beats a unique URL, whatever the scheme's
    /// spelling (`isbn`, `isbn_13`, `primary_isbn13` as the New York Times
    /// books API names it, `ISBN10`, `doi`, `gtin`, `asin`, `productGTIN`),
    /// and the URL is the link. A key naming a URL of one (`doi_url`) is a
    /// URL. An id-named field holding URLs (JSON-LD's `@id`) comes after
    /// such an identifier; where it is the id, it is the link too.
    @Test func anIdentifierByMeaningIsTheIdAndTheURLTheLink() throws {
        for key in ["isbn", "isbn_13", "primary_isbn13", "ISBN10", "doi", "gtin", "asin", "productGTIN", "eISSN"] {
            let body = #"{"books": "# + items(20) {
                #"{"\#(key)": "97800000\#(1000 + $0)", "title": "Book \#($0)", "url": "https://shop.example/books/\#($0)"}"#
            } + "}"
            let p = try probe("http://h/api/books?page=1", body)
            #expect(p.endpoint.item.field("id")?.path.description == key, "\(key): \(p.text)")
            #expect(p.endpoint.item.field("link")?.path.description == "url", "\(key): \(p.text)")
        }
        for key in ["doi_url", "isbnLink", "self", "href"] {
            let body = items(20) { #"{"\#(key)": "https://doi.example/10.1/\#($0)", "title": "Paper \#($0)"}"# }
            let p = try probe("http://h/api/papers", body)
            #expect(p.text.contains("# no id or name: a URL, unique in all 20 sampled"), "\(p.text)")
            #expect(p.endpoint.item.field("id")?.path.description == key, "\(p.text)")
            // Its URL is the link too.
            #expect(p.endpoint.item.field("link")?.path.description == key, "\(p.text)")
        }
        let jsonLD = items(20) { #"{"@id": "https://shop.example/books/\#($0)", "isbn": "97800000\#(1000 + $0)", "name": "Book \#($0)"}"# }
        let ld = try probe("http://h/api/books", jsonLD)
        #expect(ld.endpoint.item.field("id")?.path.description == "isbn", "\(ld.text)")
        #expect(ld.endpoint.item.field("link")?.path.description == "@id", "\(ld.text)")
        let onlyURLs = items(20) { #"{"@id": "https://shop.example/books/\#($0)", "name": "Book"}"# }
        let only = try probe("http://h/api/books", onlyURLs)
        #expect(only.endpoint.item.field("id")?.path.description == "@id", "\(only.text)")
        #expect(only.text.contains("# an id (its values are URLs), unique in all 20 sampled"), "\(only.text)")
        #expect(only.endpoint.item.field("link")?.path.description == "@id", "\(only.text)")
        #expect(FieldGuess.words("primary_isbn13") == ["primary", "isbn", "13"])
        #expect(FieldGuess.words("productGTIN") == ["product", "gtin"])
        #expect(FieldGuess.words("doi.url") == ["doi", "url"])
    }

    @Test func githubSearchPagesByTheLinkHeader() throws {
        let body = #"{"total_count": 47, "incomplete_results": false, "items": "# + items(20) {
            #"{"id": \#($0), "full_name": "octo/repo\#($0)", "description": "d\#($0)", "html_url": "https://github.com/octo/repo\#($0)", "stargazers_count": \#(5000 - $0), "updated_at": "2024-05-01T10:00:00Z", "owner": {"login": "octo", "avatar_url": "https://avatars.githubusercontent.com/u/\#($0)?v=4"}}"#
        } + "}"
        let p = try probe("https://api.github.com/search/repositories?q=swift&per_page=20", body, headers: [
            ("Content-Type", "application/json; charset=utf-8"),
            ("Link", #"<https://api.github.com/search/repositories?q=swift&per_page=20&page=2>; rel="next", <https://api.github.com/search/repositories?q=swift&per_page=20&page=3>; rel="last""#),
        ])
        #expect(p.config.server == "https://api.github.com")
        #expect(p.endpoint.key == "repositories")
        #expect(p.endpoint.url == "/search/repositories")
        #expect(p.endpoint.params == ["q": .one("swift")])
        #expect(p.endpoint.paging.style == .link)
        #expect(p.endpoint.paging.sizeParam == "per_page")
        #expect(p.endpoint.paging.size == 20)
        #expect(p.endpoint.paging.totalCountPath?.description == "total_count")
        #expect(p.endpoint.response.listPath.description == "items")
        #expect(p.endpoint.item.field("id")?.path.description == "id")
        #expect(p.endpoint.item.field("title")?.path.description == "full_name")
        #expect(p.endpoint.item.field("subtitle")?.path.description == "description")
        #expect(p.endpoint.item.field("link")?.path.description == "html_url")
        #expect(p.endpoint.item.field("image")?.path.description == "owner.avatar_url")
        #expect(p.text.contains("#   octo/repo1 "))
        #expect(p.text.hasSuffix("# Nothing left undecided.\n"))
    }

    @Test func hackerNewsCountsPagesFromZero() throws {
        let body = #"{"hits": "# + items(20) {
            #"{"objectID": "\#($0)", "title": "Story \#($0)", "author": "pg", "points": \#($0), "created_at_i": \#(1_700_000_000 + $0)}"#
        } + #", "nbHits": 47, "nbPages": 3, "page": 0, "hitsPerPage": 20}"#
        let p = try probe("https://hn.algolia.com/api/v1/search_by_date?tags=story&hitsPerPage=20", body)
        #expect(p.endpoint.paging.style == .pageNumber(param: "page", first: 0))
        #expect(p.endpoint.paging.totalPagesPath?.description == "nbPages")
        #expect(p.endpoint.paging.totalCountPath?.description == "nbHits")
        #expect(p.endpoint.paging.sizeParam == "hitsPerPage")
        #expect(p.endpoint.item.field("id")?.path.description == "objectID")
        #expect(p.endpoint.item.field("title")?.path.description == "title")
        #expect(p.endpoint.item.fields.contains { $0.type == .dateSeconds && $0.path.description == "created_at_i" })
    }

    @Test func redditFollowsTheAfterCursor() throws {
        let body = #"{"kind": "Listing", "data": {"after": "t3_20", "before": null, "dist": 20, "children": "# + items(20) {
            #"{"kind": "t3", "data": {"name": "t3_\#($0)", "title": "Post \#($0)", "author": "u\#($0)", "score": \#($0), "created_utc": 1700000000.0}}"#
        } + "}}"
        let p = try probe("https://www.reddit.com/r/swift/new.json?limit=20", body)
        #expect(p.endpoint.paging.style == .cursor(param: "after", next: JSONPath("data.after")!))
        #expect(p.endpoint.response.listPath.description == "data.children")
        #expect(p.endpoint.item.field("id")?.path.description == "data.name")
        #expect(p.endpoint.item.field("title")?.path.description == "data.title")
    }

    @Test func jsonPlaceholderPagesByOffsetWithTheTotalInAHeader() throws {
        let body = items(20) { #"{"userId": 1, "id": \#($0), "title": "title \#($0)", "body": "body \#($0)"}"# }
        let p = try probe("https://jsonplaceholder.typicode.com/posts?_start=0&_limit=20", body,
                          headers: [("Content-Type", "application/json"), ("X-Total-Count", "100")])
        #expect(p.endpoint.paging.style == .offset(param: "_start"))
        #expect(p.endpoint.paging.sizeParam == "_limit")
        #expect(p.endpoint.paging.totalCountHeader == "X-Total-Count")
        #expect(p.endpoint.response.listPath.description == "")
        #expect(p.endpoint.item.field("subtitle")?.path.description == "body")
    }

    @Test func pokeAPIFollowsTheNextURL() throws {
        let body = #"{"count": 1302, "next": "https://pokeapi.co/api/v2/pokemon?offset=20&limit=20", "previous": null, "results": "# + items(20) {
            #"{"name": "mon-\#($0)", "url": "https://pokeapi.co/api/v2/pokemon/\#($0)/"}"#
        } + "}"
        let p = try probe("https://pokeapi.co/api/v2/pokemon?limit=20", body)
        #expect(p.endpoint.paging.style == .nextURL(path: JSONPath("next")!))
        #expect(p.endpoint.paging.totalCountPath?.description == "count")
        #expect(p.endpoint.paging.sizeParam == "limit")
        #expect(p.endpoint.item.field("title")?.path.description == "name")
        #expect(p.endpoint.item.field("id") != nil)
    }

    @Test func theDemoEnvelopeChecksSuccess() throws {
        let body = #"{"code": 200, "msg": "success", "datas": {"page": 1, "totalPage": 34, "total": 1000, "list": "# + items(30) {
            #"{"id": \#($0), "title": "Item \#($0)", "subtitle": "s", "price": 1.5, "image": "http://h/images/\#($0).png", "created_at": 1780000000}"#
        } + "}}"
        let p = try probe("http://127.0.0.1:8080/api/items", body)
        #expect(p.endpoint.paging.style == .pageNumber(param: "page", first: 1))
        #expect(p.endpoint.paging.totalPagesPath?.description == "datas.totalPage")
        #expect(p.endpoint.response.successPath?.description == "code")
        #expect(p.endpoint.response.successValues == ["200"])
        #expect(p.endpoint.response.messagePath?.description == "msg")
        #expect(p.endpoint.item.field("image")?.path.description == "image")
        #expect(p.endpoint.item.fields.contains { $0.type == .money })
    }

    @Test func credentialsNeverReachTheDraft() throws {
        let body = #"{"status": "ok", "totalResults": 2, "articles": [{"url": "https://x/1", "title": "A"}, {"url": "https://x/2", "title": "B"}]}"#
        let p = try probe("https://newsapi.org/v2/everything?q=x&apiKey=SECRET-KEY-1&page=1", body,
                          requestHeaders: [("Authorization", "Bearer SECRET-TOKEN-2"), ("X-Api-Key", "SECRET-3"),
                                           ("Accept-Language", "en")])
        for secret in ["SECRET-KEY-1", "SECRET-TOKEN-2", "SECRET-3"] { #expect(!p.text.contains(secret)) }
        // Each credential is named (never its value), none is dropped: the
        // first that auth can carry is the auth section, the others headers
        // and params, every one reading a variable the comment names.
        #expect(p.text.contains("# The probe was given 3 credentials (header Authorization, header X-Api-Key, query param apiKey); none is written here.\n"
                                + "# Set API_TOKEN, X_API_KEY, API_KEY in the environment before you use this file.\n"
                                + "auth:\n  type: bearer\n  token: \"${API_TOKEN}\"\n"))
        #expect(p.text.contains(#"      X-Api-Key: "${X_API_KEY}"   # a credential"#))
        #expect(p.text.contains(#"      apiKey: "${API_KEY}"        # a credential"#))
        #expect(p.text.contains("apiKey=***"))
        #expect(p.endpoint.params == ["q": .one("x"), "apiKey": .one("SECRET-KEY-1")])
        #expect(p.endpoint.headers == ["Accept-Language": "en", "X-Api-Key": "SECRET-3"])
        #expect(p.config.auth == .bearer(token: "SECRET-TOKEN-2"))
        #expect(p.endpoint.response.successPath?.description == "status")
    }

    @Test func oneCredentialIsNamedAndItsAuthLineGiven() throws {
        let body = #"{"status": "ok", "articles": [{"url": "https://x/1", "title": "A"}]}"#
        let p = try probe("https://newsapi.org/v2/everything?q=x&apiKey=SECRET-KEY-1", body)
        #expect(p.text.contains("""
            # The probe was given a credential (query param apiKey); none is written here.
            # Set API_KEY in the environment before you use this file.
            auth:
              type: apiKey
              in: query
              name: apiKey
              value: "${API_KEY}"

            """))
        let cookie = try probe("https://h/list", body, requestHeaders: [("Cookie", "session=SECRET-4")])
        #expect(!cookie.text.contains("SECRET-4"))
        #expect(cookie.text.contains("# The probe was given a credential (header Cookie); none is written here.\n"))
        #expect(cookie.text.contains(#"      Cookie: "${API_COOKIE}"     # a credential"#))
        #expect(cookie.endpoint.headers == ["Cookie": "session=SECRET-4"])
    }

    /// One item's URL (no list in it) is an error that says so, not a draft
    /// whose preview fails to map.
    @Test func aResponseWithoutAListIsOneLine() throws {
        #expect(throws: ProbeError("the response holds no list (one object with keys code, datas, msg): a draft needs an array of objects or of plain values, or an object of objects, with at least one item; probe the URL of a list")) {
            try probe("http://h/api/items/1", #"{"code": 200, "msg": "ok", "datas": {"id": 1, "title": "A"}}"#)
        }
        // Plain values are a list of their own (`item: value`), not an error.
        #expect(try probe("http://h/ids", "[1, 2, 3]").text.contains("    item: value"))
        #expect(throws: ProbeError("the response holds no list (an array of 2 values that are not objects): a draft needs an array of objects or of plain values, or an object of objects, with at least one item; probe the URL of a list")) {
            try probe("http://h/flags", "[true, null]")
        }
        #expect(throws: ProbeError("the response holds no list (an empty array): a draft needs an array of objects or of plain values, or an object of objects, with at least one item; probe the URL of a list")) {
            try probe("http://h/none", "[]")
        }
    }

    /// Bytes that are not text (an image) are counted, never printed.
    @Test func aBinaryBodyIsNotQuoted() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array(repeating: 0xAB, count: 300)
        #expect(throws: ProbeError("the response is not JSON (image/png): 312 bytes that are not text")) {
            try ProbeDraft.write(ProbeInput(method: .get, url: "http://h/1.png", status: 200,
                                            responseHeaders: [("Content-Type", "image/png")], responseBody: png), now: 0)
        }
        // Text is quoted, a character cut at the quote's end included.
        let text = Array(("<p>" + String(repeating: "é", count: 200) + "</p>").utf8)
        #expect(ProbeDraft.preview(text).hasPrefix("\"<p>éé"))
    }

    @Test func whatCannotBeDecidedIsSaid() throws {
        let p = try probe("https://api.example.com/things", #"[{"a": 1, "b": "x"}, {"a": 1, "b": "x"}]"#)
        #expect(p.endpoint.paging.style == .none)
        #expect(p.text.contains("# Could not decide:"))
        #expect(p.text.contains("#   - no field is unique in every item"))
        #expect(p.text.contains("#   - whether the endpoint pages at all"))
    }

    @Test func failuresAreOneLine() {
        #expect(throws: ProbeError.self) { try probe("https://h/x", "<html>nope</html>") }
        do {
            _ = try probe("https://h/x", "<html>nope</html>", headers: [("Content-Type", "text/html")])
        } catch {
            #expect("\(error)" == #"the response is not JSON (text/html): "<html>nope</html>""#)
        }
        do {
            _ = try probe("https://h/x", "{}", status: 401)
        } catch {
            #expect("\(error)" == "HTTP 401 from https://h/x: the server wants credentials (give them with --header, e.g. --header 'Authorization: Bearer ${TOKEN}')")
        }
    }
}
