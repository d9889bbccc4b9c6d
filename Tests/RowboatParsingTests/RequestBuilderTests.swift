import Foundation
import Testing
@testable import RowboatSpec
@testable import RowboatParsing

@Suite("RequestBuilder")
struct RequestBuilderTests {
    let client = ClientInfo(name: "rowboat", version: "9.9.9", os: "Linux")

    func builder(server: String = "https://api.example.com/", url: String = "/v1/items",
                 method: HTTPMethodName? = nil, params: [String: ParamValue] = [:],
                 paging: Paging = Paging(style: .pageNumber(param: "page", first: 1), sizeParam: "limit", size: 30),
                 communication: Communication = Communication(),
                 headers: [String: String] = [:]) -> RequestBuilder {
        let endpoint = Endpoint(key: "items", url: url, method: method, params: params, headers: headers,
                                paging: paging, item: ItemMapping(fields: [FieldSpec(name: "title", path: JSONPath("t")!)]))
        let config = RowboatConfig(source: "c.yaml", server: server, communication: communication, endpoints: [endpoint])
        return RequestBuilder(config: config, endpoint: endpoint, clientInfo: client)
    }

    var standardHeaders: [String] {
        ["Accept:application/json", "User-Agent:rowboat/9.9.9 (Linux)", "X-Client-Name:rowboat",
         "X-Client-Version:9.9.9", "X-Client-OS:Linux"]
    }

    func headerLines(_ spec: RequestSpec) -> [String] { spec.headers.map { "\($0.0):\($0.1)" } }

    @Test func getQueryWithSortedParams() {
        let spec = builder(params: ["q": .one("shoes"), "color": .one("red")]).request(cursor: .first)
        #expect(spec.method == .get)
        #expect(spec.url == "https://api.example.com/v1/items?color=red&limit=30&page=1&q=shoes")
        #expect(spec.body == nil)
        #expect(spec.timeoutSeconds == 15)
        #expect(headerLines(spec) == standardHeaders)
    }

    @Test func pageCursorSetsThePageParam() {
        let b = builder()
        #expect(b.request(cursor: .page(3)).url == "https://api.example.com/v1/items?limit=30&page=3")
        #expect(b.pageNumber(.first) == 1)
        #expect(b.pageNumber(.page(4)) == 4)
        let zero = builder(paging: Paging(style: .pageNumber(param: "p", first: 0)))
        #expect(zero.request(cursor: .first).url == "https://api.example.com/v1/items?p=0")
        #expect(zero.pageNumber(.first) == 0)
    }

    @Test func singlePageEndpointSendsNoPagingParams() {
        let b = builder(paging: Paging())
        #expect(b.request(cursor: .first).url == "https://api.example.com/v1/items")
        #expect(b.request(cursor: .page(0)).url == "https://api.example.com/v1/items")
        #expect(b.pageNumber(.first) == 0)
    }

    @Test func dynamicParamsWinOverStatic() {
        let b = builder(params: ["q": .one("static"), "lang": .one("en")])
        let spec = b.request(cursor: .page(2), params: ["q": .one("dynamic"), "sort": .one("new"), "limit": .one("5")])
        #expect(spec.url == "https://api.example.com/v1/items?lang=en&limit=5&page=2&q=dynamic&sort=new")
    }

    @Test func listsBecomeRepeatedKeys() {
        let spec = builder(params: ["tag": .many(["b", "a"]), "id": .many([])]).request(cursor: .page(1))
        #expect(spec.url == "https://api.example.com/v1/items?limit=30&page=1&tag=b&tag=a")
    }

