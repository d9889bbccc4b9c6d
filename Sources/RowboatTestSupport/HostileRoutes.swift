/// What each hostile route does. Every route answers GET; unknown paths get
/// a 404 listing the routes. Query parameters tune timings so tests can stay
/// short and humans can make them longer.
enum HostileRoutes {
    /// Path → one-line description, for `/` and the 404 page.
    static let index: [(String, String)] = [
        ("/requests", "how many requests each path has had since the server started (not counting these)"),
        ("/text/escapes", "titles with OSC 0/2/8/52/50, DCS, CSI 6n/21t in ESC and C1 forms, split across fields, CR/BS/LF/TAB, bidi, zero-width, BOM"),
        ("/text/huge", "a 1 MB title, 100,000 combining marks, 50,000 wide characters"),
        ("/text/invalid-utf8", "titles with invalid UTF-8 bytes (lone 0x9B, 0xFF, overlong, surrogate, cut off)"),
        ("/text/wrong-fields", "fields of the wrong JSON type (title as number, object, array, null)"),
        ("/body/drip", "a 67-byte body, one byte every ?every=2 seconds"),
        ("/body/stall", "headers, then nothing until the client gives up (?for=600 seconds)"),
        ("/body/huge-length", "Content-Length: 1 TiB"),
        ("/body/endless", "a chunked body that never ends"),
        ("/body/gzip-bomb", "Content-Encoding: gzip, ~1 MB that inflates to ~1 GiB (sent even though nobody asked for gzip)"),
        ("/body/truncated", "JSON cut off in the middle of a string (Content-Length matches)"),
        ("/body/deep", "?depth=10000 nested arrays"),
        ("/body/nested", "?items=20 items, each with a field nested ?depth=500 deep (?kind=array or object), not mapped"),
        ("/body/wrong-types", "the list is a string, totalPage is a word"),
        ("/body/html", "an HTML login page with status 200"),
        ("/body/empty-204", "204 No Content"),
        ("/body/1e400", "numbers too large for a double (1e400), kept as their text"),
        ("/body/reset", "Content-Length 100000, 2000 bytes, then a TCP reset"),
        ("/redirect/loop", "302 to itself with a new query each time, forever"),
        ("/redirect/cross-origin", "302 to /other/items on the second port (another origin)"),
        ("/other/items", "a plain page (on the other origin's port)"),
        ("/redirect/https", "302 to https://127.0.0.1:?port/other/items (an https server the tests start, with an untrusted certificate)"),
        ("/retry/429", "429 with Retry-After: ?after=1 for the first ?fails=N requests of ?key=K (always when fails is absent)"),
        ("/retry/503", "the same with 503"),
        ("/pages/out-of-order", "5 pages of 10; page 3 takes ?slow seconds (default 3)"),
        ("/pages/fail-second", "page 1 fine, page 2 a 500, 3 pages of 10"),
        ("/items/bad-images", "five items whose images are the bad ones below, and a 404"),
        ("/images/truncated.png", "the first 40 bytes of a PNG"),
        ("/images/empty.png", "zero bytes as image/png"),
        ("/images/huge-dims.png", "a valid PNG header claiming 100000x100000 pixels"),
        ("/images/html.png", "an HTML page as image/png"),
    ] + HostileLoopRoutes.index + HostileImageRoutes.index + HostileSecretRoutes.index
        + HostileNumberRoutes.index + HostileSizeRoutes.index + HostileProbeRoutes.index + HostileExactRoutes.index

