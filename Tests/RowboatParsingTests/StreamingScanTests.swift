import Foundation
import Testing
@testable import RowboatSpec
@testable import RowboatParsing

/// The streaming scanners' fast paths (issue #32): a string's inside is
/// skipped eight bytes at a time, words and whitespace in runs, an NDJSON
/// line scanned where it lies. Fed one byte at a time none of that runs
/// (each byte is scanned alone), so that feed is the oracle: every other
/// cut of the same body — in two pieces at every offset, in pieces of
/// every small size — must give the same elements, skeleton, last element
/// and flags, and the elements must be those of the body parsed whole.
@Suite("Streaming scanners: the word-at-a-time paths read as the byte-at-a-time scan")
struct StreamingScanTests {
    /// What a list scanner gave for one way of cutting a body.
    struct ListScan: Equatable, CustomStringConvertible {
        var elements: [JSONValue] = []
        var skeleton = ""
        var last: String?
        var count = 0
        var found = false
        var tooDeep = false
        var longScalar = false
        var description: String { "\(count) elements, last \(last ?? "none"), skeleton \(skeleton)" }
    }

    /// `bytes` fed to a list scanner for `path` in the pieces that `cuts`
    /// (offsets, ascending) make; the batches parsed unless `parsed` is
    /// false (a batch too deep for the parser).
    static func scan(_ bytes: [UInt8], path: String, keyed: Bool = false, cuts: [Int], parsed: Bool = true) throws -> ListScan {
        let jsonPath = try #require(JSONPath(path))
        var scanner = try #require(JSONListScanner(path: jsonPath, keyed: keyed))
        var result = ListScan()
        func add(_ batch: [UInt8]?) throws {
            guard let batch, parsed else { return }
            // The scanner's count of a text's elements is the parser's (a text's rows are written from it apart).
            let count = try JSONTape.withDocument(batch[...]) { (root: JSONTapeNode) throws(Never) in root.count }
            #expect(scanner.takenCount == count, "\(String(decoding: batch, as: UTF8.self))")
            switch try JSONTape.tree(batch[...]) {
            case .array(let values): result.elements += values
            case .object(let members): result.elements += members.map { JSONValue.object([$0.key: $0.value]) }
            default: Issue.record("a batch that is no list: \(String(decoding: batch, as: UTF8.self))")
            }
        }
        var from = 0
        for end in cuts + [bytes.count] where end >= from {
            try add(Array(bytes[from..<end]).withUnsafeBytes { scanner.feed($0) })
            from = end
        }
        let (rest, skeleton) = scanner.finish()
        try add(rest)
        // A keyed batch parses to a dictionary: its members in key order (the order is `last`'s to show).
        if keyed { result.elements.sort { Self.key(of: $0) < Self.key(of: $1) } }
        result.skeleton = String(decoding: skeleton, as: UTF8.self)
        result.last = scanner.lastElement.map { String(decoding: $0, as: UTF8.self) }
        result.count = scanner.elementCount
        result.found = scanner.foundList
        result.tooDeep = scanner.tooDeep
        result.longScalar = scanner.longScalar
        return result
    }

    static func key(of member: JSONValue) -> String {
        if case .object(let members) = member { return members.keys.first ?? "" }
        return ""
    }

    /// Checks every way of cutting `text` against the byte-at-a-time feed,
    /// and that feed's elements against `whole` (the list parsed whole).
    static func checkEveryCut(_ text: String, path: String, keyed: Bool = false, whole: [JSONValue]) throws {
        let bytes = Array(text.utf8)
        let oracle = try scan(bytes, path: path, keyed: keyed, cuts: Array(1..<bytes.count))
        #expect(oracle.found && oracle.count == whole.count)
        #expect(oracle.elements == (keyed ? whole.sorted { key(of: $0) < key(of: $1) } : whole))
        for at in 0...bytes.count {
            let result = try scan(bytes, path: path, keyed: keyed, cuts: [at])
            #expect(result == oracle, "cut at \(at)")
            if result != oracle { return }
        }
        for size in 2...17 {
            let result = try scan(bytes, path: path, keyed: keyed, cuts: Array(stride(from: size, to: bytes.count, by: size)))
            #expect(result == oracle, "pieces of \(size)")
        }
    }

