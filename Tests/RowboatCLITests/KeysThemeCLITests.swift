import Foundation
import Testing

/// `keys:` and `theme:` through the real binary: `config check` reports a
/// key conflict, browse reports the same line before touching the terminal,
/// and `--theme` is checked.
@Suite("rowboat CLI: keys and theme")
struct KeysThemeCLITests {
    let conflicting = """
    server: http://127.0.0.1:9
    interfaces:
      items: {url: /a, item: {title: t}}
    keys:
      quit: [q, Q]
      refresh: [F5, j]
    """
    let message = ":6:17: keys.refresh[1]: key \"j\" is bound to both refresh and moveDown on the list screen; "
        + "give one of them other keys"

    @Test func configCheckReportsAKeyConflict() async throws {
        let path = try Paths.write(conflicting, name: "keys.yaml")
        let r = try await Subprocess.rowboat("config", "check", path)
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr == "rowboat: " + path + message + "\n")
    }

    @Test func browseReportsTheSameLineOnStart() async throws {
        let path = try Paths.write(conflicting, name: "keys.yaml")
        let r = try await Subprocess.rowboat("--config", path)
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr == "rowboat: " + path + message + "\n")
    }

    @Test func configCheckAcceptsKeysAndTheme() async throws {
        let path = try Paths.write("""
        server: http://127.0.0.1:9
        interfaces:
          items: {url: /a, item: {title: t}}
        keys: {refresh: [T, F5], quit: [q, Q], filters: p, search: /, favorite: "*"}
        theme:
          name: light
          colors:
            selected: {fg: 231, bg: 25, bold: true}
        """, name: "ok.yaml")
        let r = try await Subprocess.rowboat("config", "check", path)
        #expect(r.stderr == "")
        #expect(r.stdout == "\(path): ok (1 endpoint: items)\n")
        #expect(r.status == 0)
    }

    @Test func configCheckReportsAThemeMistake() async throws {
        let path = try Paths.write("""
        server: http://127.0.0.1:9
        interfaces:
          items: {url: /a, item: {title: t}}
        theme: {name: lihgt}
        """, name: "theme.yaml")
        let r = try await Subprocess.rowboat("config", "check", path)
        #expect(r.status == 1)
        #expect(r.stderr == "rowboat: " + path + ":4:15: theme.name: unknown theme \"lihgt\" (themes: default, light, monochrome); "
                + "did you mean \"light\"?\n")
    }

    @Test func anUnknownThemeFlagIsAUsageError() async throws {
        let r = try await Subprocess.rowboat("browse", "--theme", "lihgt")
        #expect(r.status == 64)
        #expect(r.stderr == "rowboat: unknown theme \"lihgt\" (themes: default, light, monochrome); did you mean \"light\"? "
                + "(see rowboat browse --help)\n")
    }
}
