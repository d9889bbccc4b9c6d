import Testing
@testable import RowboatSpec
@testable import RowboatParsing

/// The `theme:` config section.
@Suite("Config theme: section")
struct ThemeConfigTests {
    func yaml(_ theme: String) -> String {
        "server: http://x\ninterfaces:\n  items: {url: /a, item: {title: t}}\n" + theme
    }

    func parse(_ theme: String) throws -> ThemeSettings {
        try ConfigLoader.parse(yaml(theme), file: "test.yaml").theme
    }

    func error(_ theme: String) throws -> ConfigError {
        try #require(ParsingFixtures.configError(yaml(theme)))
    }

    @Test func defaultWhenLeftOut() throws {
        #expect(try parse("") == ThemeSettings(name: .default, colors: [:]))
    }

    @Test func aNameAlone() throws {
        #expect(try parse("theme: light\n") == ThemeSettings(name: .light))
        #expect(try parse("theme: {name: Monochrome}\n") == ThemeSettings(name: .monochrome))
    }

    @Test func roleOverrides() throws {
        let settings = try parse("""
        theme:
          name: light
          colors:
            selected: {fg: 231, bg: 25, bold: true}
            header: {fg: default, underline: yes, reverse: false, dim: no}
            error: {bg: 0}
        """)
        #expect(settings == ThemeSettings(name: .light, colors: [
            .selected: RoleOverride(foreground: .indexed(231), background: .indexed(25), bold: true),
            .header: RoleOverride(foreground: .default, underline: true, reverse: false, dim: false),
            .error: RoleOverride(background: .indexed(0)),
        ]))
    }

    @Test func unknownThemeSuggestsOne() throws {
        let e = try error("theme:\n  name: lihgt\n")
        #expect(e == ConfigError(file: "test.yaml", line: 5, column: 9, keyPath: "theme.name",
                                 message: "unknown theme \"lihgt\" (themes: default, light, monochrome); did you mean \"light\"?"))
        #expect(try error("theme: solarized\n").message == "unknown theme \"solarized\" (themes: default, light, monochrome)")
    }

    @Test func unknownRoleSuggestsOne() throws {
        let e = try error("theme:\n  colors:\n    selcted: {fg: 1}\n")
        #expect(e == ConfigError(file: "test.yaml", line: 6, column: 5, keyPath: "theme.colors.selcted",
                                 message: "unknown role \"selcted\"; did you mean \"selected\"?"))
        #expect(try error("theme:\n  colors:\n    zzzzzz: {fg: 1}\n").message
                == "unknown role \"zzzzzz\" (known: normal, header, selected, status, footer, dim, error, accent)")
    }

    @Test func colourOutOfRange() throws {
        let e = try error("theme:\n  colors:\n    selected: {fg: 256}\n")
        #expect(e == ConfigError(file: "test.yaml", line: 6, column: 20, keyPath: "theme.colors.selected.fg",
                                 message: "a colour is 0–255 (the 256-colour palette) or default, found \"256\""))
        #expect(try error("theme:\n  colors:\n    dim: {bg: -1}\n").keyPath == "theme.colors.dim.bg")
        #expect(try error("theme:\n  colors:\n    dim: {bg: blue}\n").message
                == "a colour is 0–255 (the 256-colour palette) or default, found \"blue\"")
    }

    @Test func otherMistakes() throws {
        #expect(try error("theme:\n  colors:\n    dim: {fg: 1, italic: true}\n").message
                == "unknown key \"italic\"")
        #expect(try error("theme:\n  colors:\n    dim: {bold: maybe}\n").message == "expected true or false, found \"maybe\"")
        #expect(try error("theme:\n  nmae: light\n").message == "unknown key \"nmae\"; did you mean \"name\"?")
        #expect(try error("theme: [light]\n").message == "expected a mapping, found a list")
    }

    @Test func themeNamesForTheCommandLine() throws {
        #expect(try ThemeName.parse("LIGHT") == .light)
        #expect(throws: ThemeNameError(name: "mono")) { try ThemeName.parse("mono") }
        #expect(ThemeNameError(name: "defualt").description
                == "unknown theme \"defualt\" (themes: default, light, monochrome); did you mean \"default\"?")
    }
}
