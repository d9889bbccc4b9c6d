import Testing
@testable import RowboatSpec
@testable import RowboatParsing

@Suite("ConfigLoader: errors name file:line:column and the key path")
struct ConfigErrorTests {
    func error(_ text: String, environment: [String: String] = [:]) throws -> ConfigError {
        try #require(ParsingFixtures.configError(text, environment: environment))
    }

    @Test func typoKeySuggestsTheRightOne() throws {
        let e = try error("""
        server: http://x
        interfaces:
          items:
            url: /a
            pagign:
              style: page
            item:
              title: t
        """)
        #expect(e == ConfigError(file: "test.yaml", line: 5, column: 5, keyPath: "interfaces.items.pagign",
                                 message: "unknown key \"pagign\"; did you mean \"paging\"?"))
        #expect(e.description == "test.yaml:5:5: interfaces.items.pagign: unknown key \"pagign\"; did you mean \"paging\"?")
        #expect(e.description.contains("did you mean \"paging\""))
    }

    /// A key is text: written plain once and quoted once it is still one key.
    @Test func aKeyGivenTwiceNamesItsLine() throws {
        let e = try error("server: http://x\ninterfaces:\n  items:\n    url: /a\n    item: {title: t}\n    params: {true: 1, \"true\": 2}\n")
        #expect(e.description == "test.yaml:6:14: duplicate keys: true")
    }

    @Test func typoAtTheRoot() throws {
        let e = try error("server: http://x\ninterfaecs: {}\n")
        #expect(e.line == 2)
        #expect(e.column == 1)
        #expect(e.keyPath == "interfaecs")
        #expect(e.message == "unknown key \"interfaecs\"; did you mean \"interfaces\"?")
    }

    @Test func unrelatedKeyHasNoSuggestion() throws {
        let e = try error("server: http://x\nzzzzzz: 1\n")
        #expect(e.message == "unknown key \"zzzzzz\"")
        #expect(!e.description.contains("did you mean"))
    }

    @Test func wrongTypeNamesTheKeyAndLine() throws {
        let e = try error("""
        server: http://x
        communication:
          timeout: abc
        interfaces:
          e: {url: /e, item: {title: t}}
        """)
        #expect(e == ConfigError(file: "test.yaml", line: 3, column: 12, keyPath: "communication.timeout",
                                 message: "expected a number, found \"abc\""))
        #expect(e.description.hasPrefix("test.yaml:3:12: communication.timeout: "))
    }

    @Test func timeoutMustBePositive() throws {
        let e = try error("server: http://x\ncommunication: {timeout: 0}\ninterfaces: {e: {url: /e, item: {title: t}}}\n")
        #expect(e.keyPath == "communication.timeout")
        #expect(e.message == "timeout must be more than 0 seconds")
        #expect(e.line == 2)
    }

    @Test func missingURLNamesTheEndpoint() throws {
        let e = try error("""
        server: http://x
        interfaces:
          items:
            item:
              title: t
        """)
        #expect(e.keyPath == "interfaces.items")
        #expect(e.message == "missing required key \"url\"")
        #expect(e.description == "test.yaml:4:5: interfaces.items: missing required key \"url\"")
    }

    @Test func missingTitleNamesTheItem() throws {
        let e = try error("server: http://x\ninterfaces:\n  e:\n    url: /e\n    item:\n      name: n\n")
        #expect(e.keyPath == "interfaces.e.item")
        #expect(e.message == "missing required key \"title\"")
    }

    @Test func missingServerAndInterfaces() throws {
        #expect(try error("interfaces: {e: {url: /e, item: {title: t}}}\n").message == "missing required key \"server\"")
        #expect(try error("server: http://x\n").message == "missing required key \"interfaces\"")
        #expect(try error("server: http://x\ninterfaces: {}\n").message == "declare at least one endpoint")
    }

    @Test func serverMustBeHTTP() throws {
        let e = try error("server: ftp://x\ninterfaces: {e: {url: /e, item: {title: t}}}\n")
        #expect(e.keyPath == "server")
        #expect(e.message == "server must start with http:// or https://")
        #expect(e.line == 1)
        #expect(e.column == 9)
    }

    @Test func yamlSyntaxErrorHasALine() throws {
        let e = try error("server: http://x\ninterfaces:\n  e: [a, b\n  f: 1\nbroken: : :\n")
        #expect(e == ConfigError(file: "test.yaml", line: 4, column: 4, keyPath: "",
                                 message: "YAML syntax: did not find expected ',' or ']'"))
        #expect(e.description == "test.yaml:4:4: YAML syntax: did not find expected ',' or ']'")
    }

    @Test func badIndentationIsReportedOnItsLine() throws {
        let e = try error("server: http://x\n  extra: value\n")
        #expect(e.description == "test.yaml:2:8: YAML syntax: mapping values are not allowed in this context")
    }

    @Test func emptyFileAndNonMappingRoot() throws {
        #expect(try error("").message == "the file is empty")
        #expect(try error("# only a comment\n").description == "test.yaml: the file is empty")
        let e = try error("- a\n- b\n")
        #expect(e.message == "expected a mapping, found a list")
        #expect(e.description == "test.yaml:1:1: expected a mapping, found a list")
    }

    @Test func unsetEnvironmentVariableIsNamed() throws {
        let e = try error("""
        server: http://x
        communication:
          headers:
            Authorization: Bearer ${TOKEN}
        interfaces:
          e: {url: /e, item: {title: t}}
        """, environment: ["OTHER": "1"])
        #expect(e == ConfigError(file: "test.yaml", line: 4, column: 20, keyPath: "communication.headers.Authorization",
                                 message: "environment variable TOKEN is not set"))
    }

    @Test func unknownPagingStyleSuggestsPage() throws {
        let e = try error("""
        server: http://x
        interfaces:
          items:
            url: /a
            paging:
              style: pages
            item: {title: t}
        """)
        #expect(e == ConfigError(file: "test.yaml", line: 6, column: 14, keyPath: "interfaces.items.paging.style",
                                 message: "unknown paging style \"pages\"; did you mean \"page\"?"))
    }

    @Test func pagingNumbersAreChecked() throws {
        let first = try error("server: http://x\ninterfaces: {e: {url: /e, paging: {firstPage: 2}, item: {title: t}}}\n")
        #expect(first.keyPath == "interfaces.e.paging.firstPage")
        #expect(first.message == "firstPage must be 0 or 1")
        let size = try error("server: http://x\ninterfaces: {e: {url: /e, paging: {size: ten}, item: {title: t}}}\n")
        #expect(size.keyPath == "interfaces.e.paging.size")
        #expect(size.message == "expected a whole number, found \"ten\"")
    }

    @Test func columnNamingAnUnknownField() throws {
        let e = try error("""
        server: http://x
        interfaces:
          items:
            url: /a
            item: {title: t, price: p}
            columns:
              - field: titel
        """)
        #expect(e == ConfigError(file: "test.yaml", line: 7, column: 16, keyPath: "interfaces.items.columns[0].field",
                                 message: "no item field named \"titel\"; did you mean \"title\"?"))
    }

    @Test func columnValuesAreChecked() throws {
        let align = try error("server: http://x\ninterfaces: {e: {url: /e, item: {title: t}, columns: [{field: title, align: center}]}}\n")
        #expect(align.keyPath == "interfaces.e.columns[0].align")
        #expect(align.message == "align must be left or right")
        let width = try error("server: http://x\ninterfaces: {e: {url: /e, item: {title: t}, columns: [{field: title, width: 0}]}}\n")
        #expect(width.message == "width must be more than 0")
    }

    @Test func unknownFieldTypeSuggestsTheClosest() throws {
        let e = try error("server: http://x\ninterfaces: {e: {url: /e, item: {title: t, p: {path: p, type: monye}}}}\n")
        #expect(e.keyPath == "interfaces.e.item.p.type")
        #expect(e.message == "expected one of text, int, number, bool, money, date-seconds, date-millis, date-iso8601, html, found \"monye\"; did you mean \"money\"?")
    }

    @Test func malformedPath() throws {
        let e = try error("server: http://x\ninterfaces: {e: {url: /e, item: {title: \"a[\"}}}\n")
        #expect(e.keyPath == "interfaces.e.item.title")
        #expect(e.message == "malformed path \"a[\" (use a.b[0].c)")
    }

    @Test func descriptionIsOneSanitizedLine() {
        let e = ConfigError(file: "f.yaml", line: 1, column: 2, keyPath: "a.b", message: "bad\nvalue \u{1B}[31m")
        #expect(e.description == "f.yaml:1:2: a.b: bad value [31m")
        #expect(ConfigError(file: "f.yaml", line: nil, column: nil, keyPath: "", message: "m").description == "f.yaml: m")
    }
}
