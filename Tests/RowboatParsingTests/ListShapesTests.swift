import Testing
@testable import RowboatSpec
@testable import RowboatParsing

@Suite("PageDecoder: keyed-object lists, nested lists, anti-XSSI prefixes and NDJSON")
struct ListShapesTests {
    func endpoint(_ yaml: String) throws -> Endpoint {
        let config = try ConfigLoader.parse("server: http://x\ninterfaces:\n  e:\n    url: /e\n" + yaml, file: "t.yaml")
        return try #require(config.endpoint("e"))
    }

    func decode(_ endpoint: Endpoint, _ body: String, contentType: String? = "application/json") throws(DataError) -> PageResult {
        try PageDecoder(endpoint: endpoint).decode(body: Array(body.utf8), contentType: contentType)
    }

    @Test func keyedListKeepsTheServersOrderAndGivesTheKey() throws {
        let e = try endpoint("""
            response: {list: users, keyed: true}
            item: {id: $key, title: name, born: {path: born, type: int}}
        """)
        let page = try decode(e, #"{"users": {"-Nz": {"name": "Zoe", "born": 1990}, "-Na": {"name": "Al"}, "-Nm": {"name": "Mo"}}}"#)
        #expect(page.items.map(\.id) == ["-Nz", "-Na", "-Nm"])
        #expect(page.items.map { $0.text("title") } == ["Zoe", "Al", "Mo"])
        #expect(page.items[0].values["born"] == .int(1990))
        #expect(try decode(e, #"{"users": {}}"#).items == [])
        #expect(try decode(e, #"{"users": null}"#).items == [])
    }

    @Test func keyedListAtTheRootWithScalarValues() throws {
        let e = try endpoint("""
            response: {keyed: true}
            item: {id: $key, title: ""}
        """)
        let page = try decode(e, #"{"fr": "French", "en": "English", "de": "German"}"#)
        #expect(page.items.map(\.id) == ["fr", "en", "de"])
        #expect(page.items.map { $0.text("title") } == ["French", "English", "German"])
    }

    @Test func dollarKeyIsAnOrdinaryKeyOutsideKeyedLists() throws {
        let e = try endpoint("""
            item: {id: $key, title: t}
        """)
        #expect(try decode(e, #"[{"$key": "k1", "t": "a"}]"#).items.map(\.id) == ["k1"])
    }

    @Test func anObjectListWithoutKeyedIsStillAMismatch() throws {
        let e = try endpoint("""
            response: {list: users}
            item: {title: name}
        """)
        #expect(throws: DataError.mappingMismatch(path: "users", found: "an object with keys a")) {
            try decode(e, #"{"users": {"a": {"name": "x"}}}"#)
        }
    }

    @Test func keyedListMappingErrorsNameTheKey() throws {
        let e = try endpoint("""
            response: {list: users, keyed: true}
            item: {id: uid, title: name}
        """)
        #expect(throws: DataError.mappingMismatch(path: #"users["a b"].uid"#, found: "nothing")) {
            try decode(e, #"{"users": {"a b": {"name": "x"}}}"#)
        }
    }

    @Test func wildcardListsFlattenSectionsInOrder() throws {
        let e = try endpoint("""
            response: {list: "data.sections[*].items"}
            item: {id: id, title: t}
        """)
        let page = try decode(e, """
        {"data": {"sections": [
          {"title": "A", "items": [{"id": 1, "t": "one"}, {"id": 2, "t": "two"}]},
          {"title": "empty", "items": []},
          {"title": "no items key"},
          {"title": "B", "items": [{"id": 3, "t": "three"}]}]}}
        """)
        #expect(page.items.map(\.id) == ["1", "2", "3"])
        #expect(try decode(e, #"{"data": {"sections": []}}"#).items == [])
        #expect(throws: DataError.mappingMismatch(path: "data.sections[*].items", found: "nothing")) {
            try decode(e, #"{"data": {}}"#)
        }
        #expect(throws: DataError.mappingMismatch(path: "data.sections[1].items", found: "\"x\"")) {
            try decode(e, #"{"data": {"sections": [{"items": []}, {"items": "x"}]}}"#)
        }
        #expect(throws: DataError.mappingMismatch(path: "data.sections[0].items[1].id", found: "nothing")) {
            try decode(e, #"{"data": {"sections": [{"items": [{"id": 1, "t": "a"}, {"t": "b"}]}]}}"#)
        }
    }

    @Test func wildcardOverKeyedObjects() throws {
        let e = try endpoint("""
            response: {list: "groups[*].members", keyed: true}
            item: {id: $key, title: n}
        """)
        let page = try decode(e, #"{"groups": [{"members": {"z": {"n": "Z"}, "a": {"n": "A"}}}, {"members": {"m": {"n": "M"}}}]}"#)
        #expect(page.items.map(\.id) == ["z", "a", "m"])
    }

    @Test(arguments: [")]}'\n", ")]}',\n", "while(1);", "for(;;);", "  )]}'\r\n", "\u{FEFF})]}'"])
    func antiXSSIPrefixesAreDropped(prefix: String) throws {
        let e = try endpoint("""
            item: {id: _number, title: subject}
        """)
        let page = try decode(e, prefix + #"[{"_number": 7, "subject": "Fix"}]"#)
        #expect(page.items.map(\.id) == ["7"])
    }

    @Test func aBodyThatIsOnlyAPrefixIsNotJSON() throws {
        let e = try endpoint("    item: {title: t}\n")
        #expect(throws: DataError.notJSON(contentType: "application/json", firstBytes: "\")]}'\"")) {
            try decode(e, ")]}'")
        }
    }

    @Test func ndjsonByContentTypeOrByConfig() throws {
        let auto = try endpoint("    item: {id: id, title: t}\n")
        let body = "{\"id\": 1, \"t\": \"a\"}\n\n{\"id\": 2, \"t\": \"b\"}\r\n  \n{\"id\": 3, \"t\": \"c\"}"
        #expect(try decode(auto, body, contentType: "application/x-ndjson; charset=utf-8").items.map(\.id) == ["1", "2", "3"])
        #expect(throws: DataError.self) { try decode(auto, body) }
        let forced = try endpoint("""
            response: {format: ndjson}
            item: {id: id, title: t}
        """)
        #expect(try decode(forced, body, contentType: "text/plain").items.map(\.id) == ["1", "2", "3"])
        #expect(try decode(forced, "\n").items == [])
        #expect(throws: DataError.notJSON(contentType: "text/plain", firstBytes: "line 2: \"{oops\"")) {
            try decode(forced, "{\"id\": 1, \"t\": \"a\"}\n{oops\n", contentType: "text/plain")
        }
        let json = try endpoint("""
            response: {format: json}
            item: {id: id, title: t}
        """)
        #expect(throws: DataError.self) { try decode(json, body, contentType: "application/x-ndjson") }
    }

    @Test func ndjsonContentTypesIgnoreCaseParametersAndSpaces() {
        for type in ["application/x-ndjson", "Application/X-NDJSON", " application/jsonl ; charset=utf-8",
                     "application/json-lines;q=1", "\tAPPLICATION/JSONLINES", "application/ndjson\u{3000}"] {
            #expect(ResponseFraming.isNDJSON(.auto, contentType: type), "\(type)")
        }
        for type in ["application/json", "application/json; charset=utf-8", "text/plain", "", ";", "application/x-ndjsonx",
                     "application/x-ndjson-lines", "applicatıon/jsonl", "application/ndjsoñ", "x;application/ndjson"] {
            #expect(!ResponseFraming.isNDJSON(.auto, contentType: type), "\(type)")
        }
        #expect(!ResponseFraming.isNDJSON(.auto, contentType: nil))
    }

    @Test func configErrorsForListShapes() {
        func error(_ yaml: String) -> String? {
            do { _ = try endpoint(yaml); return nil } catch { return "\(error)" }
        }
        #expect(error("    response: {format: ndjsn}\n    item: {title: t}\n")
                == #"t.yaml:5:24: interfaces.e.response.format: expected one of auto, json, ndjson, found "ndjsn"; did you mean "ndjson"?"#)
        #expect(error("    response: {kyed: true}\n    item: {title: t}\n")
                == #"t.yaml:5:16: interfaces.e.response.kyed: unknown key "kyed"; did you mean "keyed"?"#)
        #expect(error("    item: {title: \"a[*].b\"}\n")
                == #"t.yaml:5:19: interfaces.e.item.title: [*] in "a[*].b": a wildcard is only allowed in response.list"#)
        #expect(error("    item: {title: '[\"a'}\n")
                == #"t.yaml:5:19: interfaces.e.item.title: malformed path "["a" (use a.b[0].c)"#)
    }
}
