import Hummingbird

/// Lichess's game export, `GET /api/games/user/{name}?max=N&until=ms`: an
/// NDJSON body (`application/x-ndjson`), one game per line, newest first;
/// `until` (milliseconds, inclusive) continues from a game's `createdAt`.
enum LookalikeLichess {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/api/games/user/{name}") { request, context in
            let name = context.parameters.get("name") ?? "player"
            let items = DemoLookalikeRoutes.items(state)
            let max = DemoLookalikeRoutes.int(request, "max", default: 1000, in: 1...1000)
            let until = DemoLookalikeRoutes.query(request, "until").flatMap(Int.init)
            let games = items.filter { item in until.map { created(item) <= $0 } ?? true }.prefix(max)
            let lines = games.map { item -> String in
                let white = item.id % 2 == 0 ? name : "opponent\(item.id)"
                let black = item.id % 2 == 0 ? "opponent\(item.id)" : name
                return LookalikeJSON.object([
                    ("id", .string("g\(item.id)")), ("rated", .bool(item.id % 3 != 0)), ("variant", "standard"),
                    ("speed", "blitz"), ("createdAt", .int(created(item))), ("status", "mate"),
                    ("players", .object([("white", .object([("user", .object([("name", .string(white))]))])),
                                         ("black", .object([("user", .object([("name", .string(black))]))]))])),
                    ("winner", item.id % 2 == 0 ? "white" : "black"),
                    ("opening", .object([("name", .string(item.title))])),
                ]).text
            }
            return LookalikeResponse.text(lines.map { $0 + "\n" }.joined(), contentType: "application/x-ndjson")
        }
    }

    static func created(_ item: DemoItem) -> Int {
        item.createdAt * 1000
    }
}
