import Foundation
import Testing
@testable import RowboatSpec
@testable import RowboatParsing

/// A property of the whole path a number takes (issue #28): any JSON
/// number a server writes — integers of any length, decimals with any
/// number of digits, exponents far past a double's range — read from a
/// page is shown as the same number and sent back as the same number, an
/// integer with exactly its digits. Seeded, so a failure repeats; the
/// parser's reading is checked against `JSONNumberText`, the same rules
/// written in Swift.
@Suite("Exact numbers, property: random numbers survive decode, show and send back")
struct ExactNumberPropertyTests {
    /// SplitMix64: a small seeded generator.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func digits(_ count: Int, _ g: inout Seeded, leading: Bool = true) -> String {
        String((0..<count).map { i in
            Character(String(i == 0 && leading ? Int.random(in: 1...9, using: &g) : Int.random(in: 0...9, using: &g)))
        })
    }

    /// A random JSON number: integers of 1 to 60 digits, values at Int64's
    /// and UInt64's edges, decimals of up to 40 digits, exponents up to ±999.
    static func number(_ g: inout Seeded) -> String {
        let sign = Bool.random(using: &g) ? "-" : ""
        switch Int.random(in: 0..<6, using: &g) {
        case 0:
            return sign + digits(Int.random(in: 1...60, using: &g), &g)
        case 1:
            let edges = ["9223372036854775807", "9223372036854775808", "18446744073709551615", "18446744073709551616",
                         "9223372036854775806", "18446744073709551614", "99999999999999999999"]
            return sign + edges.randomElement(using: &g)!
        case 2:
            return sign + digits(Int.random(in: 1...20, using: &g), &g) + "." + digits(Int.random(in: 1...20, using: &g), &g, leading: false)
        case 3:
            let e = ["e", "E", "e+", "e-", "E-"].randomElement(using: &g)!
            return sign + digits(1, &g) + "." + digits(Int.random(in: 1...25, using: &g), &g, leading: false) + e
                + String(Int.random(in: 0...999, using: &g))
        case 4:
            return sign + "0." + String(repeating: "0", count: Int.random(in: 0...30, using: &g))
                + digits(Int.random(in: 1...18, using: &g), &g)
        default:
            // Short decimals, as most pages hold them.
            return sign + digits(Int.random(in: 1...6, using: &g), &g) + "." + digits(Int.random(in: 1...3, using: &g), &g, leading: false)
        }
    }

    /// True when `shown` is the number `written`: for an integer, the same
    /// digits; for a decimal, the same value.
    static func same(_ shown: String, _ written: String) -> Bool {
        // An integer keeps its digits (`-0`, JSON's one other spelling of 0, reads as 0).
    if JSONNumberText.isInteger(written) { return shown == written || (shown == "0" && written == "-0") }
        guard let a = JSONNumberText.value(of: shown), let b = JSONNumberText.value(of: written) else { return false }
        return a == b
    }

    let config: RowboatConfig = try! ConfigLoader.parse("""
    server: http://127.0.0.1:1
    interfaces:
      text:
        url: /t
        paging: {style: cursor, nextCursor: datas.next}
        response: {list: datas.list}
        item: {id: id, title: title, v: v}
      json:
        url: /j
        method: POST
        body: {size: 1}
        paging: {style: cursor, lastItemCursor: sort, cursorFormat: json, cursorParam: $.search_after}
        response: {list: datas.list}
        item: {id: id, title: title, v: v}
    """, file: "property.yaml")

    @Test func randomNumbersSurviveDecodeShowAndSendBack() throws {
        var g = Seeded(state: 28)
        let text = PageDecoder(endpoint: config.endpoint("text")!), json = PageDecoder(endpoint: config.endpoint("json")!)
        let builder = RequestBuilder(config: config, endpoint: config.endpoint("json")!)
        for round in 0..<3_000 {
            let n = Self.number(&g)
            // Half the pages are otherwise ordinary (the DOM path decides), half hold a long decimal too.
            let filler = round % 2 == 0 ? "\"pad\":\"x\"" : "\"pad\":0.12345678901234567890"
            let body = Array("{\"datas\":{\"list\":[{\"id\":\(n),\"title\":\"t\",\"v\":\(n),\(filler),\"sort\":[\(n),\"x\"]}],\"next\":\(n)}}".utf8)
            let expected = try #require(JSONNumberText.jsonValue(n), "\(n)")
            #expect(try JSONTape.tree(body[...]).member("datas")?.member("next") == expected, "\(n)")

            // Shown: the id and a text field.
            let page = try text.decode(body: body, contentType: nil)
            let item = try #require(page.items.first)
            #expect(Self.same(item.id, n) && Self.same(item.text("v"), n), "\(n) shown as \(item.id) / \(item.text("v"))")
            // Sent back as a text cursor.
            #expect(Self.same(try #require(page.nextToken), n), "\(n) sent back as \(page.nextToken ?? "")")
            if n != "-0", JSONNumberText.isInteger(n) || expected.isNumberText { #expect(page.nextToken == n, "\(n)") }

            // Sent back inside a JSON body, as search_after.
            let token = try #require(try json.decode(body: body, contentType: nil).nextToken)
            let sent = try #require(builder.request(cursor: .token(token)).body)
            let sentText = String(decoding: sent, as: UTF8.self)
            guard case .array(let values)? = try JSONValue.parse(Data(sent)).member("search_after"),
                  let first = values.first?.scalarText else {
                Issue.record("\(n): no search_after in \(sentText)")
                continue
            }
            #expect(Self.same(first, n), "\(n) sent back as \(sentText)")
            if n != "-0", JSONNumberText.isInteger(n) || expected.isNumberText {
                #expect(sentText.contains("[\(n),\"x\"]"), "\(n) sent back as \(sentText)")
            }
        }
    }
}

extension JSONValue {
    var isNumberText: Bool {
        if case .numberText = self { return true }
        return false
    }
}