    static func handle(_ request: HostileRequest, on c: HostileConnection, origin: HostileCore.Origin) {
        let core = c.core
        if origin == .other {
            // The other origin serves one plain page wherever it is asked.
            c.respond(200, body: HostileBytes.plainPage("Other origin", page: 1, size: 3, totalPage: 1))
            return
        }
        switch request.path {
        case "/", "/index":
            let lines = index.map { "{\"path\":\(HostileBytes.jsonString($0.0)),\"does\":\(HostileBytes.jsonString($0.1))}" }
            c.respond(200, body: Array(("[" + lines.joined(separator: ",\n") + "]\n").utf8))

        case "/requests":
            let counts = core.counts().sorted { $0.key < $1.key }
                .map { "{\"path\":\(HostileBytes.jsonString($0.key)),\"count\":\($0.value)}" }
            c.respond(200, body: Array(("{\"counts\":[" + counts.joined(separator: ",") + "]}").utf8))

        case "/text/escapes":
            c.respond(200, body: HostileBytes.envelope(entries: HostileText.escapes))
        case "/text/huge":
            c.respond(200, body: HostileBytes.envelope(entries: HostileText.huge))
        case "/text/invalid-utf8":
            c.respond(200, body: HostileBytes.invalidUTF8Page())
        case "/text/wrong-fields":
            let items = [
                #"{"id":1,"title":42,"subtitle":"title is a number"}"#,
                #"{"id":2,"title":{"text":"obj"},"subtitle":"title is an object"}"#,
                #"{"id":3,"title":["a","b"],"subtitle":"title is an array"}"#,
                #"{"id":4,"title":null,"subtitle":"title is null"}"#,
                #"{"id":5,"title":true,"subtitle":["subtitle","is","an","array"]}"#,
                #"{"id":"6","title":"WRONGFIELDS id is a string","subtitle":1e308,"description":-0.0}"#,
            ]
            c.respond(200, body: HostileBytes.envelope(items: items))

        case "/body/drip":
            let every = request.double("every", default: 2)
            let body = Array(#"{"code":200,"msg":"ok","datas":{"list":[],"totalPage":1,"total":0}}"#.utf8)
            guard c.sendHead(200, [("Content-Type", "application/json"), ("Content-Length", String(body.count)),
                                   ("Connection", "close")]) else { return }
            for byte in body {
                guard c.send([byte]), c.pause(every) else { return }
            }
        case "/body/stall":
            guard c.sendHead(200, [("Content-Type", "application/json"), ("Content-Length", "64"), ("Connection", "close")]) else { return }
            _ = c.pause(request.double("for", default: 600))
        case "/body/huge-length":
            guard c.sendHead(200, [("Content-Type", "application/json"), ("Content-Length", "1099511627776"), ("Connection", "close")]),
                  c.send(#"{"code":200,"datas":{"list":["#) else { return }
            _ = c.pause(request.double("for", default: 600))
        case "/body/endless":
            guard c.sendHead(200, [("Content-Type", "application/json"), ("Transfer-Encoding", "chunked"), ("Connection", "close")]) else { return }
            let piece = String(repeating: #"{"id":1,"title":"endless"},"#, count: 2400)
            let chunk = Array((String(piece.utf8.count, radix: 16) + "\r\n" + piece + "\r\n").utf8)
            guard c.send(Array(("6\r\n" + #"{"a":["# + "\r\n").utf8)) else { return }
            while c.send(chunk) {}
        case "/body/gzip-bomb":
            c.respond(200, headers: [("Content-Encoding", "gzip")], body: HostileBytes.gzipBomb)
        case "/body/truncated":
            c.respond(200, body: Array(#"{"code":200,"msg":"ok","datas":{"list":[{"id":1,"title":"Truncated one"},{"id":2,"title":"Trunc"#.utf8))
        case "/body/deep":
            let depth = min(max(request.int("depth", default: 10_000), 1), 1_000_000)
            let body = #"{"code":200,"msg":"ok","datas":{"list":[{"id":1,"title":"deep","nested":"# +
                String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}],\"totalPage\":1}}"
            c.respond(200, body: Array(body.utf8))
        case "/body/nested":
            c.respond(200, body: HostileBytes.nestedPage(items: min(max(request.int("items", default: 20), 1), 10_000),
                                                         depth: min(max(request.int("depth", default: 500), 0), 100_000),
                                                         objects: request.query["kind"] == "object"))
        case "/body/wrong-types":
            c.respond(200, body: Array(#"{"code":200,"msg":"ok","datas":{"list":"not a list","totalPage":"many","total":{"n":1}}}"#.utf8))
        case "/body/html":
            c.respond(200, contentType: "text/html; charset=utf-8", body: Array(HostileBytes.htmlPage.utf8))
        case "/body/empty-204":
            c.respond(204)
        case "/body/1e400":
            c.respond(200, body: Array(#"{"code":200,"msg":"ok","datas":{"list":[{"id":1,"title":"BIGNUM 1e400","price":1e400}],"totalPage":1e400,"total":-1e400}}"#.utf8))
        case "/body/reset":
            guard c.sendHead(200, [("Content-Type", "application/json"), ("Content-Length", "100000"), ("Connection", "close")]) else { return }
            let start = #"{"code":200,"msg":"ok","datas":{"list":["#
            let filler = String(repeating: #"{"id":1,"title":"reset"},"#, count: 80)
            guard c.send(String((start + filler).prefix(2000))) else { return }
            _ = c.pause(0.2)
            c.reset()

        case "/redirect/loop":
            let n = request.int("n", default: 0)
            c.respond(302, contentType: nil, headers: [("Location", "/redirect/loop?n=\(n + 1)")])
        case "/redirect/cross-origin":
            var target = "http://\(HostileServer.host):\(core.otherPort)/other/items"
            let query = request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
            if !query.isEmpty { target += "?" + query }
            c.respond(302, contentType: nil, headers: [("Location", target)])

        case "/redirect/https":
            c.respond(302, contentType: nil,
                      headers: [("Location", "https://\(HostileServer.host):\(request.int("port", default: 443))/other/items")])

        case "/retry/429", "/retry/503":
            let status = request.path == "/retry/429" ? 429 : 503
            let key = "\(request.path) \(request.query["key"] ?? "")"
            let attempt = core.nextAttempt(key)
            let fails = request.query["fails"].flatMap { Int($0) }
            if fails == nil || attempt <= fails! {
                c.respond(status, headers: [("Retry-After", request.query["after"] ?? "1")],
                          body: HostileBytes.failure(status, status == 429 ? "slow down" : "try again later"))
            } else {
                c.respond(200, body: HostileBytes.plainPage("Retried", page: 1, size: 3, totalPage: 1))
            }

        case "/pages/out-of-order":
            let page = min(max(request.int("page", default: 1), 1), 5)
            if page == 3, !c.pause(request.double("slow", default: core.slowPageDelay)) { return }
            c.respond(200, body: HostileBytes.plainPage("Ordered", page: page, size: 10, totalPage: 5))
        case "/pages/fail-second":
            let page = min(max(request.int("page", default: 1), 1), 3)
            if page == 2 {
                c.respond(500, body: HostileBytes.failure(500, "page two is broken"))
            } else {
                c.respond(200, body: HostileBytes.plainPage("Kept", page: page, size: 10, totalPage: 3))
            }

        case "/items/bad-images":
            // Absolute image URLs on the address the client used.
            let base = "http://" + (request.header("Host") ?? "127.0.0.1")
            let images = [("truncated", "truncated.png"), ("empty", "empty.png"), ("huge dims", "huge-dims.png"),
                          ("html as png", "html.png"), ("missing", "missing.png")]
            let items = images.enumerated().map { i, entry in
                "{\"id\":\(i + 1),\"title\":\(HostileBytes.jsonString("Bad image: " + entry.0)),"
                    + "\"image\":\(HostileBytes.jsonString(base + "/images/" + entry.1))}"
            }
            c.respond(200, body: HostileBytes.envelope(items: items))
        case "/images/truncated.png":
            c.respond(200, contentType: "image/png", body: HostileBytes.truncatedPNG)
        case "/images/empty.png":
            c.respond(200, contentType: "image/png", body: [])
        case "/images/huge-dims.png":
            c.respond(200, contentType: "image/png", body: HostileBytes.pngClaiming(width: 100_000, height: 100_000))
        case "/images/html.png":
            c.respond(200, contentType: "image/png", body: Array(HostileBytes.htmlPage.utf8))

        default:
            if HostileLoopRoutes.handle(request, on: c) || HostileImageRoutes.handle(request, on: c)
                || HostileSecretRoutes.handle(request, on: c) || HostileNumberRoutes.handle(request, on: c)
                || HostileExactRoutes.handle(request, on: c)
                || HostileSizeRoutes.handle(request, on: c) || HostileProbeRoutes.handle(request, on: c) { return }
            c.respond(404, body: HostileBytes.failure(404, "no such hostile route; see /"))
        }
    }
}
