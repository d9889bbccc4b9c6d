import Foundation
import Testing
@testable import RowboatParsing
@testable import RowboatSpec
import RowboatTestSupport

/// `config import --har`: a browser's network log read in pieces for its
/// JSON list requests — each endpoint once, a browser's own headers left
/// out — in memory that follows one entry, however large the file.
@Suite struct HarReaderTests {
    static func entry(_ url: String, method: String = "GET", status: Int = 200, mime: String = "application/json",
                      body: String, headers: [(String, String)] = []) -> String {
        let head = headers.map { #"{"name": \#(JSONValue.string($0.0).jsonText!), "value": \#(JSONValue.string($0.1).jsonText!)}"# }
        return #"{"request": {"method": "\#(method)", "url": "\#(url)", "headers": [\#(head.joined(separator: ","))]}, "#
            + #""response": {"status": \#(status), "content": {"mimeType": "\#(mime)", "text": \#(JSONValue.string(body).jsonText!)}}}"#
    }

    static func har(_ entries: [String]) -> String {
        #"{"log": {"version": "1.2", "creator": {"name": "test"}, "entries": ["# + entries.joined(separator: ",\n") + "]}}"
    }

    func read(_ text: String, piece: Int) throws -> HarReader {
        var reader = HarReader()
        let bytes = Array(text.utf8)
        var at = 0
        while at < bytes.count {
            try bytes[at..<min(bytes.count, at + piece)].withUnsafeBytes { try reader.feed($0) }
            at += piece
        }
        try reader.finish()
        return reader
    }

    @Test func oneEndpointPerJSONListRequest() throws {
        let text = Self.har([
            Self.entry("https://api.example.org/v1/items?page=1", body: #"{"data": {"items": [{"id": 1}]}}"#,
                       headers: [(":authority", "api.example.org"), ("User-Agent", "Mozilla/5.0"), ("sec-ch-ua", "x"),
                                 ("Authorization", "Bearer abc"), ("Accept", "application/json"), ("X-Team", "7")]),
            Self.entry("https://api.example.org/v1/items?page=2", body: #"{"data": {"items": []}}"#),
            Self.entry("https://api.example.org/v1/me", body: #"{"name": "me"}"#),
            Self.entry("https://api.example.org/index.html", mime: "text/html", body: "<ul></ul>"),
            Self.entry("https://api.example.org/v1/tags", status: 500, body: "[]"),
            Self.entry("https://api.example.org/v1/tags", body: #"["a", "b"]"#),
        ])
        for piece in [7, 1 << 16] {
            let reader = try read(text, piece: piece)
            #expect(reader.entries == 6)
            #expect(reader.requests == [
                HarReader.Request(method: "GET", url: "https://api.example.org/v1/items?page=1",
                                  headers: ["Authorization: Bearer abc", "Accept: application/json", "X-Team: 7"], body: nil),
                HarReader.Request(method: "GET", url: "https://api.example.org/v1/tags", headers: [], body: nil),
            ])
        }
    }

    @Test func notAHAR() {
        #expect(throws: HarReader.Failure("not a HAR file: no log.entries list")) { try read(#"{"a": 1}"#, piece: 64) }
        #expect(throws: HarReader.Failure.self) { try read(#"{"log": {"entries": [{"request": }]}}"#, piece: 64) }
    }

    @Test func aHARof200MBIsReadInBoundedMemory() throws {
        // 130 entries whose bodies are 1.5 MB lists each: about 200 MB, made and fed an entry at a time.
        let list = "[" + String(repeating: #"{"id": 123456, "title": "a lamp of brass"},"#, count: 36_000) + "{}]"
        var reader = HarReader()
        let before = ProcessMemory.resident()
        _ = ProcessMemory.resetPeak()
        var total = 0
        func feed(_ text: String) throws {
            var text = text
            total += text.utf8.count
            try text.withUTF8 { try reader.feed(UnsafeRawBufferPointer($0)) }
        }
        try feed(#"{"log": {"version": "1.2", "entries": ["#)
        for i in 0..<130 {
            try feed((i == 0 ? "" : ",") + Self.entry("https://api.example.org/v1/items?page=\(i)", body: list))
        }
        try feed("]}}")
        try reader.finish()
        #expect(total > 200_000_000)
        #expect(reader.entries == 130)
        #expect(reader.requests.map(\.url) == ["https://api.example.org/v1/items?page=0"])
        // The file is never held: memory grows by a few entries' worth, not by 200 MB.
        #expect(ProcessMemory.peak() - before < 96 << 20, "grew \((ProcessMemory.peak() - before) >> 20) MB")
    }
}
