import Foundation
import RowboatSpec
import Testing
@testable import RowboatImages
import RowboatCells

@Suite("Thumbnail rendering", .timeLimit(.minutes(1)))
struct ThumbnailRendererTests {
    /// An opaque RGBA image from RGB samples.
    static func image(_ rgb: [UInt8], width: Int, height: Int) throws -> DecodedImage {
        var rgba = [UInt8]()
        rgba.reserveCapacity(width * height * 4)
        for p in 0..<(width * height) {
            rgba += [rgb[p * 3], rgb[p * 3 + 1], rgb[p * 3 + 2], 255]
        }
        return try #require(DecodedImage(width: width, height: height, rgba: Data(rgba)))
    }

    static let colorModes: [ThumbnailColors] = [.indexed256, .indexed240, .indexed16, .indexed8, .direct]

    @Test(arguments: [(40, 20), (1, 1), (7, 3), (80, 40)])
    func exactlyColumnsTimesRowsCells(columns: Int, rows: Int) throws {
        let image = try Self.image(Fixtures.gradient(width: 120, height: 90), width: 120, height: 90)
        for colors in Self.colorModes + [.symbolsOnly] {
            let thumbnail = ThumbnailRenderer(colors: colors).render(image, columns: columns, rows: rows)
            #expect(thumbnail.columns == columns && thumbnail.rows == rows)
            #expect(thumbnail.cells.count == columns * rows)
            for cell in thumbnail.cells {
                #expect(cell.symbol.count == 1)
                #expect(DisplayWidth.of(cell.symbol) == 1)
            }
        }
    }

    @Test(arguments: colorModes)
    func colourModesColourEveryImageCell(colors: ThumbnailColors) throws {
        // 2:1 pixels into a 40 x 20 box: 40 x 10 cells, 5 blank rows above and below.
        let image = try Self.image(Fixtures.gradient(width: 200, height: 100), width: 200, height: 100)
        let thumbnail = ThumbnailRenderer(colors: colors).render(image, columns: 40, rows: 20)
        for row in 0..<20 {
            for column in 0..<40 {
                let cell = try #require(thumbnail.cell(column: column, row: row))
                if (5..<15).contains(row) {
                    let foreground = try #require(cell.foreground, "\(colors) \(column),\(row) \(cell)")
                    let background = try #require(cell.background, "\(colors) \(column),\(row) \(cell)")
                    switch (colors, foreground, background) {
                    case (.indexed240, .indexed(let f), .indexed(let b)): #expect(f >= 16 && b >= 16)
                    case (.indexed16, .indexed(let f), .indexed(let b)): #expect(f < 16 && b < 16)
                    case (.indexed8, .indexed(let f), .indexed(let b)): #expect(f < 8 && b < 8)
                    case (.indexed256, .indexed, .indexed), (.direct, .rgb, .rgb): break
                    default: Issue.record("\(colors) gave \(foreground) on \(background)")
                    }
                } else {
                    #expect(cell == .blank)
                }
            }
        }
    }

    @Test func symbolsOnlyHasNoColours() throws {
        let image = try Self.image(Fixtures.gradient(width: 64, height: 64), width: 64, height: 64)
        let thumbnail = ThumbnailRenderer(colors: .symbolsOnly).render(image, columns: 30, rows: 15)
        #expect(thumbnail.cells.allSatisfy { $0.foreground == nil && $0.background == nil })
        // The gradient's light corner shows as ink, its dark corner does not.
        #expect(thumbnail.cells.contains { $0.symbol != " " })
    }

    @Test(arguments: [ThumbnailColors.indexed256, .indexed240, .direct])
    func mostlyRedImageGivesRedColours(colors: ThumbnailColors) throws {
        // 80 x 80 pixels fill 20 x 10 cells; a white stripe over the top 5%.
        var rgb = Fixtures.solid(width: 80, height: 80, 220, 20, 30)
        for i in stride(from: 0, to: 80 * 3 * 4, by: 3) { rgb[i] = 240; rgb[i + 1] = 240; rgb[i + 2] = 240 }
        let thumbnail = ThumbnailRenderer(colors: colors).render(try Self.image(rgb, width: 80, height: 80), columns: 20, rows: 10)
        let backgrounds = thumbnail.cells.compactMap(\.background)
        #expect(backgrounds.count == 200)
        let red = backgrounds.filter(Palette.isReddish).count
        #expect(red >= 150, "backgrounds: \(backgrounds)")
    }

