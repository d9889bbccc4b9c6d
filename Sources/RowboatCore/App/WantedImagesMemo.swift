import RowboatCells

/// The thumbnails a tab's list last wanted, with what they were worked out
/// from: the tab, its rows (their stamp and count: rows replaced, removed,
/// moved or set aside change the stamp, rows added change the count), the
/// positions the screen and the next one show, and the card width. An
/// equal basis gives an equal list, so `AppReducer` does not work it out
/// again for an action that leaves them as they were (most keys). Kept
/// only for the tab's own list; the detail, a search and the favorites
/// are worked out every time.
struct WantedImagesMemo: Sendable {
    struct Basis: Equatable {
        var tab: Int
        var stamp: UInt64
        var count: Int
        var positions: Range<Int>
        var cardWidth: Int
    }

    var basis: Basis
    var wanted: [ImageRequest]
}
