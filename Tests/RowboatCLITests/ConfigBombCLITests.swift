import Foundation
import Testing

/// `rowboat config check` and browsing on config bombs (issue #28): a YAML
/// "billion laughs" and a binary plist that names one array over and over
/// end with one line naming the file and the bound, at once.
@Suite("rowboat refuses config bombs in one line", .timeLimit(.minutes(1)))
struct ConfigBombCLITests {
    static let yaml: String = {
        var lines = ["server: http://127.0.0.1:1", "interfaces:", "  items:", "    url: /items", "    method: POST",
                     "    body:", #"      a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]"#]
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            lines.append("      \(name): &\(name) [" + Array(repeating: "*" + previous, count: 9).joined(separator: ",") + "]")
            previous = name
        }
        return (lines + ["    item: {title: t}"]).joined(separator: "\n") + "\n"
    }()

    /// bplist00: the root names `sever` and an `interface` array that
    /// names one array ten times, nine levels deep (10^9 values).
    static let plist: [UInt8] = {
        var objects: [[UInt8]] = []
        func add(_ bytes: [UInt8]) -> UInt8 { objects.append(bytes); return UInt8(objects.count - 1) }
        func ascii(_ text: String) -> [UInt8] { [0x50 | UInt8(text.utf8.count)] + Array(text.utf8) }
        let sever = add(ascii("sever")), server = add(ascii("http://h")), interface = add(ascii("interface"))
        var previous = add(ascii("lol"))
        for _ in 0..<9 { previous = add([0xAA] + Array(repeating: previous, count: 10)) }
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
        return out + [0, 0, 0, 0, 0, 0, 2, 1] + big64(objects.count) + big64(Int(root)) + big64(table)
    }()

    @Test func aYAMLBombIsOneLineWithTheAliasLine() async throws {
        let path = try Paths.write(Self.yaml, name: "bomb.yaml")
        for arguments in [["config", "check", path], ["fetch", "items", "--config", path]] {
            let r = try await Subprocess.rowboat(arguments)
            #expect(r.status == 1, "\(arguments)")
            #expect(r.stdout == "")
            #expect(r.stderr == "rowboat: \(path):12:14: the config expands to more than 100000 values "
                + "(YAML aliases repeat what they name); refused\n")
        }
    }

    @Test func aPlistBombIsOneLine() async throws {
        let url = try Paths.tempDir().appendingPathComponent("bomb.plist")
        try Data(Self.plist).write(to: url)
        let r = try await Subprocess.rowboat("config", "check", url.path)
        #expect(r.status == 1)
        #expect(r.stderr == "rowboat: \(url.path): the property list expands to more than 100000 values "
            + "(objects named more than once are repeated); refused\n")
    }
}