    @Test func transparentPixelsHaveNoColour() throws {
        let clear = try #require(DecodedImage(width: 16, height: 16, rgba: Data(repeating: 0, count: 16 * 16 * 4)))
        let thumbnail = ThumbnailRenderer().render(clear, columns: 8, rows: 4)
        #expect(thumbnail.cells.allSatisfy { $0.foreground == nil && $0.background == nil })
    }

    @Test func emptyBoxAndHugeBox() throws {
        let image = try Self.image(Fixtures.gradient(width: 10, height: 10), width: 10, height: 10)
        let empty = ThumbnailRenderer().render(image, columns: 0, rows: 5)
        #expect(empty.columns == 0 && empty.rows == 5 && empty.cells.isEmpty)
        let negative = ThumbnailRenderer().render(image, columns: -3, rows: -1)
        #expect(negative.cells.isEmpty)
        let clamped = ThumbnailRenderer().render(image, columns: 5_000, rows: 1)
        #expect(clamped.columns == ThumbnailRenderer.maxSide)
    }

    @Test func manyThreadsAtOnceGiveTheSameResult() throws {
        let image = try Self.image(Fixtures.gradient(width: 160, height: 120), width: 160, height: 120)
        let renderer = ThumbnailRenderer()
        let expected = renderer.render(image, columns: 40, rows: 20)
        let results = Locked<[Thumbnail]>([])
        DispatchQueue.concurrentPerform(iterations: 48) { i in
            let thumbnail = ThumbnailRenderer(colors: i % 2 == 0 ? .indexed240 : .symbolsOnly)
                .render(image, columns: 40, rows: 20)
            if i % 2 == 0 { results.withLock { $0.append(thumbnail) } }
        }
        let all = results.withLock { $0 }
        #expect(all.count == 24)
        #expect(all.allSatisfy { $0 == expected })
    }

    @Test func makerDecodesAtTheThumbnailScale() throws {
        let rgb = Fixtures.gradient(width: 1920, height: 1080)
        let jpeg = try Fixtures.jpeg(rgb, width: 1920, height: 1080, quality: 80)
        let maker = ThumbnailMaker()
        let target = maker.renderer.decodeTarget(source: try maker.decoder.probe(jpeg).size, columns: 40, rows: 20)
        let decoded = try maker.decoder.decode(jpeg, atLeast: target)
        #expect(decoded.scaleEighths == 2 && decoded.width == 480 && decoded.height == 270)
        let thumbnail = try maker.thumbnail(from: jpeg, columns: 40, rows: 20)
        #expect(thumbnail.cells.count == 800)
        // 16:9 in 40 x 20 cells: 40 x 11 cells, rows 4...14.
        #expect(thumbnail.cell(column: 0, row: 3) == .blank)
        #expect(thumbnail.cell(column: 0, row: 4)?.background != nil)
        #expect(thumbnail.cell(column: 39, row: 14)?.background != nil)
        #expect(thumbnail.cell(column: 39, row: 15) == .blank)
    }

    @Test func makerPassesDecodeErrorsOn() {
        let html = Array("<html></html>".utf8)
        #expect(throws: ImageDecodeError.notAnImage(start: "'<'")) {
            try ThumbnailMaker().thumbnail(from: html, columns: 10, rows: 5)
        }
    }
}

/// A lock around a value, for collecting results from many threads.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

@Suite("Thumbnail colour choice")
struct ThumbnailColorChoiceTests {
    @Test func theRichestModeTheTerminalShows() {
        #expect(ThumbnailColors.best(colors: 1 << 24, directColor: true, allowed: true) == .direct)
        #expect(ThumbnailColors.best(colors: 256, directColor: false, allowed: true) == .indexed240)
        #expect(ThumbnailColors.best(colors: 88, directColor: false, allowed: true) == .indexed16)
        #expect(ThumbnailColors.best(colors: 8, directColor: false, allowed: true) == .indexed8)
        #expect(ThumbnailColors.best(colors: 0, directColor: false, allowed: true) == .symbolsOnly)
        #expect(ThumbnailColors.best(colors: 1 << 24, directColor: true, allowed: false) == .symbolsOnly)
    }
}
