import Testing
@testable import RowboatSpec

/// `${namespace.name}` templates: parsed once, filled in so that no value
/// can change what surrounds it (an argument, a URL's path or query).
@Suite("Templates")
struct TemplateTests {
    typealias Fill = TemplateFill
    typealias Value = TemplateFill.Value

    static let hostile = ["a b", "\"q\" 'q'", "$(rm -rf ~)", "`id`", "a;b", "line\nbreak", "-rf", "\u{1B}[31m",
                          "../etc", "%2F", "?x=1", "#frag", "a/b", "..", ".", "ä€🚀", ""]

    func values(_ table: [String: Value]) -> (Template.Placeholder) throws(Fill.Problem) -> Value {
        { (p: Template.Placeholder) throws(Fill.Problem) -> Value in
            guard let v = table["\(p.namespace.rawValue).\(p.name)"] else {
                throw Fill.Problem("no field \(p.name)")
            }
            return v
        }
    }

    @Test func parsesPlaceholdersLiteralsAndDollars() throws {
        let t = try Template("https://x.org/t/${item.id}?by=${env.USER}&cost=$$5 and $ alone")
        #expect(t.placeholders == [.init(.item, "id"), .init(.env, "USER")])
        #expect(t.parts.first == .text("https://x.org/t/"))
        #expect(try Fill.text(t, value: values(["item.id": .one("7"), "env.USER": .one("me")]))
                == "https://x.org/t/7?by=me&cost=$5 and $ alone")
        #expect(try Template("${item.owner.login}").soleValue == .init(.item, "owner.login"))
        #expect(try Template("${marked.id}").usesMarks)
    }

    @Test func badTemplatesSayWhy() {
        #expect(throws: Template.Problem(description: "unknown template namespace \"itme\" in ${itme.id}; did you mean \"item\"? (known: ${item.…}, ${marked.…}, ${env.…}, ${params.…})")) {
            try Template("${itme.id}")
        }
        #expect(throws: Template.Problem(description: "\"${\" is not closed in \"a ${item.id\" (write $$ for a dollar sign)")) {
            try Template("a ${item.id")
        }
        #expect(throws: Template.Problem(description: "${item.} names no field")) { try Template("${item.}") }
        #expect(throws: Template.Problem(description: "${marked.id}: marked values are not available here")) {
            try Template("${marked.id}", allowed: [.item, .env])
        }
    }

    @Test func argumentsAreWholeWhateverTheyHold() throws {
        let t = try Template("${item.x}")
        for value in Self.hostile {
            #expect(try Fill.arguments(t, value: values(["item.x": .one(value)])) == [value])
        }
        let mixed = try Template("--title=${item.x}!")
        #expect(try Fill.arguments(mixed, value: values(["item.x": .one("a b; c")])) == ["--title=a b; c!"])
        let marked = try Template("${marked.id}")
        #expect(try Fill.arguments(marked, value: values(["marked.id": .many([.one("1"), .one("two words"), .one("-3")])]))
                == ["1", "two words", "-3"])
    }

    @Test func urlValuesStayInTheirPlace() throws {
        let t = try Template("https://example.org/t/${item.x}/files?q=${item.x}#${item.x}")
        for value in Self.hostile where value != "." && value != ".." {
            let url = try Fill.url(t, value: values(["item.x": .one(value)]))
            #expect(url.hasPrefix("https://example.org/t/"), "\(value): \(url)")
            let path = String(url.dropFirst("https://example.org/t/".count))
            // One segment, then /files, then the query and fragment: the value added no / ? # of its own.
            #expect(path.filter { $0 == "/" }.count == 1, "\(value): \(url)")
            #expect(path.filter { $0 == "?" }.count == 1 && path.filter { $0 == "#" }.count == 1, "\(value): \(url)")
            #expect(!url.contains(" ") && !url.contains("\n") && !url.contains("\u{1B}"), "\(value): \(url)")
        }
        #expect(throws: Fill.Problem("${item.x} is \"..\", which would change the path")) {
            try Fill.url(t, value: values(["item.x": .one("..")]))
        }
        // A value at the start is a URL of its own, and must be http(s).
        let base = try Template("${item.link}/files")
        #expect(try Fill.url(base, value: values(["item.link": .one("https://h.org/p/1")])) == "https://h.org/p/1/files")
        #expect(throws: Fill.Problem("\"javascript:alert(1)/files\" is not an http(s) URL")) {
            try Fill.url(base, value: values(["item.link": .one("javascript:alert(1)")]))
        }
    }

    @Test func requestPathsStayOnTheServer() throws {
        let t = try Template("/api/items/${item.id}/sold")
        #expect(try Fill.path(t, value: values(["item.id": .one("a/../../admin?x#y")]))
                == "/api/items/a%2F..%2F..%2Fadmin%3Fx%23y/sold")
        #expect(throws: Fill.Problem("the path \"https%3A%2F%2Fevil.org/x\" must start with / (a path on the server)")) {
            try Fill.path(try Template("${item.u}/x"), value: values(["item.u": .one("https://evil.org")]))
        }
        #expect(throws: Fill.Problem("the path \"//evil.org/x\" must start with / (a path on the server)")) {
            try Fill.path(try Template("//evil.org/x"), value: values([:]))
        }
    }
}
