import Testing
@testable import RowboatJQ
import RowboatSpec

/// What an expression reads, from its text: the members it names, or the
/// input whole when that cannot be shown; and for every shape, the input
/// made of those members alone gives what the whole item gives.
@Suite struct JQReadsTests {
    static let item: JSONValue = .object([
        "id": .int(7), "title": .string("Brass lamp"), "subtitle": .string("Maker 3"), "price": .double(120.5),
        "tags": .array([.string("red"), .string("old")]),
        "labels": .array([.object(["name": .string("bug")]), .object(["name": .string("ui")])]),
        "a": .object(["b": .object(["c": .int(1)])]), "n": .null, "weird key": .string("w"),
        "keys": .string("a member named keys"),
    ])

    /// Every output (compact JSON) and the error that ended the run, if any.
    static func results(_ program: JQProgram, _ reads: JQReads) -> [String] {
        var out: [String] = []
        do {
            try program.run(item, reading: reads) { output in
                out.append(output.json)
                return true
            }
        } catch {
            out.append("error: \(error.message)")
        }
        return out
    }

    static let narrowed: [(String, Set<String>?)] = [
        (".subtitle", ["subtitle"]),
        (".a.b", ["a"]),
        (".a.b.c", ["a"]),
        (".labels[].name", ["labels"]),
        (#"[.labels[].name] | join(", ")"#, ["labels"]),
        (#".title + " by " + .subtitle"#, ["title", "subtitle"]),
        ("[.tags[]?] | length", ["tags"]),
        (#"."weird key""#, ["weird key"]),
        (#".["weird key"]"#, ["weird key"]),
        ("{title, p: .price}", ["title", "price"]),
        (#"{"id", (.title): .n}"#, ["id", "title", "n"]),
        ("select(.price > 100) | .id", ["price", "id"]),
        ("if .price > 100 then .title elif .n then .id else .subtitle end", ["price", "title", "n", "id", "subtitle"]),
        (#""\(.title) (\(.id))""#, ["title", "id"]),
        (#".missing // "none""#, ["missing"]),
        (".tags | length", ["tags"]),
        (".a as $x | $x.b.c + .id", ["a", "id"]),
        ("first(.labels[]) | .name", ["labels"]),
        ("limit(1; .tags[])", ["tags"]),
        (#"try .title catch "x""#, ["title"]),
        (#".tags | map(ascii_upcase) | join(",")"#, ["tags"]),
        ("1, null", []),
        (".price | tostring", ["price"]),
        (#"@base64 "\(.title)""#, ["title"]),
        (".tags[1:] | .[0]", ["tags"]),
        ("-.price", ["price"]),
        (".keys", ["keys"]),
        (".labels[0].name | test(\"b\") # a comment", ["labels"]),
        (".title and (.n | not)", ["title", "n"]),
        (#""\(.a | "\(.b)")""#, ["a"]),
        (".title?", ["title"]),
        (".title as $t | {$t} | keys", ["title"]),
        (".labels | .. | .name?", ["labels"]),
    ]

    @Test func theMembersAnExpressionReads() throws {
        for (source, members) in Self.narrowed {
            #expect(JQReads.of(source) == members.map(JQReads.members), "\(source)")
        }
    }

    @Test func theNarrowedInputGivesWhatTheWholeItemGives() throws {
        for (source, members) in Self.narrowed + Self.whole.map({ ($0, nil) }) {
            let program = try JQProgram(source)
            let narrowed = Self.results(program, JQReads.of(source))
            #expect(narrowed == Self.results(program, .whole), "\(source)")
            // Each narrowed shape gives something to compare (an output or an error).
            #expect(members == nil || !narrowed.isEmpty, "\(source)")
        }
    }

    static let whole = [
        ".", "..", "keys", "to_entries", "length", "$__loc__", "[paths]", "env", "$ENV", "tojson", ". + {}",
        "select(.price > 1)", ".[]", ".[0]?", "map(.)?", "def f: .title; f", "reduce .tags[] as $t (0; . + 1)",
        ".title = 1", "{a: .}", "[.]", ". as $x | $x.title", ".title as $t | .", #"getpath(["title"])"#,
        #"has("title")"#, "del(.title)", "with_entries(.)", "if . then 1 else 2 end", ".[.title]?", "first(.)",
        #""\(.)""#, "@json", "@base64", "input", "tostream", "[.[] | strings]", ".title, .", #".n // ."#,
        "$__loc__.line", "input_filename", "not", ".title |= ascii_upcase",
        "[leaf_paths]", "try error catch .", ". as [$a] | $a", "empty, .",
        "..|.title?", ".id as $i | path(..)", "splits(\"a\")?", "ltrimstr(\"x\")", "[.[]?]",
    ]

    @Test func whatMayReadTheWholeInputFallsBack() {
        for source in Self.whole {
            #expect(JQReads.of(source) == .whole, "\(source)")
        }
    }

    @Test func anInputThatIsNoObjectIsGivenWhole() throws {
        let program = try JQProgram(".a")
        #expect(program.reads == .members(["a"]))
        #expect(throws: JQError(.runtime, "Cannot index array with string \"a\"")) {
            try program.run(JSONValue.array([.int(1)]), reading: program.reads) { _ in true }
        }
        #expect(throws: JQError(.runtime, "Cannot index string with string \"a\"")) {
            try program.run(JSONValue.string("x"), reading: program.reads) { _ in true }
        }
        #expect(try program.first(JSONValue.null) == .null)
    }
}
