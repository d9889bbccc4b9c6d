import Foundation
import Testing

/// docs/cli.md promises every command and flag: every visible flag the
/// argument parser knows (read from the real binary's
/// `--experimental-dump-help`) appears in its command's section.
@Suite struct CLIDocsTests {
    /// A command as the parser describes it: its words and its long flags.
    struct Command {
        var path: [String]
        var flags: [String]
    }

    /// Flags every command has, documented once at the top.
    static let universal: Set<String> = ["--help", "--version"]

    static func commands() async throws -> [Command] {
        let r = try await Subprocess.rowboat("--experimental-dump-help")
        #expect(r.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        var found: [Command] = []
        func walk(_ command: [String: Any], _ path: [String]) {
            let arguments = command["arguments"] as? [[String: Any]] ?? []
            let flags = arguments.filter { $0["shouldDisplay"] as? Bool ?? true }
                .flatMap { ($0["names"] as? [[String: Any]] ?? []) }
                .filter { $0["kind"] as? String == "long" }
                .compactMap { ($0["name"] as? String).map { "--" + $0 } }
            found.append(Command(path: path, flags: flags.filter { !universal.contains($0) }))
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                guard let name = sub["commandName"] as? String, name != "help", !name.hasPrefix("_"),
                      sub["shouldDisplay"] as? Bool ?? true else { continue }
                walk(sub, path + [name])
            }
        }
        walk(try #require(json["command"] as? [String: Any]), ["rowboat"])
        return found
    }

    /// The text of each `## \`rowboat …\`` section, keyed by its command
    /// words (`[browse]` counts as `browse`; arguments like KEY dropped).
    static func sections() throws -> [String: String] {
        let doc = try String(contentsOf: Paths.root.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        var sections: [String: String] = [:]
        var current: String?
        for line in doc.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                current = nil
                if let start = line.firstIndex(of: "`"), let end = line[line.index(after: start)...].firstIndex(of: "`") {
                    let words = line[line.index(after: start)..<end]
                        .replacingOccurrences(of: "[", with: "").replacingOccurrences(of: "]", with: "")
                        .split(separator: " ").filter { $0.lowercased() == $0 }.map(String.init)
                    current = words.joined(separator: " ")
                    sections[current!] = ""
                }
            } else if let current {
                sections[current, default: ""] += line + "\n"
            }
        }
        return sections
    }

    @Test func everyCommandWithFlagsHasASectionNamingEachFlag() async throws {
        let sections = try Self.sections()
        let commands = try await Self.commands()
        #expect(commands.contains { $0.path == ["rowboat", "cache", "clear"] })
        for command in commands where !command.flags.isEmpty {
            let name = command.path.joined(separator: " ")
            guard let text = sections[name] else {
                Issue.record("docs/cli.md has no section \"## `\(name)`\"")
                continue
            }
            for flag in command.flags {
                #expect(text.contains("`\(flag)"), "docs/cli.md, section \(name): \(flag) is missing")
            }
        }
    }
}
