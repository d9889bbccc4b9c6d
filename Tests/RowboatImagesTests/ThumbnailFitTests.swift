import Testing
@testable import RowboatImages
import RowboatCells

@Suite("Thumbnail fit")
struct ThumbnailFitTests {
    @Test func wideImageFillsTheWidthAndIsCentredVertically() {
        // 200 x 100 pixels: 40 columns x 10 rows of 1:2 cells.
        let fit = ThumbnailFit(sourceWidth: 200, sourceHeight: 100, boxColumns: 40, boxRows: 20)
        #expect(fit == ThumbnailFit(columns: 40, rows: 10, x: 0, y: 5))
    }

    @Test func tallImageFillsTheHeightAndIsCentredHorizontally() {
        // 100 x 200 pixels in 40 x 20: 20 rows, 20 columns.
        let fit = ThumbnailFit(sourceWidth: 100, sourceHeight: 200, boxColumns: 40, boxRows: 20)
        #expect(fit == ThumbnailFit(columns: 20, rows: 20, x: 10, y: 0))
    }

    @Test func squareImageInASquareCellBoxIsTwiceAsWide() {
        let fit = ThumbnailFit(sourceWidth: 512, sourceHeight: 512, boxColumns: 40, boxRows: 20)
        #expect(fit == ThumbnailFit(columns: 40, rows: 20, x: 0, y: 0))
        let square = ThumbnailFit(sourceWidth: 512, sourceHeight: 512, boxColumns: 40, boxRows: 20, cellAspect: 1)
        #expect(square == ThumbnailFit(columns: 20, rows: 20, x: 10, y: 0))
    }

    @Test func extremesKeepAtLeastOneCell() {
        #expect(ThumbnailFit(sourceWidth: 10_000, sourceHeight: 1, boxColumns: 40, boxRows: 20).rows == 1)
        #expect(ThumbnailFit(sourceWidth: 1, sourceHeight: 10_000, boxColumns: 40, boxRows: 20).columns == 1)
        #expect(ThumbnailFit(sourceWidth: 10, sourceHeight: 10, boxColumns: 0, boxRows: 20) == ThumbnailFit(columns: 0, rows: 0, x: 0, y: 0))
        #expect(ThumbnailFit(sourceWidth: 0, sourceHeight: 10, boxColumns: 4, boxRows: 2) == ThumbnailFit(columns: 4, rows: 2, x: 0, y: 0))
    }

    @Test func decodeTargetIsEightPixelsPerFittedCell() {
        let renderer = ThumbnailRenderer()
        #expect(renderer.decodeTarget(source: PixelSize(width: 1920, height: 1080), columns: 40, rows: 20)
            == PixelSize(width: 320, height: 88))
        // 900 x 1920 fits as 19 x 20 cells (18.75 columns rounded).
        #expect(renderer.decodeTarget(source: PixelSize(width: 900, height: 1920), columns: 40, rows: 20)
            == PixelSize(width: 152, height: 160))
    }
}
