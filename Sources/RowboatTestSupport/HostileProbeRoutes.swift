/// Routes that try to fool `config probe` and `rowboat URL`: pages that
/// change shape, pages that all repeat the first, keys and values made to
/// break a YAML draft, and a list that wants credentials.
public enum HostileProbeRoutes {
    static let index: [(String, String)] = [
        ("/probe/shape-change", "page 1 is a list with page fields; page 2 (?page=2) is an object without the list"),
        ("/probe/repeat-first", "the same ten items whatever is asked, with page fields that say there are 5 pages"),
        ("/probe/nasty-keys", "a list whose keys and values hold quotes, colons, newlines, YAML anchors and aliases, # and ${…}"),
        ("/probe/needs-key", "a 401 unless X-Api-Key is hostile-key-1"),
    ]

    /// The key `/probe/needs-key` wants.
    public static let apiKey = "hostile-key-1"

    /// The text every nasty key and value is made of.
    public static let nasty = "a\"b: c\n  injected: true &x *y ${HOME} # $(id)"

    static func handle(_ request: HostileRequest, on c: HostileConnection) -> Bool {
        switch request.path {
        case "/probe/shape-change":
            let page = request.int("page", default: 1)
            if page == 1 {
                c.respond(200, body: HostileBytes.plainPage("Shape", page: 1, size: 10, totalPage: 3))
            } else {
                c.respond(200, body: Array("{\"code\":200,\"msg\":\"ok\",\"datas\":{\"message\":\"no list here\"}}".utf8))
            }
        case "/probe/repeat-first":
            c.respond(200, body: HostileBytes.plainPage("Again", page: 1, size: 10, totalPage: 5))
        case "/probe/nasty-keys":
            let key = HostileBytes.jsonString(nasty)
            let items = (1...5).map { i in
                "{\"id\":\(i),\"title\":\(HostileBytes.jsonString(nasty + " \(i)")),\(key):\(HostileBytes.jsonString(nasty)),"
                    + "\"${PWD}\":\"x\",\"&anchor\":\"y\",\"*alias\":\"z\",\"- item\":\"w\",\"#\":\"v\"}"
            }
            c.respond(200, body: Array(("{\(key): [" + items.joined(separator: ",") + "], \"ok\": true}").utf8))
        case "/probe/needs-key":
            guard request.header("X-Api-Key") == apiKey else {
                c.respond(401, body: HostileBytes.failure(401, "an API key is required"))
                return true
            }
            c.respond(200, body: HostileBytes.plainPage("Keyed", page: 1, size: 5, totalPage: 1))
        default:
            return false
        }
        return true
    }
}
