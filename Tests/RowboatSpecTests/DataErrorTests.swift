import Testing
@testable import RowboatSpec

@Suite("DataError descriptions")
struct DataErrorTests {
    @Test func eachKindRendersOneLine() {
        let cases: [(DataError, String)] = [
            (.server(message: "quota exceeded"), "server error: quota exceeded"),
            (.server(message: nil), "server error: no message"),
            (.httpStatus(404, message: "Not Found"), "HTTP 404: Not Found"),
            (.httpStatus(500, message: nil), "HTTP 500"),
            (.notJSON(contentType: "text/plain", firstBytes: "\"hi\""), "not JSON (text/plain): \"hi\""),
            (.emptyResponse, "empty response"),
            (.mappingMismatch(path: "datas.list[1].id", found: "nothing"), "mapping mismatch at datas.list[1].id: found nothing"),
            (.network("connection refused"), "network: connection refused"),
            (.timeout(seconds: 10), "network: timed out after 10 s"),
            (.timeout(seconds: 2.5), "network: timed out after 2.5 s"),
            (.bodyTooLarge(limit: 1024), "response body larger than 1024 bytes"),
            (.unknownEndpoint("nope"), "no endpoint named \"nope\" in the config"),
            (.cacheMiss, "not in the cache"),
            (.cacheUnusable("cache disabled: the cache is read-only (/c: Read-only file system)"),
             "not in the cache: cache disabled: the cache is read-only (/c: Read-only file system)"),
            (.nestedTooDeep(limit: 512), "JSON nested deeper than 512 levels (the limit)"),
        ]
        for (error, line) in cases {
            #expect(error.description == line)
        }
    }

    @Test func controlCharactersAndNewlinesNeverSurvive() {
        let nasty = "line1\nline2\r\n\u{1B}]0;title\u{07}\u{9B}31m\u{202E}evil"
        for error in [DataError.server(message: nasty), .httpStatus(502, message: nasty), .network(nasty),
                      .mappingMismatch(path: nasty, found: nasty), .unknownEndpoint(nasty)] {
            let d = error.description
            #expect(!d.contains("\n"))
            #expect(!d.contains("\r"))
            #expect(d.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) && $0.value != 0x202E })
        }
        #expect(DataError.network(nasty).description == "network: line1 line2 ]0;title31mevil")
    }

    @Test func longMessagesAreCapped() {
        let d = DataError.network(String(repeating: "x", count: 1000)).description
        #expect(d.count == 300)
        #expect(d.hasPrefix("network: xxx"))
    }
}
