import Testing
@testable import RowboatSpec
@testable import RowboatParsing

@Suite("Config: filters, sort and search")
struct ConfigQueryTests {
    func endpoint(_ extra: String) throws -> Endpoint {
        let text = """
        server: http://x
        interfaces:
          items:
            url: /a
            item:
              title: t
        \(extra)
        """
        let config = try ConfigLoader.parse(text, file: "test.yaml")
        return try #require(config.endpoints.first)
    }

    func error(_ extra: String) throws -> ConfigError {
        try #require(ParsingFixtures.configError("""
        server: http://x
        interfaces:
          items:
            url: /a
            item:
              title: t
        \(extra)
        """))
    }

    @Test func sectionsWithValuesParamsAndAny() throws {
        let e = try endpoint("""
            filters:
              - title: Rating
                param: min_rating
                options:
                  - {title: Any}
                  - {title: 4 and up, value: 4}
              - title: Deal
                options:
                  - {title: All}
                  - {title: Cheap and good, params: {min_rating: 4, max_price: 20}}
            sort:
              param: sort
              options:
                - {title: Newest}
                - {title: Cheapest, value: price_asc}
            search: q
        """)
        #expect(e.query == QueryOptions(
            filters: [
                QuerySection(title: "Rating", options: [
                    QueryOption(title: "Any"), QueryOption(title: "4 and up", params: ["min_rating": "4"]),
                ]),
                QuerySection(title: "Deal", options: [
                    QueryOption(title: "All"),
                    QueryOption(title: "Cheap and good", params: ["min_rating": "4", "max_price": "20"]),
                ]),
            ],
            sort: QuerySection(title: "Sort", options: [
                QueryOption(title: "Newest"), QueryOption(title: "Cheapest", params: ["sort": "price_asc"]),
            ]),
            searchParam: "q"))
        #expect(e.query.sections.map(\.title) == ["Rating", "Deal", "Sort"])
    }

    @Test func noQueryKeysMeansNothingToChoose() throws {
        let e = try endpoint("")
        #expect(e.query == QueryOptions())
        #expect(e.query.isEmpty)
    }

    @Test func valueWithoutASectionParamNamesTheOption() throws {
        let e = try error("""
            filters:
              - title: Rating
                options:
                  - {title: Four, value: 4}
        """)
        #expect(e.keyPath == "interfaces.items.filters[0].options[0].value")
        #expect(e.line == 10)
        #expect(e.message == "value needs a param on the section; or give params")
    }

    @Test func twoAnyOptionsAreRefused() throws {
        let e = try error("""
            sort:
              options:
                - {title: Newest}
                - {title: Default}
        """)
        #expect(e.keyPath == "interfaces.items.sort.options[1]")
        #expect(e.message == "a section has at most one \"any\" option (\"Newest\" is already one)")
    }

    @Test func valueAndParamsTogetherAreRefused() throws {
        let e = try error("""
            filters:
              - title: R
                param: r
                options:
                  - {title: Four, value: 4, params: {r: 4}}
        """)
        #expect(e.message == "give value (for the section's param) or params, not both")
    }

    @Test func missingPiecesAndTyposAreNamed() throws {
        #expect(try error("    filters:\n      - {options: [{title: A}]}").message == "missing required key \"title\"")
        #expect(try error("    filters:\n      - {title: A}").message == "missing required key \"options\"")
        #expect(try error("    filters:\n      - {title: A, options: []}").message == "a section needs at least one option")
        #expect(try error("    sort: {options: [{value: 1}]}").message == "missing required key \"title\"")
        #expect(try error("    sort: {param: s, optoins: []}").message == "unknown key \"optoins\"; did you mean \"options\"?")
        #expect(try error("    search: \"\"").message == "search names the request param for the search text")
        #expect(try error("    filter: []").message == "unknown key \"filter\"; did you mean \"filters\"?")
    }
}
