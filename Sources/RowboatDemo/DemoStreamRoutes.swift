import Foundation
import Hummingbird

/// Streams for `stream:` endpoints (Config/streams.yaml):
/// - `GET /api/market?every=MS&count=N&retry=MS`: Server-Sent Events, a
///   "market" of 20 symbols whose prices change one at a time every `every`
///   ms (default 200), each event with `id:` (its number) and the symbol's
///   row as data — what `mode: upsert` keeps. It opens with `retry:`
///   (default 2000) and a comment; a `Last-Event-ID` request header resumes
///   after that event. With `count`, the response ends after that many
///   events (a reconnect then resumes).
/// - `GET /api/log?every=MS&count=N`: NDJSON, an append-only log, one line
///   every `every` ms (default 300) — what `mode: append` keeps.
/// Event `n` is the same every time it is served.
package enum DemoStreamRoutes {
    static let symbols = ["ACME", "BOLT", "CRAB", "DUNE", "ECHO", "FERN", "GALE", "HULL", "IRIS", "JADE",
                          "KILN", "LOOM", "MOSS", "NOVA", "OPAL", "PIKE", "QUAY", "REEF", "SAGE", "TIDE"]
    static let levels = ["info", "info", "info", "warn", "debug", "error"]

    static func register(on router: Router<BasicRequestContext>) {
        router.get("/api/market") { request, _ in
            let query = request.uri.queryParameters
            let every = milliseconds(query.get("every"), default: 200)
            let count = query.get("count").flatMap { Int($0) }
            let retry = query.get("retry").flatMap { Int($0) } ?? 2000
            let after = request.headers[.init("Last-Event-ID")!].flatMap { Int($0) } ?? 0
            return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
                            body: ResponseBody { writer in
                                try await writer.write(ByteBuffer(string: "retry: \(retry)\n: market open\n\n"))
                                var n = after + 1
                                while count.map({ n <= after + $0 }) ?? true {
                                    try await writer.write(ByteBuffer(string: "id: \(n)\ndata: \(tick(n))\n\n"))
                                    n += 1
                                    try await Task.sleep(for: every)
                                }
                                try await writer.finish(nil)
                            })
        }
        router.get("/api/log") { request, _ in
            let query = request.uri.queryParameters
            let every = milliseconds(query.get("every"), default: 300)
            let count = query.get("count").flatMap { Int($0) }
            return Response(status: .ok, headers: [.contentType: "application/x-ndjson"],
                            body: ResponseBody { writer in
                                var n = 1
                                while count.map({ n <= $0 }) ?? true {
                                    try await writer.write(ByteBuffer(string: logLine(n) + "\n"))
                                    n += 1
                                    try await Task.sleep(for: every)
                                }
                                try await writer.finish(nil)
                            })
        }
    }

    static func milliseconds(_ text: String?, default value: Int) -> Duration {
        .milliseconds(min(max(text.flatMap { Int($0) } ?? value, 0), 60_000))
    }

    /// Market event `n`: symbol `n` mod 20 at its `n`th price.
    static func tick(_ n: Int) -> String {
        let symbol = symbols[(n - 1) % symbols.count]
        var random = DemoRandom(seed: n, salt: 0x5EED_0046)
        let cents = random.within(1_000...99_999)
        let change = random.within(-500...500)
        return "{\"symbol\":\"\(symbol)\",\"name\":\"\(symbol.capitalized) Holdings\",\"price\":\(Double(cents) / 100),"
            + "\"change\":\(Double(change) / 100),\"seq\":\(n)}"
    }

    /// Log line `n`.
    package static func logLine(_ n: Int) -> String {
        var random = DemoRandom(seed: n, salt: 0x10C_0046)
        let level = random.pick(levels)
        let noun = random.pick(DemoWords.nouns)
        return "{\"seq\":\(n),\"level\":\"\(level)\",\"message\":\"\(noun) \(level == "error" ? "failed" : "checked") #\(n)\"}"
    }
}
