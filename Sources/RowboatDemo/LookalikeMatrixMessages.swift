import Hummingbird

/// The Matrix client-server API's room history, `GET
/// /_matrix/client/v3/rooms/!demo:example.org/messages?dir=b&limit=20`:
/// `{"chunk": [events], "start": "t0", "end": "t20"}`; `end` goes back as
/// `from`, and is absent once the start of the room is reached. Events
/// carry a unique `origin_server_ts` (a time) and their `event_id`.
enum LookalikeMatrixMessages {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/_matrix/client/v3/rooms/:room/messages") { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let limit = DemoLookalikeRoutes.int(request, "limit", default: 10, in: 1...1000)
            var start = 0
            if let from = DemoLookalikeRoutes.query(request, "from") {
                guard from.hasPrefix("t"), let n = Int(from.dropFirst()), (0...items.count).contains(n) else {
                    return LookalikeResponse.json(.object([("errcode", "M_INVALID_PARAM"), ("error", "Invalid from token")]),
                                                  status: .badRequest)
                }
                start = n
            }
            let page = items.dropFirst(start).prefix(limit)
            var body: [(String, LookalikeJSON)] = [("chunk", .array(page.map { item in
                .object([("type", "m.room.message"), ("room_id", "!demo:example.org"),
                         ("sender", .string("@\(LookalikeOffsetToken.slug(item.subtitle)):example.org")),
                         ("content", .object([("msgtype", "m.text"), ("body", .string(item.title))])),
                         ("origin_server_ts", .int(item.createdAt * 1000)), ("event_id", .string("$ev\(item.id)abc:example.org"))])
            })), ("start", .string("t\(start)"))]
            if start + page.count < items.count { body.append(("end", .string("t\(start + page.count)"))) }
            return LookalikeResponse.json(.object(body))
        }
    }
}
