/// Values that must reach programs and servers exactly as the server wrote
/// them: line breaks, tabs, escape sequences, BEL, NUL, CR LF header
/// injection, bidi marks, shell metacharacters, leading dashes, entities,
/// spaces at the ends, ids that differ only in their last byte of 100 KB,
/// and fields of 131,071 (the most one program argument holds on Linux),
/// 131,072 and 1,000,000 bytes. `/exact/echo` keeps whatever a request
/// action sends it (the request target as sent, and the body) for a test
/// to compare byte for byte.
public enum HostileExactRoutes {
    static let index: [(String, String)] = [
        ("/exact/items", "items whose `arg` field is each of HostileExactRoutes.values (NUL, CR LF, ESC, bidi, 1 MB, …), and two ids of 100 KB that differ in their last byte; ?set=passable: only the values one program argument can carry"),
        ("/exact/echo", "any method, any path below it: answers 200 with an empty envelope; the request is kept (target as sent, body) for the test"),
    ]

    /// One value per item, in order; the item's id is its index (from 1)
    /// and its title names the case.
    public static let values: [(name: String, value: String)] = [
        ("newline", "line one\nline two"),
        ("tab", "a\tb"),
        ("escape", "\u{1B}[31mred\u{1B}[0m \u{1B}]0;PWNED\u{07}"),
        ("bel", "ring\u{07}"),
        ("crlf", "a\r\nX-Injected: 1"),
        ("bidi", "\u{202E}txt.exe"),
        ("shell", "$(touch /tmp/rowboat-exact-canary) `id` ; | & > <"),
        ("dashes", "--rf"),
        ("entity", "&amp; &lt;b&gt;"),
        ("spaces", "  both ends  "),
        ("unicode", "ä€🚀\u{0301}"),
        ("at-limit", String(repeating: "L", count: 131_071)),
        ("nul", "abc\u{0}def"),
        ("past-limit", String(repeating: "P", count: 131_072)),
        ("huge", String(repeating: "0123456789", count: 100_000)),
    ]

    /// The values one program argument can carry (no NUL, at most 131,071 bytes).
    public static let passable = Set(values.map(\.name)).subtracting(["nul", "past-limit", "huge"])

    /// The two long ids: 100,000 bytes alike but for the last.
    public static let longIDs = [String(repeating: "i", count: 99_999) + "a", String(repeating: "i", count: 99_999) + "b"]

    static func handle(_ request: HostileRequest, on c: HostileConnection) -> Bool {
        if request.path == "/exact/items" {
            let chosen = values.enumerated().filter { request.query["set"] != "passable" || passable.contains($0.element.name) }
            var items = chosen.map { i, entry in
                "{\"id\":\(i + 1),\"title\":\(HostileBytes.jsonString("EXACT \(entry.name)")),"
                    + "\"arg\":\(HostileBytes.jsonString(entry.value))}"
            }
            items += longIDs.enumerated().map { i, id in
                "{\"id\":\(HostileBytes.jsonString(id)),\"title\":\"LONGID \(i + 1)\",\"arg\":\"long\"}"
            }
            c.respond(200, body: HostileBytes.envelope(items: items))
            return true
        }
        if request.path.hasPrefix("/exact/echo") {
            c.respond(200, body: HostileBytes.envelope(items: []))
            return true
        }
        return false
    }
}
