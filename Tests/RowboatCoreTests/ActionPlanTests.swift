import Foundation
import Testing
@testable import RowboatCore
@testable import RowboatSpec
@testable import RowboatParsing

/// An action's plan for the rows it runs on: templates filled in, hostile
/// values kept in their place, marks run once or per row, and a missing
/// field an error naming the action and the field.
@Suite("Action plans")
struct ActionPlanTests {
    /// `TemplateTests.hostile` (RowboatSpecTests) less the empty and dot values.
    static let hostile = ["a b", "\"q\" 'q'", "$(rm -rf ~)", "`id`", "a;b", "line\nbreak", "-rf", "\u{1B}[31m",
                          "../etc", "%2F", "?x=1", "#frag", "a/b", "ä€🚀"]

    func row(_ id: String, title: String = "T", fields: [(String, String)] = []) -> RowModel {
        let names = ["title"] + fields.map(\.0)
        return RowModel(id: id, title: title, fields: RowFields(names: names, values: [.text(title)] + fields.map { .text($0.1) }),
                        fieldOrder: names)
    }

    func action(_ yaml: String) throws -> ActionSpec {
        let config = try ConfigLoader.parse("""
        server: https://api.example.org
        actions: [\(yaml)]
        interfaces: {items: {url: /items, item: {id: id, title: name}}}
        """, file: "a.yaml")
        return config.actions[0]
    }

    let context = ActionPlan.Context(environment: ["USER": "ann"], params: ["q": .one("oak tree")])

