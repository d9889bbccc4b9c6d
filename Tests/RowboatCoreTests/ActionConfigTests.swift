import Foundation
import Testing
@testable import RowboatCore
@testable import RowboatSpec
@testable import RowboatParsing

/// `actions:` in the config: the three kinds, where they apply, and every
/// mistake as one line with file:line and, where it helps, did-you-mean.
@Suite("actions: in the config")
struct ActionConfigTests {
    func load(_ actions: String, endpointActions: String = "", keys: String = "") throws -> RowboatConfig {
        let config = try ConfigLoader.parse("""
        server: https://api.example.org
        \(keys)
        actions:
        \(actions)
        interfaces:
          items:
            url: /items
            item: {id: id, title: name, link: url}
            \(endpointActions)
          other:
            url: /other
            item: {id: id, title: name}
        """, file: "a.yaml")
        // As a config file is read: checked against the key map too.
        try ConfigValidation.check(config)
        return config
    }

    func failure(_ actions: String, endpointActions: String = "", keys: String = "") -> String {
        do {
            _ = try load(actions, endpointActions: endpointActions, keys: keys)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test func theThreeKindsLoad() throws {
        let config = try load("""
          - {title: Open files, key: W, open: "${item.link}/files"}
          - {title: Edit, key: e, run: [vi, "--", "${item.title}"], interactive: true}
          - title: Mark sold
            key: S
            confirm: "Mark ${item.title} as sold?"
            request: {method: patch, path: "/items/${item.id}", params: {why: "${env.USER}"}, body: {sold: true, id: "${item.id}"}}
            then: remove
        """, endpointActions: """
        actions:
              - {title: Close all, run: [close, "${marked.id}"]}
        """)
        let items = try #require(config.endpoint("items"))
        let actions = config.actions(of: items)
        #expect(actions.map(\.title) == ["Open files", "Edit", "Mark sold", "Close all"])
        #expect(config.actions(of: try #require(config.endpoint("other"))).map(\.title) == ["Open files", "Edit", "Mark sold"])
        #expect(actions[0].key == .character("W"))
        #expect(actions[0].kind == .open(try Template("${item.link}/files")))
        #expect(actions[1].kind == .run([try Template("vi"), try Template("--"), try Template("${item.title}")], stdin: nil, interactive: true))
        guard case .request(let request) = actions[2].kind else { Issue.record("not a request"); return }
        #expect(request.method == .patch && request.then == .remove)
        #expect(request.path == (try Template("/items/${item.id}")))
        #expect(request.body == .object(["sold": .bool(true), "id": .string("${item.id}")]))
        #expect(actions[2].confirm == (try Template("Mark ${item.title} as sold?")))
        #expect(!actions[2].takesAllMarks && actions[3].takesAllMarks)
        #expect(actions[2].itemFields == ["title", "id"])
    }

    @Test func mistakesAreOneLineWithTheSpot() {
        #expect(failure("  - {title: A, run: \"git log ${item.id}\"}")
                == "a.yaml:4:21: actions[0].run: run is a list: the program and each argument (never a shell string), e.g. run: [git, -C, \"${item.path}\", log]")
        #expect(failure("  - {title: A, request: {path: /x}, then: refesh}")
                == "a.yaml:4:43: actions[0].then: unknown then \"refesh\"; did you mean \"refresh\"? (one of refresh, remove, replace, none)")
        #expect(failure("  - {title: A, open: \"https://x.org/${itme.id}\"}")
                == "a.yaml:4:22: actions[0].open: unknown template namespace \"itme\" in ${itme.id}; did you mean \"item\"? (known: ${item.…}, ${marked.…}, ${env.…}, ${params.…})")
        #expect(failure("  - {title: A, open: x, run: [y]}") == "a.yaml:4:5: actions[0]: an action does one thing: open and run are both set")
        #expect(failure("  - {title: A}") == "a.yaml:4:5: actions[0]: an action needs one of open, run or request")
        #expect(failure("  - {title: A, request: {path: \"https://evil.org/x\"}}")
                == "a.yaml:4:32: actions[0].request.path: path must start with / (a path on the endpoint's server; a request never goes elsewhere)")
        #expect(failure("  - {title: A, request: {path: /x, method: PUTT}}")
                == "a.yaml:4:44: actions[0].request.method: method must be one of GET, POST, PUT, PATCH, DELETE; did you mean \"PUT\"?")
        #expect(failure("  - {title: A, tilte: B, open: x}").hasPrefix("a.yaml:4:16: actions[0].tilte: unknown key \"tilte\"; did you mean \"title\"?"))
        #expect(failure("  - {title: A, open: x, interactive: true}") == "a.yaml:4:38: actions[0].interactive: interactive applies to run actions only")
    }

    @Test func aKeyAlreadyBoundIsRefusedNamingWhatItDoes() {
        #expect(failure("  - {title: A, key: r, open: \"https://x.org\"}")
                == "a.yaml:4:21: actions[0].key: key \"r\" already does refresh on the list screen; \"e\" is free (or rebind it under keys:)")
        #expect(failure("  - {title: A, key: Z, open: \"https://x.org\"}\n  - {title: B, key: Z, open: \"https://y.org\"}")
                == "a.yaml:5:21: actions[1].key: key \"Z\" is bound to both actions \"A\" and \"B\"; give one of them another key")
        // A key freed under keys: can be an action's.
        #expect(failure("  - {title: A, key: r, open: \"https://x.org\"}", keys: "keys: {refresh: F5}") == "no error")
        // The endpoint's own action clashing with a top-level one.
        #expect(failure("  - {title: A, key: Z, open: \"https://x.org\"}",
                        endpointActions: "actions: [{title: B, key: Z, open: \"https://y.org\"}]").contains("bound to both actions \"A\" and \"B\""))
    }

    /// A template naming a field one letter off a mapped one is a typo:
    /// `config check` and the start say so with file:line and the field
    /// meant; a name like no mapped field is a key of the item read as
    /// written, and a path is a path.
    @Test func aTemplateTypoIsOneLineAtLoad() throws {
        func load(_ action: String, top: Bool = false) throws -> RowboatConfig {
            try ConfigLoader.parse("""
            server: https://api.example.org
            \(top ? "actions: [\(action)]" : "")
            interfaces:
              items:
                url: /items
                item: {id: id, title: name, price: {path: price, type: money}}
                \(top ? "" : "actions: [\(action)]")
            """, file: "a.yaml")
        }
        for (action, top) in [(#"{title: Open, open: "https://x.org/${item.titel}"}"#, false),
                              (#"{title: Run, run: [echo, "${marked.titel}"]}"#, true),
                              (#"{title: Put, request: {path: "/x", body: {t: "${item.titel}"}}}"#, false)] {
            #expect(throws: ConfigError.self) { try load(action, top: top) }
            do { _ = try load(action, top: top) } catch let error as ConfigError {
                #expect(error.description.contains("the item maps no field titel; did you mean \"title\"?"), "\(error)")
                #expect(error.description.hasPrefix("a.yaml:"), "\(error)")
            }
        }
        _ = try load(#"{title: Clone, run: [git, clone, "${item.clone_url}", "${item.owner.login}", "${item.price}"]}"#)
    }

    /// `${item.owner.login}` (a path inside the item) and `${item.price}` (a
    /// money field shown as "€12.50") are read as the server wrote them,
    /// from hidden fields that are neither shown nor printed.
    @Test func templatesReadPathsInsideTheItemAsWritten() throws {
        let config = try ConfigLoader.parse("""
        server: https://api.example.org
        interfaces:
          items:
            url: /items
            item: {id: id, title: name, price: {path: price, type: money}}
            actions:
              - {title: Owner, open: "https://x.org/${item.owner.login}?p=${item.price}&t=${item.title}"}
        """, file: "a.yaml")
        let endpoint = try #require(config.endpoint("items"))
        #expect(endpoint.item.fields.map(\.name) == ["id", "title", "price", "@owner.login", "@price", "@title"])
        let json = try JSONValue.parse(Data(#"{"id": 7, "name": "Seven", "price": 12.5, "owner": {"login": "ann"}}"#.utf8))
        let item = try ItemMapper(mapping: endpoint.item).map(json, index: 0, listPath: JSONPath(steps: []))
        let row = RowModelBuilder(mapping: endpoint.item).row(for: item)
        #expect(row.fieldOrder == ["id", "title", "price"])
        #expect(OutputFields(mapping: endpoint.item).names == ["id", "title", "price"])
        let plan = try ActionPlan.make(config.actions(of: endpoint)[0], rows: [row], marked: false, context: .init())
        #expect(plan.jobs == [.open(url: "https://x.org/ann?p=12.5&t=Seven")])
    }
}
