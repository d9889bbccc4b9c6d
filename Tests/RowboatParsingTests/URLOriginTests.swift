import Foundation
import Testing
@testable import RowboatSpec
@testable import RowboatParsing

/// Origins with an IPv6 literal host (`http://[::1]:8080`): the host is
/// read without its brackets, written back with them wherever an origin is
/// joined into a URL (the import's server and first requests, a request
/// action's URL, the probe's server), and compared as one origin.
@Suite("URL origins: IPv6 literal hosts")
struct URLOriginTests {
    @Test func anIPv6HostIsReadBareAndWrittenInBrackets() throws {
        let o = try #require(URLOrigin("http://[::1]:8080/api/items?page=2"))
        #expect(o.host == "::1")
        #expect(o.port == 8080)
        #expect(o.authority == "[::1]:8080")
        #expect(o.text == "http://[::1]:8080")
        #expect(o.description == "http://[::1]:8080")
        let https = try #require(URLOrigin("https://[2001:DB8::5]/x"))
        #expect(https.host == "2001:db8::5" && https.port == 443)
        #expect(https.text == "https://[2001:db8::5]")
        #expect(URLOrigin("http://[::1]:8080/a") == URLOrigin("HTTP://[::1]:8080/b"))
        #expect(URLOrigin("http://[::1]:8080/a") != URLOrigin("http://[::1]:8081/a"))
        // Names and IPv4 addresses as before.
        #expect(URLOrigin("http://127.0.0.1:80/x")?.text == "http://127.0.0.1")
        #expect(URLOrigin("https://api.example.com:8443")?.text == "https://api.example.com:8443")
        #expect(URLOrigin("http://[]:80/") == nil)
        #expect(URLOrigin.urlHost("::1") == "[::1]" && URLOrigin.urlHost("[::1]") == "[::1]" && URLOrigin.urlHost("a.b") == "a.b")
    }

    @Test func aRequestActionJoinsItsPathToAnIPv6Origin() throws {
        let endpoint = Endpoint(key: "items", url: "/api/items", paging: Paging(style: .none),
                                item: ItemMapping(fields: [FieldSpec(name: "title", path: JSONPath("t")!)]))
        let config = RowboatConfig(source: "c.yaml", server: "http://[::1]:8080", communication: Communication(), endpoints: [endpoint])
        let builder = RequestBuilder(config: config, endpoint: endpoint)
        #expect(builder.request(cursor: .first).url == "http://[::1]:8080/api/items")
        let action = try #require(builder.action(method: .post, path: "/api/items/7/sold", body: nil))
        #expect(action.url == "http://[::1]:8080/api/items/7/sold")
        #expect(action.credentialOrigin == URLOrigin("http://[::1]:8080"))
    }

    @Test func theProbeNamesAnIPv6Server() throws {
        let body = Array(#"{"items": [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]}"#.utf8)
        let input = ProbeInput(method: .get, url: "http://[::1]:8080/v1/things?page=1", headers: [], body: nil, status: 200,
                               responseHeaders: [("Content-Type", "application/json")], responseBody: body)
        let analysis = try ProbeAnalysis(input)
        #expect(analysis.server == "http://[::1]:8080")
        #expect(analysis.path == "/v1/things")
    }
}