    @Test func hostileValuesThroughEveryKind() throws {
        let open = try action("{title: Open, open: \"https://x.org/t/${item.x}?q=${item.x}\"}")
        let run = try action("{title: Run, run: [tool, \"--\", \"${item.x}\", \"pre-${item.x}\"]}")
        let request = try action("{title: Req, request: {method: PUT, path: \"/t/${item.x}\", params: {v: \"${item.x}\"}, body: {v: \"${item.x}\", s: \"a ${item.x}\"}}}")
        for value in Self.hostile {
            let r = row("1", fields: [("x", value)])
            let o = try ActionPlan.make(open, rows: [r], marked: false, context: context)
            guard case .open(let url) = o.jobs[0] else { Issue.record("not open"); continue }
            #expect(url.hasPrefix("https://x.org/t/") && !url.dropFirst(16).contains("/"), "\(value): \(url)")
            #expect(URL(string: url)?.host == "x.org", "\(value): \(url)")
            let p = try ActionPlan.make(run, rows: [r], marked: false, context: context)
            #expect(p.jobs == [.run(arguments: ["tool", "--", value, "pre-" + value], interactive: false)])
            let q = try ActionPlan.make(request, rows: [r], marked: false, context: context)
            guard case .request(let method, let path, let body, _) = q.jobs[0] else { Issue.record("not a request"); continue }
            #expect(method == .put)
            #expect(path.hasPrefix("/t/") && path.filter { $0 == "/" }.count == 2 && path.filter { $0 == "?" }.count == 1,
                    "\(value): \(path)")
            // The body keeps its shape: two string members, the value whole.
            let object = try JSONSerialization.jsonObject(with: Data(try #require(body))) as? [String: String]
            #expect(object == ["v": value, "s": "a " + value], "\(value)")
        }
    }

    @Test func marksRunPerRowOrOnceWithAll() throws {
        let rows = [row("1", title: "One"), row("2", title: "Two"), row("3", title: "Three")]
        let each = try action("{title: Close, request: {path: \"/close/${item.id}\"}, confirm: \"Close ${item.title}?\"}")
        let plan = try ActionPlan.make(each, rows: rows, marked: true, context: context)
        #expect(plan.jobs.map { if case .request(_, let p, _, _) = $0 { p } else { "" } } == ["/close/1", "/close/2", "/close/3"])
        #expect(plan.rowIDs == ["1", "2", "3"])
        // The confirm names every marked row, not the first as if it were the only one.
        #expect(plan.confirm == "Close One, Two and Three?")
        let five = (1...5).map { row(String($0), title: "Row \($0)") }
        #expect(try ActionPlan.make(each, rows: five, marked: true, context: context).confirm == "Close Row 1, Row 2, Row 3 and 2 more?")
        #expect(try ActionPlan.make(each, rows: [rows[1]], marked: false, context: context).confirm == "Close Two?")
        let named = try action("{title: Tag, run: [tag, \"${marked.id}\"], confirm: \"Tag ${marked.title} (${env.USER})?\"}")
        #expect(try ActionPlan.make(named, rows: Array(rows.prefix(2)), marked: true, context: context).confirm == "Tag One and Two (ann)?")
        let all = try action("{title: Close all, run: [close, \"${marked.id}\", --by, \"${env.USER}\"]}")
        let once = try ActionPlan.make(all, rows: rows, marked: true, context: context)
        #expect(once.jobs == [.run(arguments: ["close", "1", "2", "3", "--by", "ann"], interactive: false)])
        #expect(once.rowIDs == [nil])
        // Without marks, the selected row alone (and ${marked.…} means it).
        let single = try ActionPlan.make(all, rows: [rows[1]], marked: false, context: context)
        #expect(single.jobs == [.run(arguments: ["close", "2", "--by", "ann"], interactive: false)])
    }

    @Test func aMissingFieldIsAnErrorNamingTheActionAndTheField() throws {
        let a = try action("{title: Open, open: \"https://x.org/${item.slug}\"}")
        #expect(throws: ActionPlan.Problem(description: "Open: ${item.slug}: the row \"T\" has no field slug")) {
            try ActionPlan.make(a, rows: [self.row("1")], marked: false, context: self.context)
        }
        let e = try action("{title: Who, run: [echo, \"${env.NOPE}\"]}")
        #expect(throws: ActionPlan.Problem(description: "Who: ${env.NOPE}: the environment variable NOPE is not set")) {
            try ActionPlan.make(e, rows: [self.row("1")], marked: false, context: self.context)
        }
        let p = try action("{title: Q, open: \"https://x.org/?q=${params.q}&p=${params.page}\"}")
        #expect(throws: ActionPlan.Problem(description: "Q: ${params.page}: no param page is in force")) {
            try ActionPlan.make(p, rows: [self.row("1")], marked: false, context: self.context)
        }
    }

    /// With rows marked, the plan is all or nothing: a row refused (a
    /// `javascript:` link, a `..` path value, a field it lacks) stops the
    /// whole batch, and the line counts the refused rows and names the first.
    @Test func oneRefusedMarkedRowStopsTheBatchAndIsCounted() throws {
        let open = try action("{title: Open, open: \"${item.x}\"}")
        let rows = [row("1", title: "One", fields: [("x", "https://ok.example/1")]),
                    row("2", title: "Two", fields: [("x", "javascript:alert(1)")]),
                    row("3", title: "Three", fields: [("x", "https://ok.example/3")]),
                    row("4", title: "Four", fields: [("x", "data:text/html,x")])]
        #expect(throws: ActionPlan.Problem(description: "Open: refused for 2 of the 4 marked rows, so none ran; the row \"Two\": "
                                            + "\"javascript:alert(1)\" is not an http(s) URL")) {
            try ActionPlan.make(open, rows: rows, marked: true, context: self.context)
        }
        let request = try action("{title: Del, request: {method: DELETE, path: \"/files/${item.x}\"}}")
        let paths = [row("1", title: "One", fields: [("x", "a")]), row("2", title: "Two", fields: [("x", "..")])]
        #expect(throws: ActionPlan.Problem(description: "Del: refused for 1 of the 2 marked rows, so none ran; the row \"Two\": "
                                            + "${item.x} is \"..\", which would change the path")) {
            try ActionPlan.make(request, rows: paths, marked: true, context: self.context)
        }
        // The same row alone: the problem as it is.
        #expect(throws: ActionPlan.Problem(description: "Del: ${item.x} is \"..\", which would change the path")) {
            try ActionPlan.make(request, rows: [paths[1]], marked: false, context: self.context)
        }
    }

    @Test func exactValuesKeptForTemplates() throws {
        // Hidden @fields keep the server's text: a number's digits as written.
        let r = RowModel(id: "1", title: "T", fields: RowFields(names: ["@n", "@owner.login"], values: [.text("18446744073709551615"), .text("ann")]),
                         fieldOrder: [])
        #expect(ActionFields.value(of: r, "n") == "18446744073709551615")
        #expect(ActionFields.value(of: r, "owner.login") == "ann")
        let a = try action("{title: Put, request: {method: POST, path: \"/x/${item.owner.login}\", body: {n: \"${item.n}\"}}}")
        let plan = try ActionPlan.make(a, rows: [r], marked: false, context: context)
        guard case .request(_, let path, let body, _) = plan.jobs[0] else { Issue.record("not a request"); return }
        #expect(path == "/x/ann")
        #expect(String(decoding: try #require(body), as: UTF8.self).contains("18446744073709551615"))
    }
}