    /// Strings whose `\\` runs and `\"` fall at every offset modulo 8, with
    /// brackets, commas and colons in them that are text.
    static let trickyStrings: [String] = (0..<8).flatMap { shift in
        (0...3).map { run in
            String(repeating: "a", count: shift) + String(repeating: #"\\"#, count: run) + #"\"],{:"#
                + String(repeating: "b", count: (shift * 3 + run) % 11) + #"\\"#
        }
    }

    @Test func escapesAtEveryOffsetAndAcrossEveryCut() throws {
        let elements = Self.trickyStrings.enumerated().map { #"{"i":\#($0.offset),"s":"\#($0.element)"}"# }
        let text = #"{"head":"\"[{","datas":{"total":9,"list":["# + elements.joined(separator: ",") + #"],"tail":"]}\\"}}"#
        let whole = try #require(try JSONTape.tree(Array(text.utf8)[...]).lookup("datas.list"))
        guard case .array(let list) = whole else { Issue.record("no list"); return }
        try Self.checkEveryCut(text, path: "datas.list", whole: list)
        // A bare list of the strings themselves: each element ends at its closing quote.
        let strings = "[" + Self.trickyStrings.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        try Self.checkEveryCut(strings, path: "", whole: Self.trickyStrings.map { .string(Self.unescaped($0)) })
    }

    @Test func multibyteTextAndWhitespaceRuns() throws {
        let texts = ["é", "😀ü", "中文[]{}", "naïve \\\"😀\\\" façade", String(repeating: "ü", count: 9)]
        var elements: [String] = []
        for (i, text) in texts.enumerated() {
            let space = String(repeating: " ", count: i * 3) + String(repeating: "\t\r\n", count: i)
            elements.append("\(space){\(space)\"t\"\(space):\(space)\"\(text)\"\(space),\"n\" : \(i)\(space)}\(space)")
        }
        let text = "  \n{ \"datas\" :\n\t{ \"list\" :\n [" + elements.joined(separator: ",") + "] \n\t}\n}  \n"
        let expected = texts.enumerated().map { JSONValue.object(["t": .string(Self.unescaped($0.element)), "n": .int(Int64($0.offset))]) }
        try Self.checkEveryCut(text, path: "datas.list", whole: expected)
        // Numbers and words of every length up to 17, between runs of spaces.
        // (`+` is below `-`: a candidate the word scan must pass over.)
        let words = (1...17).map { String(repeating: "7", count: $0) } + ["true", "false", "null", "-1.5e3", "-1.5e+3", "12345678901E+10"]
        let spaced = "[" + words.enumerated().map { String(repeating: " ", count: $0.offset % 9) + $0.element }.joined(separator: " ,") + "   ]"
        let values: [JSONValue] = try words.map { try JSONTape.tree(Array($0.utf8)[...]) }
        try Self.checkEveryCut(spaced, path: "", whole: values)
    }

    @Test func aKeyedObjectWithEscapedKeys() throws {
        let keys = Self.trickyStrings.prefix(12).map { "k" + $0 }
        let members = keys.enumerated().map { "\"\($0.element)\" : {\"t\": \"\($0.offset)\"}" }
        let text = "{\"data\": {" + members.joined(separator: ", ") + "}, \"after\": {\"k\": 1}}"
        let expected = keys.enumerated().map { JSONValue.object([Self.unescaped($0.element): .object(["t": .string("\($0.offset)")])]) }
        try Self.checkEveryCut(text, path: "data", keyed: true, whole: expected)
        // The path's own key written with escapes (and split by every cut) still finds the list.
        let escapedKey = #"{"dat\"a": {"x": [1, 2]}, "d\u0061ta": {"x": [3]}}"#
        try Self.checkEveryCut(escapedKey, path: "data.x", whole: [.int(3)])
    }

    @Test func theLimitsHoldAtEveryCut() throws {
        // Deeper than the limit inside an element; a word as long as the limit, then one longer.
        let deep = "[1, " + String(repeating: "[", count: JSONDepthLimit.maxDepth + 1) + String(repeating: "]", count: JSONDepthLimit.maxDepth + 1) + "]"
        let bytes = Array(deep.utf8)
        let oracle = try Self.scan(bytes, path: "", cuts: Array(1..<bytes.count), parsed: false)
        #expect(oracle.tooDeep && oracle.count == 2)
        for size in [2, 7, 8, 9, 64, 1000] {
            #expect(try Self.scan(bytes, path: "", cuts: Array(stride(from: size, to: bytes.count, by: size)), parsed: false) == oracle)
        }
        let limit = JSONTapeNode.textLimit
        for (length, refused) in [(limit, false), (limit + 1, true)] {
            let text = Array(("[\"a\", " + String(repeating: "9", count: length) + ", 2]").utf8)
            for size in [4093, 65_536, text.count] {
                let result = try Self.scan(text, path: "", cuts: Array(stride(from: size, to: text.count, by: size)))
                #expect(result.longScalar == refused, "\(length) digits in pieces of \(size)")
                if !refused { #expect(result.count == 3) }
            }
        }
    }

    /// Inside an element, runs of commas, colons, words and whitespace are
    /// passed over at once: a word that runs into a quote or bracket (not
    /// JSON, but the scan must end it where the byte scan does), a word
    /// split between pieces, and one longer than the limit inside an
    /// element are scanned as the byte-at-a-time feed scans them.
    @Test func wordsInsideElementsEndAsTheByteScanEndsThem() throws {
        let hostile = [#"{"a":1"b"}"#, #"{"c":[tru"e"]}"#, #"{"d":x{"e":[1]}}"#, #"{"f" :7[2],"g":{}}"#,
                       #"{"h":-0.5e+7 , "i" : [ null ,true] }"#, #"{"j":12345678901234567"}"#, "{\"k\":1\n\"l\"}"]
        let text = Array((#"{"datas":{"list":["# + hostile.joined(separator: ",") + #",{"z":9}]}}"#).utf8)
        let oracle = try Self.scan(text, path: "datas.list", cuts: Array(1..<text.count), parsed: false)
        #expect(oracle.found)
        for at in 0...text.count {
            #expect(try Self.scan(text, path: "datas.list", cuts: [at], parsed: false) == oracle, "cut at \(at)")
        }
        for size in 2...17 {
            #expect(try Self.scan(text, path: "datas.list", cuts: Array(stride(from: size, to: text.count, by: size)), parsed: false) == oracle)
        }
        let limit = JSONTapeNode.textLimit
        for (length, refused) in [(limit - 1, false), (limit, false), (limit + 1, true)] {
            let text = Array(("[{\"a\": " + String(repeating: "9", count: length) + "}, {\"b\":" + String(repeating: "8", count: length) + "}]").utf8)
            for size in [4093, 65_536, text.count] {
                let result = try Self.scan(text, path: "", cuts: Array(stride(from: size, to: text.count, by: size)))
                #expect(result.longScalar == refused, "\(length) digits in pieces of \(size)")
                if !refused { #expect(result.count == 2) }
            }
        }
    }

    /// What an NDJSON scanner gave: each line's text and number. A scanner
    /// that scans every line, short ones too, gives the same.
    static func lines(_ bytes: [UInt8], cuts: [Int], parsed: Bool = true) -> (lines: [String], longScalar: Bool) {
        let found = lines(bytes, cuts: cuts, parsed: parsed, unscannedLength: JSONTapeNode.textLimit)
        let scanningAll = lines(bytes, cuts: cuts, parsed: parsed, unscannedLength: 0)
        #expect(found.lines == scanningAll.lines && found.longScalar == scanningAll.longScalar, "short lines not scanned")
        return found
    }

    static func lines(_ bytes: [UInt8], cuts: [Int], parsed: Bool, unscannedLength: Int) -> (lines: [String], longScalar: Bool) {
        var scanner = NDJSONLineScanner()
        scanner.unscannedLength = unscannedLength
        var lines: [String] = []
        func add(_ batch: NDJSONLineScanner.Batch?) {
            guard let batch else { return }
            if parsed { #expect((try? JSONTape.tree(batch.text[...])) != nil, "a batch that does not parse") }
            lines += batch.lines.map { "\($0.number): " + String(decoding: batch.text[$0.range], as: UTF8.self) }
        }
        var from = 0
        for end in cuts + [bytes.count] where end >= from {
            add(Array(bytes[from..<end]).withUnsafeBytes { scanner.feed($0) })
            from = end
        }
        add(scanner.finish())
        return (lines, scanner.longScalar)
    }

    @Test func ndjsonLinesAtEveryCut() throws {
        var rows = Self.trickyStrings.enumerated().map { #"{"i":\#($0.offset),"s":"\#($0.element)"}"# }
        rows.insert("  \t ", at: 3)
        rows.insert("", at: 7)
        rows.insert("\t[1, \"é😀\",  \"\\\\\"]  \r", at: 10)
        // Words of every length, `+` in some (a candidate the word scan passes over).
        rows.insert("[" + (1...17).map { String(repeating: "5", count: $0) + ($0 % 3 == 0 ? "e+1" : "") }.joined(separator: ",") + ",true,null]", at: 12)
        let text = "\u{FEFF}" + rows.joined(separator: "\n") + "\n\n"
        let bytes = Array(text.utf8)
        let oracle = Self.lines(bytes, cuts: Array(1..<bytes.count))
        #expect(oracle.lines.count == rows.count - 2 && !oracle.longScalar)
        let whole = try #require(NDJSONLineScanner.lines(of: bytes[...]))
        #expect(oracle.lines == whole.lines.map { "\($0.number): " + String(decoding: whole.text[$0.range], as: UTF8.self) })
        for at in 0...bytes.count {
            #expect(Self.lines(bytes, cuts: [at]) == oracle, "cut at \(at)")
        }
        for size in 2...17 {
            #expect(Self.lines(bytes, cuts: Array(stride(from: size, to: bytes.count, by: size))) == oracle, "pieces of \(size)")
        }
    }

    /// Held back (`holdBack`, for a row writer that shares chunks among
    /// the cores), the scanners hand out the first elements at once and the
    /// rest in chunks of at least that many bytes, the last at `finish`:
    /// the same elements, in any cut.
    @Test func heldBackElementsComeInBigChunksAndTheSameElements() throws {
        let elements = Self.trickyStrings.enumerated().map { #"{"i":\#($0.offset),"s":"\#($0.element)"}"# }
        let text = Array((#"{"datas":{"list":["# + elements.joined(separator: ",") + #"]}}"#).utf8)
        let lines = Array(elements.joined(separator: "\n").utf8)
        for size in [1, 5, 64, 1000] {
            let path = try #require(JSONPath("datas.list"))
            var scanner = try #require(JSONListScanner(path: path, keyed: false))
            var lineScanner = NDJSONLineScanner()
            scanner.holdBack = 200
            lineScanner.holdBack = 200
            var chunks: [[UInt8]] = [], lineChunks: [NDJSONLineScanner.Batch] = []
            for at in stride(from: 0, to: text.count, by: size) {
                if let chunk = Array(text[at..<min(text.count, at + size)]).withUnsafeBytes({ scanner.feed($0) }) { chunks.append(chunk) }
            }
            for at in stride(from: 0, to: lines.count, by: size) {
                if let batch = Array(lines[at..<min(lines.count, at + size)]).withUnsafeBytes({ lineScanner.feed($0) }) { lineChunks.append(batch) }
            }
            let middle = chunks.dropFirst(), lineMiddle = lineChunks.dropFirst()
            #expect(middle.allSatisfy { $0.count >= 200 } && lineMiddle.allSatisfy { $0.text.count >= 200 }, "pieces of \(size)")
            if let rest = scanner.finish().elements { chunks.append(rest) }
            if let rest = lineScanner.finish() { lineChunks.append(rest) }
            var found: [JSONValue] = [], foundLines = 0
            for chunk in chunks { if case .array(let values) = try JSONTape.tree(chunk[...]) { found += values } }
            for batch in lineChunks {
                if case .array(let values) = try JSONTape.tree(batch.text[...]) { foundLines += values.count }
            }
            let whole = try JSONTape.tree(text[...]).lookup("datas.list")
            #expect(whole == .array(found) && foundLines == elements.count, "pieces of \(size)")
            #expect(scanner.elementCount == elements.count && chunks.count < elements.count / 2)
        }
    }

    @Test func anNDJSONWordAsLongAsTheLimitPassesAndOneLongerStops() {
        let limit = JSONTapeNode.textLimit
        for (length, refused) in [(limit, false), (limit + 1, true)] {
            let text = Array(("{\"id\":1}\n[\"a\", " + String(repeating: "9", count: length) + "]\n{\"id\":3}\n").utf8)
            for size in [4093, 65_536, text.count] {
                let (lines, long) = Self.lines(text, cuts: Array(stride(from: size, to: text.count, by: size)), parsed: false)
                #expect(long == refused, "\(length) digits in pieces of \(size)")
                if !refused { #expect(lines.count == 3) }
            }
        }
    }

    @Test func anNDJSONLineLeftInAHugeStringIsCutInItsPieceOrAcrossPieces() {
        // A line whose string is still open at its end: cut when the line
        // is whole in one piece (copied out of it to be cut) as when it
        // arrives in pieces.
        let limit = JSONTapeNode.textLimit
        let text = Array(("{\"id\":1}\n{\"t\":\"" + String(repeating: "é", count: limit / 2 + 100) + "\n{\"id\":3}\n").utf8)
        let cut = "2: {\"t\":\"" + String(repeating: "é", count: limit / 2)
        for size in [text.count, 65_536, 4093] {
            let (lines, long) = Self.lines(text, cuts: Array(stride(from: size, to: text.count, by: size)), parsed: false)
            #expect(!long && lines == ["1: {\"id\":1}", cut, "3: {\"id\":3}"], "pieces of \(size)")
        }
    }

    /// `text` read as the inside of a JSON string.
    static func unescaped(_ text: String) -> String {
        guard case .string(let value) = try? JSONTape.tree(Array(("\"" + text + "\"").utf8)[...]) else { return "?" }
        return value
    }
}

private extension JSONValue {
    func lookup(_ path: String) -> JSONValue? { JSONPath(path)!.lookup(in: self) }
}
