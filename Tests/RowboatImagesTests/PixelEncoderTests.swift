import Foundation
import RowboatSpec
import Testing
@testable import RowboatImages
import RowboatCells

/// Pictures in pixels from libchafa's pixel modes: each protocol's
/// sequence, sized to the fit in the box, kitty ids and quiet
/// transmissions, tmux passthrough wrapping.
@Suite("Pixel encoding", .timeLimit(.minutes(1)))
struct PixelEncoderTests {
    let image: DecodedImage

    init() throws {
        image = try ThumbnailRendererTests.image(Fixtures.gradient(width: 200, height: 100), width: 200, height: 100)
    }

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func sixelFitsTheBoxAndCarriesTheSymbolsToo() throws {
        let renderer = ThumbnailRenderer(colors: .indexed240, pixels: PixelFormat(proto: .sixel, cellWidth: 10, cellHeight: 20))
        let thumbnail = renderer.render(image, columns: 22, rows: 5)
        let picture = try #require(thumbnail.pixels)
        // 2:1 pixels, cells 1:2: 20 x 5 cells, centred.
        #expect(picture.columns == 20 && picture.rows == 5 && picture.x == 1 && picture.y == 0)
        #expect(picture.kind == .sixel)
        let sixel = text(picture.bytes)
        #expect(sixel.hasPrefix("\u{1B}P") && sixel.hasSuffix("\u{1B}\\"))
        // Raster attributes: 200 pixels wide, at most 100 high (sixel bands of 6).
        #expect(sixel.contains("\"1;1;200;96"))
        #expect(thumbnail.cells.contains { $0.symbol != " " }, "the symbol cells are still there")
        #expect(thumbnail.byteCost > picture.bytes.count)
    }

    @Test func kittyTransmitsQuietlyUnderItsId() throws {
        let picture = try #require(PixelEncoder(format: PixelFormat(proto: .kitty)).encode(image, fit: ThumbnailFit(
            sourceWidth: 200, sourceHeight: 100, boxColumns: 10, boxRows: 3)))
        let id = try #require(picture.kittyID)
        let bytes = text(picture.bytes)
        #expect(bytes.hasPrefix("\u{1B}_Ga=t,i=\(id),q=2,f=32,s="))
        #expect(!bytes.contains("a=T"), "placing is the screen's job")
        // Nothing but kitty sequences, back to back.
        for part in bytes.components(separatedBy: "\u{1B}\\") where !part.isEmpty { #expect(part.hasPrefix("\u{1B}_G")) }
        let other = try #require(PixelEncoder(format: PixelFormat(proto: .kitty)).encode(image, fit: ThumbnailFit(
            sourceWidth: 200, sourceHeight: 100, boxColumns: 10, boxRows: 3)))
        #expect(other.kittyID != id && other.serial != picture.serial)
    }

    @Test func placeholdersAddAVirtualPlacementAndKeepIdsInThePalette() throws {
        let format = PixelFormat(proto: .kittyPlaceholders)
        let picture = try #require(PixelEncoder(format: format).encode(image, fit: ThumbnailFit(columns: 6, rows: 3, x: 0, y: 1)))
        guard case .kittyPlaceholder(let id) = picture.kind else { Issue.record("not a placeholder"); return }
        #expect((1...255).contains(id))
        #expect(text(picture.bytes).hasSuffix("\u{1B}_Ga=p,U=1,i=\(id),c=6,r=3,q=2\u{1B}\\"))
        var direct = format
        direct.directColorIDs = true
        let wide = try #require(PixelEncoder(format: direct).encode(image, fit: ThumbnailFit(columns: 6, rows: 3, x: 0, y: 0)))
        #expect(try #require(wide.kittyID) >= 0x100)
    }

    @Test func itermAndTmuxPassthrough() throws {
        var format = PixelFormat(proto: .iterm)
        let plain = try #require(PixelEncoder(format: format).encode(image, fit: ThumbnailFit(columns: 8, rows: 2, x: 0, y: 0)))
        #expect(text(plain.bytes).hasPrefix("\u{1B}]1337;File=inline=1;width=8;height=2"))
        format.tmuxPassthrough = true
        let wrapped = try #require(PixelEncoder(format: format).encode(image, fit: ThumbnailFit(columns: 8, rows: 2, x: 0, y: 0)))
        #expect(text(wrapped.bytes).hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}]1337;"))
        #expect(PixelEncoder.tmuxWrapped(Array("a\u{1B}\\b".utf8)) == Array("\u{1B}Ptmux;a\u{1B}\u{1B}\\b\u{1B}\\".utf8))
    }

    @Test func noPictureForAnEmptyBox() {
        #expect(PixelEncoder(format: PixelFormat(proto: .sixel)).encode(image, fit: ThumbnailFit(columns: 0, rows: 0, x: 0, y: 0)) == nil)
        let thumbnail = ThumbnailRenderer(pixels: PixelFormat(proto: .sixel)).render(image, columns: 0, rows: 4)
        #expect(thumbnail.pixels == nil)
    }
}
