import Testing
@testable import RowboatCore
@testable import RowboatParsing
@testable import RowboatSpec

/// "Copy request as curl": the action sheet's line (where the runtime
/// makes requests), its effect, and the command `CurlWriter` writes — a
/// POSIX shell reads it back exactly, secrets as `${VARIABLE}`.
@Suite struct CopyAsCurlTests {
    @Test func theSheetOffersItAndAsksTheRuntime() throws {
        var state = try ColumnsPanelReducerTests().app()
        _ = AppReducer.reduce(&state, .sheet(.open))
        #expect(state.sheet?.items.contains(.copyAsCurl) == false)
        state.copiesRequests = true
        _ = AppReducer.reduce(&state, .sheet(.openCopy))
        let sheet = try #require(state.sheet)
        #expect(sheet.items.contains(.copyAsCurl))
        #expect(SheetItem.copyAsCurl.label == "Copy request as curl")
        var running = state
        running.overlay = .sheet(ActionSheet(rowID: sheet.rowID, title: sheet.title, items: sheet.items,
                                             cursor: sheet.items.firstIndex(of: .copyAsCurl)!))
        #expect(AppReducer.reduce(&running, .sheet(.run)) == [.copyAsCurl(endpoint: "items", params: [:])])
        let made = CopyRequest("curl http://x", what: "the request as curl")
        #expect(AppReducer.reduce(&running, .copyText(made)) == [.copy(made)])
    }

    @Test func theCommandIsExactAndHoldsNoSecret() throws {
        let secret = "s3cr3t 'tok\"en$`"
        let spec = RequestSpec(method: .post, url: "https://api.example.org/v1/items?q=a b&key=\(secret)",
                               headers: [("Accept", "application/json"), ("Authorization", "Bearer \(secret)"),
                                         ("User-Agent", "rowboat/1"), ("X-Note", "it's \u{1B}[31m")],
                               body: Array(#"{"q":"lamp"}"#.utf8), timeoutSeconds: 15)
        let secrets = SecretValues([secret], variables: [secret: "API_TOKEN"])
        let command = CurlWriter.command(spec, secrets: secrets)
        #expect(!command.contains("s3cr3t"))
        #expect(command == #"curl -X POST -H 'Accept: application/json' -H "Authorization: Bearer ${API_TOKEN}" "#
                + #"-H $'X-Note: it\'s \x1B[31m' --data-raw '{"q":"lamp"}' "https://api.example.org/v1/items?q=a b&key=${API_TOKEN}""#)
        // Read back as a shell reads it (no expansion: the reference stays a reference).
        let read = try CurlCommand.parse(command)
        #expect(read.method == "POST" && read.body == #"{"q":"lamp"}"#)
        #expect(read.url == "https://api.example.org/v1/items?q=a b&key=${API_TOKEN}")
        #expect(read.headers.map(\.value) == ["application/json", "Bearer ${API_TOKEN}", "it's \u{1B}[31m"])
        // A secret with no variable still never shows.
        #expect(CurlWriter.command(spec, secrets: SecretValues([secret])).contains("${ROWBOAT_SECRET}"))
    }
}
