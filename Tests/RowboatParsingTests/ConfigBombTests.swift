import Foundation
import Testing
@testable import RowboatSpec
@testable import RowboatParsing

/// Config bombs (issue #28): a YAML file whose aliases repeat what they
/// name a billion times, and a binary property list whose objects name the
/// same array over and over, are refused before anything is read, with one
/// line naming the file (and for YAML the line of the alias) and the bound.
/// Before, the YAML file ran past 15 s and the plist peaked at 639 MB (10^7
/// values; a billion ran out of time).
@Suite("Config bombs: expansion past a bound is refused at once", .timeLimit(.minutes(1)))
struct ConfigBombTests {
    /// A "billion laughs" body: nine levels of nine aliases each.
    static let yamlBomb: String = {
        var lines = ["server: http://127.0.0.1:1", "interfaces:", "  items:", "    url: /items", "    method: POST",
                     "    body:", #"      a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]"#]
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            lines.append("      \(name): &\(name) [" + Array(repeating: "*" + previous, count: 9).joined(separator: ",") + "]")
            previous = name
        }
        return (lines + ["    item: {title: t}"]).joined(separator: "\n") + "\n"
    }()

    func error(_ text: String, file: String = "bomb.yaml") -> ConfigError? {
        do { _ = try ConfigLoader.parse(text, file: file); return nil } catch { return error }
    }

    @Test func aBillionLaughsIsRefusedAtTheAliasThatPassesTheBound() throws {
        let e = try #require(error(Self.yamlBomb))
        // Line 12 is `g: &g [*f,…]`: 9^5 values each, the first alias of g passes 100,000.
        #expect(e == ConfigError(file: "bomb.yaml", line: 12, column: 14, keyPath: "", message: ConfigExpansion.message))
        #expect(e.description == "bomb.yaml:12:14: the config expands to more than 100000 values (YAML aliases repeat what they name); refused")
    }

    @Test func anAliasAsAMappingKeyIsCountedBeforeYamsComparesKeys() throws {
        // Yams compares mapping keys by their whole value: with a key of a
        // billion values composing alone would take hours.
        var lines = ["server: http://127.0.0.1:1", #"x: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]"#]
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h"] {
            lines.append("\(name): &\(name) [" + Array(repeating: "*" + previous, count: 9).joined(separator: ",") + "]")
            previous = name
        }
        lines += ["? *h", ": 1", "interfaces: {items: {url: /i, item: {title: t}}}"]
        let e = try #require(error(lines.joined(separator: "\n") + "\n"))
        #expect(e.message == ConfigExpansion.message && e.line != nil)
    }

    @Test func aliasesBelowTheBoundLoadAsBefore() throws {
        let list = "[" + (1...100).map(String.init).joined(separator: ", ") + "]"
        let text = """
        server: http://127.0.0.1:1
        interfaces:
          items:
            url: /items
            method: POST
            body: {a: &a \(list), b: [\(Array(repeating: "*a", count: 50).joined(separator: ", "))]}
            item: {title: t}
        """
        let config = try ConfigLoader.parse(text, file: "ok.yaml")
        guard case .object(let body)? = config.endpoints[0].body, case .array(let b)? = body["b"] else {
            Issue.record("no body")
            return
        }
        #expect(b.count == 50 && b.allSatisfy { $0 == body["a"] })
        // A file of many values without any alias is bounded the same way.
        let wide = "server: http://127.0.0.1:1\ninterfaces: {items: {url: /i, item: {title: t}, body: {n: ["
            + Array(repeating: "1", count: ConfigExpansion.maxValues).joined(separator: ",") + "]}}}\n"
        #expect(error(wide)?.message == ConfigExpansion.message)
    }

    /// A binary property list (`bplist00`) whose `interface` is an array
    /// naming one array ten times, `levels` deep: 10^levels values.
    static func plistBomb(levels: Int) -> Data {
        var objects: [[UInt8]] = []
        func add(_ bytes: [UInt8]) -> UInt8 { objects.append(bytes); return UInt8(objects.count - 1) }
        func ascii(_ text: String) -> [UInt8] { [0x50 | UInt8(text.utf8.count)] + Array(text.utf8) }
        let sever = add(ascii("sever")), server = add(ascii("http://h")), interface = add(ascii("interface"))
        var previous = add(ascii("lol"))
        for _ in 0..<levels { previous = add([0xAA] + Array(repeating: previous, count: 10)) }
        let root = add([0xD2, sever, interface, server, previous])
        var out = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(out.count)
            out += object
        }
        let table = out.count
        for offset in offsets { out += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        func big64(_ n: Int) -> [UInt8] { (0..<8).map { UInt8((n >> (8 * (7 - $0))) & 0xFF) } }
        out += [0, 0, 0, 0, 0, 0, 2, 1] + big64(objects.count) + big64(Int(root)) + big64(table)
        return Data(out)
    }

    @Test func aPlistNamingOneArrayOverAndOverIsRefused() throws {
        let bomb = Self.plistBomb(levels: 9)
        #expect(PlistExpansion.count(Array(bomb)) == ConfigExpansion.maxValues + 1)
        #expect(throws: ConfigError(file: "bomb.plist", line: nil, column: nil, keyPath: "",
                                    message: "the property list expands to more than 100000 values "
                                        + "(objects named more than once are repeated); refused")) {
            try PlistConfigImporter.parse(bomb, file: "bomb.plist")
        }
        // Under the bound the same shape is read (and fails later for what it is: no url).
        let small = Self.plistBomb(levels: 3)
        // The root, its two keys, the server, and the array: 1 + 10 × (1 + 10 × (1 + 10)).
        #expect(PlistExpansion.count(Array(small)) == 1 + 2 + 1 + 1_111)
        #expect((try? PlistConfigImporter.parse(small, file: "small.plist")) == nil)
    }

    @Test func aPlistFoundationWroteCountsAsItsValues() throws {
        let plist: [String: Any] = ["sever": "http://127.0.0.1:1",
                                    "interface": ["items": ["url": "/items", "params": ["a": "1", "b": "2"]]]]
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        let count = try #require(PlistExpansion.count(Array(data)))
        // root + 2 keys + the server + interface (itself, a key, items (itself, 2 keys, the url, params (itself, 2 keys, 2 values)))
        #expect(count == 1 + 2 + 1 + (1 + 1 + (1 + 2 + 1 + (1 + 2 + 2))))
        #expect(try PlistConfigImporter.parse(data, file: "ok.plist").endpoints.map(\.key) == ["items"])
        // Not a binary plist, or a broken one: left to Foundation's reader.
        #expect(PlistExpansion.count(Array("<?xml version=\"1.0\"?><plist/>".utf8)) == nil)
        var broken = Array(data)
        broken.replaceSubrange((broken.count - 8)..<broken.count, with: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        #expect(PlistExpansion.count(broken) == nil)
        for cut in stride(from: 8, to: data.count, by: 3) { _ = PlistExpansion.count(Array(data.prefix(cut))) }
    }
}
