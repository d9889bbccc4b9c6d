import Testing
@testable import RowboatSpec
@testable import RowboatParsing

/// `stream: {websocket: true, subscribe: …}`: what it reads, the message a
/// subscribe makes, and the one-line errors.
@Suite("Config: WebSocket streams")
struct WebSocketConfigTests {
    func parse(_ lines: String, environment: [String: String] = [:]) -> (config: RowboatConfig?, error: String?) {
        let text = """
        server: http://127.0.0.1:1
        interfaces:
          feed:
            \(lines)
            item: {id: id, title: name}
        """
        do {
            return (try ConfigLoader.parse(text, file: "ws.yaml", environment: environment), nil)
        } catch {
            return (nil, error.description)
        }
    }

    @Test func readsWebSocketAndSubscribe() throws {
        let config = try #require(parse("""
        url: /ws
            params: {room: "a\\"b"}
            stream: {mode: upsert, websocket: true, subscribe: {op: sub, room: "${params.room}", key: "${KEY}", n: 12345678901234567890}}
        """, environment: ["KEY": "k-secret"]).config)
        let stream = try #require(config.endpoint("feed")?.stream)
        #expect(stream.webSocket && stream.mode == .upsert)
        let message = try stream.subscribe?.message(params: ["room": .one("a\"b")])
        #expect(message == #"{"key":"k-secret","n":12345678901234567890,"op":"sub","room":"a\"b"}"#)
        #expect(config.secrets.values.contains("k-secret"), "a subscribe's ${ENV} value is a secret")
        #expect(config.endpoint("feed")?.method == .get)
    }

    @Test func aTextSubscribeIsSentAsWritten() throws {
        let stream = try #require(parse("url: /ws\n    stream: {websocket: true, subscribe: \"SUB ${params.q} now\"}").config?
            .endpoint("feed")?.stream)
        #expect(try stream.subscribe?.message(params: ["q": .one("x y")]) == "SUB x y now")
        #expect(throws: TemplateFill.Problem.self) { try stream.subscribe?.message(params: [:]) }
    }

    @Test func mistakesAreOneLineErrors() {
        #expect(parse("url: /ws\n    stream: {subscribe: hi}").error
                == "ws.yaml:5:25: interfaces.feed.stream.subscribe: subscribe is sent over a WebSocket: add websocket: true")
        #expect(parse("url: ws://example.com/feed\n    stream: {websocket: true}").error
                == "ws.yaml:4:10: interfaces.feed.url: write a WebSocket's URL as its http(s) URL (http://example.com/feed) "
                + "with stream: {websocket: true}")
        #expect(parse("url: wss://example.com/feed").error?.contains("(https://example.com/feed)") == true)
        #expect(parse("url: /ws\n    method: POST\n    stream: {websocket: true}").error?
                    .contains("interfaces.feed.method: a WebSocket opens with GET: method POST cannot go with websocket") == true)
        #expect(parse("url: /ws\n    stream: {websocket: true, subscribe: \"${item.id}\"}").error?
                    .contains("interfaces.feed.stream.subscribe: ") == true)
        #expect(parse("url: /ws\n    stream: {websocket: yes-please}").error?.contains("expected true or false") == true)
    }
}
