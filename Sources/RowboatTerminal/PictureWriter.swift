import RowboatSpec
import RowboatCells

/// Keeps the pictures in pixels on screen in step with the cell frames
/// ncurses draws, so ncurses is never confused and no picture outlives its
/// cells. Per frame, given the grid's pictures and the rows whose cells
/// changed:
/// - a sixel or iTerm2 picture that is gone or moved has its rows repainted
///   by ncurses (text over it erases it); kitty placements are deleted;
/// - a picture is (re)written, after `doupdate`, at its cells when it is
///   new there or ncurses wrote on one of its rows (which may have erased
///   part of it); kitty images are transmitted once per id and placed;
/// - kitty placeholder pictures only need their image transmitted: their
///   cells are text.
/// The cursor is put back where ncurses believes it is.
final class PictureWriter {
    /// Positioned pictures on screen after the last frame.
    private(set) var placed: [GridPicture] = []
    /// kitty ids whose image data the terminal holds, with the serial sent
    /// under them, oldest first.
    private var transmitted: [(id: UInt32, serial: UInt64)] = []
    /// Most kitty images kept in the terminal; older ones are freed.
    static let keptImages = 256

    /// True once any positioned picture was drawn: frames must then repaint
    /// whole lines when needed.
    var active: Bool { !placed.isEmpty }

    /// Rows to repaint before this frame (a picture left them), which
    /// count as changed.
    func rowsToRepaint(_ grid: CellGrid) -> [Int] {
        let next = Set(positioned(grid).map(Self.key))
        var rows = Set<Int>()
        for p in placed where !next.contains(Self.key(p)) {
            switch p.picture.kind {
            case .sixel, .iterm: rows.formUnion(p.rect.y..<p.rect.y + p.rect.height)
            case .kitty, .kittyPlaceholder: break
            }
        }
        return rows.filter { $0 >= 0 && $0 < grid.height }.sorted()
    }

    /// The bytes to write after `doupdate`: deletions, transmissions and
    /// placements, then the cursor back at (cursorX, cursorY).
    func bytes(for grid: CellGrid, changedRows: [Bool], full: Bool, cursorX: Int, cursorY: Int) -> [UInt8] {
        var out: [UInt8] = []
        let next = positioned(grid)
        let nextKeys = Set(next.map(Self.key))
        // kitty placements that went.
        for p in placed where !nextKeys.contains(Self.key(p)) {
            if case .kitty(let id) = p.picture.kind, !next.contains(where: { $0.picture.kittyID == id }) {
                out += Array("\u{1B}_Ga=d,d=i,i=\(id),q=2\u{1B}\\".utf8)
            }
        }
        // Placeholder images the cells show.
        for p in grid.pictures where p.isPlaceholder {
            if let id = p.picture.kittyID { transmit(p.picture, id: id, into: &out) }
        }
        let before = Set(placed.map(Self.key))
        for p in next {
            let touched = full || (p.rect.y..<p.rect.y + p.rect.height).contains { $0 < changedRows.count && changedRows[$0] }
            guard !before.contains(Self.key(p)) || touched else { continue }
            let move = Array("\u{1B}[\(p.y + 1);\(p.x + 1)H".utf8)
            switch p.picture.kind {
            case .sixel, .iterm:
                out += move + p.picture.bytes
            case .kitty(let id):
                transmit(p.picture, id: id, into: &out)
                out += move + Array("\u{1B}_Ga=p,i=\(id),p=1,c=\(p.picture.columns),r=\(p.picture.rows),C=1,q=2\u{1B}\\".utf8)
            case .kittyPlaceholder:
                break
            }
        }
        placed = next
        guard !out.isEmpty else { return [] }
        return out + Array("\u{1B}[\(cursorY + 1);\(cursorX + 1)H".utf8)
    }

    /// On the way out: frees every kitty image we sent (sixel and iTerm2
    /// pictures go with the alternate screen).
    func farewell() -> [UInt8] {
        defer { transmitted = []; placed = [] }
        return transmitted.flatMap { Array("\u{1B}_Ga=d,d=I,i=\($0.id),q=2\u{1B}\\".utf8) }
    }

    /// Forgets what is on screen (the screen was cleared).
    func forgetPlacements() {
        placed = []
    }

    /// Sends the image under `id` unless the terminal has this very one;
    /// frees the oldest images beyond `keptImages`.
    private func transmit(_ picture: PixelPicture, id: UInt32, into out: inout [UInt8]) {
        if let i = transmitted.firstIndex(where: { $0.id == id }) {
            if transmitted[i].serial == picture.serial { return }
            transmitted.remove(at: i)
        }
        out += picture.bytes
        transmitted.append((id, picture.serial))
        while transmitted.count > Self.keptImages {
            let old = transmitted.removeFirst()
            out += Array("\u{1B}_Ga=d,d=I,i=\(old.id),q=2\u{1B}\\".utf8)
        }
    }

    /// The grid's pictures that are written at their cells, inside it.
    private func positioned(_ grid: CellGrid) -> [GridPicture] {
        grid.pictures.filter { p in
            !p.isPlaceholder && p.x >= 0 && p.y >= 0 && p.x + p.picture.columns <= grid.width
                && p.y + p.picture.rows <= grid.height
        }
    }

    private struct Key: Hashable {
        let serial: UInt64, x: Int, y: Int
    }

    private static func key(_ p: GridPicture) -> Key {
        Key(serial: p.picture.serial, x: p.x, y: p.y)
    }
}
