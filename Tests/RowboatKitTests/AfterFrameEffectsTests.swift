@testable import RowboatKit
import RowboatCore
import RowboatCells
import Testing

/// The thumbnails' effects wait for the frame of the actions that asked
/// for them; every other effect runs at once.
struct AfterFrameEffectsTests {
    func want(_ ids: Int...) -> AppEffect {
        .wantImages(ids.map { ImageRequest(url: "http://127.0.0.1:1/images/\($0).png", columns: 8, rows: 4) })
    }

    @Test func theThumbnailsWaitAndTheLatestWantedSetWins() {
        var after = AfterFrameEffects()
        let held = [after.hold(want(1, 2)), after.hold(.retryImage(url: "http://127.0.0.1:1/images/3.png")),
                    after.hold(want(2, 3))]
        #expect(held == [true, true, true])
        let first = after.take(), second = after.take()
        #expect(first == [.retryImage(url: "http://127.0.0.1:1/images/3.png"), want(2, 3)])
        // Taken once: the next frame runs nothing again.
        #expect(second == [])
    }

    @Test func otherEffectsRunAtOnce() {
        var after = AfterFrameEffects()
        let held = [after.hold(.measureCache), after.hold(.redrawScreen), after.hold(.openURL("http://127.0.0.1:1/"))]
        #expect(held == [false, false, false])
        #expect(after.held == [])
    }
}
