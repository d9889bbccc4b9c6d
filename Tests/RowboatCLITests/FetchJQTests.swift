import Foundation
import Testing

/// `rowboat fetch --jq EXPR`, the real binary on the embedded demo: each
/// item through libjq, each result a line of JSON; mistakes and hostile
/// expressions one line each, never a hang.
@Suite struct FetchJQTests {
    func lines(_ text: String) -> [Substring] { text.split(separator: "\n") }

    @Test func selectsAndReshapesItems() async throws {
        let r = try await Subprocess.rowboat("fetch", "items", "--jq", "select(.price > 400) | {id, title}")
        #expect(r.status == 0)
        #expect(r.stderr == "")
        let rows = lines(r.stdout)
        #expect(!rows.isEmpty && rows.count < 30)
        #expect(rows.contains(#"{"id":"4","title":"Copper Telescope 4"}"#))
        #expect(try rows.allSatisfy { row in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(row.utf8)) as? [String: Any])
            return Set(object.keys) == ["id", "title"]
        })
    }

    @Test func eachResultIsALineOfJSON() async throws {
        let r = try await Subprocess.rowboat("fetch", "items", "--jq", ".id, .price")
        #expect(r.status == 0)
        #expect(lines(r.stdout).prefix(4) == [#""1""#, "84.48", #""2""#, "216.48"])
    }

    @Test func aSyntaxErrorIsAUsageLine() async throws {
        let r = try await Subprocess.rowboat("fetch", "items", "--jq", ".title +")
        #expect(r.status == 64)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("rowboat: --jq: syntax error, unexpected $end at line 1"))
        #expect(lines(r.stderr).count == 1)
        let mixed = try await Subprocess.rowboat("fetch", "items", "--jq", ".id", "--format", "csv")
        #expect(mixed.status == 64)
        #expect(mixed.stderr.hasPrefix("rowboat: --jq prints each result as a line of JSON: leave out --format"))
    }

    @Test func anItemJqFailsOnIsALineAndTheRestArePrinted() async throws {
        let r = try await Subprocess.rowboat("fetch", "items", "--jq",
                                             #".id | tonumber | if . == 7 then error("\u001b]0;owned\u0007 no") else . end"#)
        #expect(r.status == 0)
        #expect(lines(r.stdout).count == 29)
        #expect(r.stderr == "rowboat: --jq: item 7: ]0;owned no\n")
    }

    @Test func anEndlessExpressionIsBoundedAndSaysSo() async throws {
        let started = Date()
        let r = try await Subprocess.rowboat("fetch", "items", "--jq", "def f: f; f")
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(r.status == 1)
        #expect(r.stdout == "")
        let said = lines(r.stderr)
        #expect(said.count == 4)
        #expect(said[0] == "rowboat: --jq: item 1: jq stopped: over 250 ms on one item (the limit)")
        #expect(said[3] == "rowboat: --jq: jq expression off after 3 items past its limits; the last: jq stopped: "
                + "over 250 ms on one item (the limit); 27 items after it not passed through")
    }

    @Test func aHugeValueIsBounded() async throws {
        let r = try await Subprocess.rowboat("fetch", "items", "--jq", "[range(1e9)] | length")
        #expect(r.status == 1)
        #expect(lines(r.stderr).first?.hasPrefix("rowboat: --jq: item 1: jq stopped: over") == true)
        let repeated = try await Subprocess.rowboat("fetch", "items", "--jq", #"("x" * 1e9) | length"#)
        #expect(repeated.stderr.hasPrefix("rowboat: --jq: item 1: a string of more than 1048576 bytes (the limit)"))
    }

    @Test func resultsAreTerminalSafeAndExact() async throws {
        let r = try await Subprocess.rowboat("fetch", "items", "--jq", #"select(.id == "1") | "a\u001b[2Jb\u202ec""#)
        #expect(r.status == 0)
        #expect(r.stdout == #""a\u001b[2Jb\u202ec""# + "\n")
    }
}