    @Test func percentEncoding() {
        let params: [String: ParamValue] = ["q": .one("red shoes"), "city": .one("北京"),
                                            "x y": .one("a&b=c+d/e?f#g"), "safe": .one("A-z_0.9~")]
        let spec = builder(params: params, paging: Paging())
            .request(cursor: .first)
        #expect(spec.url == "https://api.example.com/v1/items?city=%E5%8C%97%E4%BA%AC&q=red%20shoes"
            + "&safe=A-z_0.9~&x%20y=a%26b%3Dc%2Bd%2Fe%3Ff%23g")
    }

    @Test func encodingAgreesWithFoundationOnEveryASCIIByteAndBeyond() {
        // Each printable ASCII byte alone and amid unreserved ones, plus
        // text with non-ASCII: the unreserved fast path changes no answer.
        let ascii = (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) }
        let texts = ascii + ascii.map { "ab\($0)9" } + ["", "42", "A-z_0.9~", "é", "naïve", "a\u{0}b", "🙂"]
        for text in texts {
            #expect(URLEncoding.encodeComponent(text)
                == text.addingPercentEncoding(withAllowedCharacters: URLEncoding.unreserved), "\(text)")
        }
    }

    @Test func existingQueryIsExtended() {
        let spec = builder(url: "/v1/items?fixed=1").request(cursor: .first)
        #expect(spec.url == "https://api.example.com/v1/items?fixed=1&limit=30&page=1")
    }

    @Test func postSendsAFormBody() {
        let spec = builder(method: .post, params: ["q": .one("red shoes")]).request(cursor: .page(2))
        #expect(spec.method == .post)
        #expect(spec.url == "https://api.example.com/v1/items")
        #expect(spec.body == Array("limit=30&page=2&q=red%20shoes".utf8))
        #expect(headerLines(spec) == standardHeaders + ["Content-Type:application/x-www-form-urlencoded"])
    }

    @Test func communicationMethodIsTheDefault() {
        let post = builder(communication: Communication(method: .post)).request(cursor: .first)
        #expect(post.method == .post)
        let get = builder(method: .get, communication: Communication(method: .post)).request(cursor: .first)
        #expect(get.method == .get)
        #expect(get.body == nil)
    }

    @Test func clientAndConfigHeaders() {
        let b = builder(communication: Communication(timeoutSeconds: 4, headers: ["X-B": "2", "X-A": "1"], userAgent: "probe/2"),
                        headers: ["X-Z": "z", "X-Y": "y"])
        let spec = b.request(cursor: .first)
        #expect(headerLines(spec) == ["Accept:application/json", "User-Agent:probe/2", "X-Client-Name:rowboat",
                                      "X-Client-Version:9.9.9", "X-Client-OS:Linux",
                                      "X-A:1", "X-B:2", "X-Y:y", "X-Z:z"])
        #expect(spec.timeoutSeconds == 4)
    }

    @Test func defaultClientInfo() {
        #expect(ClientInfo.current.name == "rowboat")
        #expect(ClientInfo.current.userAgent.hasPrefix("rowboat/"))
        #expect(ClientInfo.current.userAgent == "rowboat/\(ClientInfo.version) (\(ClientInfo.current.os))")
        let endpoint = Endpoint(key: "e", url: "/e", item: ItemMapping(fields: []))
        let config = RowboatConfig(source: "c", server: "http://x", communication: Communication(), endpoints: [endpoint])
        let spec = RequestBuilder(config: config, endpoint: endpoint).request(cursor: .first)
        #expect(spec.headers.first { $0.0 == "User-Agent" }?.1.hasPrefix("rowboat/") == true)
    }

    @Test func urlResolution() {
        #expect(builder(url: "https://other.example.com/x").resolvedURL() == "https://other.example.com/x")
        #expect(builder(url: "http://other.example.com/x").resolvedURL() == "http://other.example.com/x")
        #expect(builder(server: "https://h.example", url: "/items").resolvedURL() == "https://h.example/items")
        #expect(builder(server: "https://h.example//", url: "items").resolvedURL() == "https://h.example/items")
        #expect(builder(server: "https://h.example/api", url: "items").resolvedURL() == "https://h.example/api/items")
        #expect(builder(server: "https://h.example/api/", url: "/items").resolvedURL() == "https://h.example/api/items")
        #expect(builder(url: "https://other.example.com/x").request(cursor: .page(2)).url
            == "https://other.example.com/x?limit=30&page=2")
    }

    @Test func requestSpecEqualityComparesHeadersInOrder() {
        let a = RequestSpec(method: .get, url: "u", headers: [("A", "1"), ("B", "2")], body: nil, timeoutSeconds: 1)
        var b = a
        #expect(a == b)
        b.headers = [("B", "2"), ("A", "1")]
        #expect(a != b)
    }
}
