import Testing
@testable import RowboatSpec
@testable import RowboatParsing

@Suite("ConfigLoader: the images section")
struct ImageSettingsConfigTests {
    static let base = "server: http://x\ninterfaces:\n  items: {url: /a, item: {title: t}}\n"

    @Test func decodeMemoryIsASizeAndDefaultsTo256MB() throws {
        #expect(try ConfigLoader.parse(Self.base, file: "test.yaml").images.decodeMemory == 256 << 20)
        let config = try ConfigLoader.parse(Self.base + "images:\n  decodeMemory: 96 MB\n", file: "test.yaml")
        #expect(config.images == ImageSettings(decodeMemory: 96 << 20))
    }

    @Test func aTypoSuggestsTheKey() throws {
        let e = try #require(ParsingFixtures.configError(Self.base + "images:\n  decodeMemroy: 96 MB\n"))
        #expect(e.description == "test.yaml:5:3: images.decodeMemroy: unknown key \"decodeMemroy\"; did you mean \"decodeMemory\"?")
        let root = try #require(ParsingFixtures.configError(Self.base + "imgaes:\n  decodeMemory: 96 MB\n"))
        #expect(root.description.contains("did you mean \"images\""))
    }

    @Test func aSizeThatIsNotOneIsNamed() throws {
        let e = try #require(ParsingFixtures.configError(Self.base + "images: {decodeMemory: lots}\n"))
        #expect(e.keyPath == "images.decodeMemory")
        #expect(e.message == "expected a size like 256 MB, found \"lots\"")
    }

    @Test func theModeIsAKeyOrTheWholeSection() throws {
        #expect(try ConfigLoader.parse(Self.base, file: "test.yaml").images.mode == .auto)
        let keyed = try ConfigLoader.parse(Self.base + "images: {mode: sixel, decodeMemory: 64 MB}\n", file: "test.yaml")
        #expect(keyed.images == ImageSettings(mode: .sixel, decodeMemory: 64 << 20))
        #expect(try ConfigLoader.parse(Self.base + "images: Kitty\n", file: "test.yaml").images.mode == .kitty)
        #expect(try ConfigLoader.parse(Self.base + "images: off\n", file: "test.yaml").images.mode == .off)
    }

    @Test func aMisspelledModeSuggestsOne() throws {
        let e = try #require(ParsingFixtures.configError(Self.base + "images:\n  mode: sixle\n"))
        #expect(e.description == "test.yaml:5:9: images.mode: expected one of auto, kitty, sixel, iterm, symbols, off, found \"sixle\"; did you mean \"sixel\"?")
        let short = try #require(ParsingFixtures.configError(Self.base + "images: itrem\n"))
        #expect(short.description.contains("did you mean \"iterm\""))
        #expect(ImageModeError(name: "kity").description
            == "unknown image mode \"kity\" (modes: auto, kitty, sixel, iterm, symbols, off); did you mean \"kitty\"?")
    }
}
