import Foundation

/// The pictures in a raw terminal log (tmux `pipe-pane`): every string
/// sequence (DCS `ESC P`, APC `ESC _`, OSC `ESC ]`) with the cursor move
/// that put it in place, so tests can check that only our encoder's
/// pictures appear, only at card cells, and nothing else does.
struct PictureBytes {
    struct Span {
        /// Byte offsets of the sequence (ESC to the end of its ST).
        var start: Int, end: Int
        /// Its text, without the leading ESC.
        var body: String
        /// The cell (0-based x, y) of a cursor move right before it.
        var cell: (x: Int, y: Int)?
    }

    var spans: [Span] = []
    /// The log with every span cut out.
    var rest: [UInt8] = []

    /// The start-up questions (GraphicsProbe): ours, at the very start.
    static let probe = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[16t\u{1B}[>q\u{1B}[c".utf8)

    init(_ log: [UInt8]) {
        let bytes = log.starts(with: Self.probe) ? Array(log.dropFirst(Self.probe.count)) : log
        var i = 0, kept = 0
        while i + 1 < bytes.count {
            guard bytes[i] == 0x1B, [UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "]")].contains(bytes[i + 1]) else {
                i += 1
                continue
            }
            var j = i + 2
            while j < bytes.count, !(bytes[j] == 0x07 || (bytes[j] == 0x1B && j + 1 < bytes.count && bytes[j + 1] == 0x5C)) {
                j += 1
            }
            let end = min(bytes.count, j < bytes.count && bytes[j] == 0x07 ? j + 1 : j + 2)
            rest += bytes[kept..<i]
            kept = end
            spans.append(Span(start: i, end: end, body: String(decoding: bytes[(i + 1)..<min(end, i + 64)], as: UTF8.self),
                              cell: Self.cursorMove(endingAt: i, in: bytes)))
            i = end
        }
        rest += bytes[min(kept, bytes.count)...]
    }

    /// `ESC [ row ; col H` right before `offset`, as a 0-based cell.
    static func cursorMove(endingAt offset: Int, in bytes: [UInt8]) -> (x: Int, y: Int)? {
        guard offset > 0, bytes[offset - 1] == UInt8(ascii: "H") else { return nil }
        var j = offset - 2
        while j >= 0, (bytes[j] >= 0x30 && bytes[j] <= 0x39) || bytes[j] == UInt8(ascii: ";") { j -= 1 }
        guard j >= 1, bytes[j] == UInt8(ascii: "["), bytes[j - 1] == 0x1B else { return nil }
        let numbers = String(decoding: bytes[(j + 1)..<(offset - 1)], as: UTF8.self).split(separator: ";").compactMap { Int($0) }
        guard numbers.count == 2 else { return nil }
        return (numbers[1] - 1, numbers[0] - 1)
    }

    /// Sixel pictures as chafa writes them.
    var sixels: [Span] { spans.filter { $0.body.hasPrefix("P0;1;0q\"1;1;") } }
    /// kitty placements (`a=p`), deletions (`a=d`) and transmissions (`a=t` and its chunks).
    var kittyPlacements: [Span] { spans.filter { $0.body.hasPrefix("_Ga=p,") } }
    var kittyDeletions: [Span] { spans.filter { $0.body.hasPrefix("_Ga=d,") } }
    var kittyTransmissions: [Span] { spans.filter { $0.body.hasPrefix("_Ga=t,") } }

    /// Spans that are none of our encoder's or writer's sequences.
    var foreign: [Span] {
        spans.filter { s in
            !(s.body.hasPrefix("P0;1;0q\"1;1;") || s.body.hasPrefix("_Ga=t,i=") || s.body.hasPrefix("_Gm=")
              || s.body.hasPrefix("_Ga=p,i=") || s.body.hasPrefix("_Ga=p,U=1,i=") || s.body.hasPrefix("_Ga=d,"))
        }
    }

    /// A log written inside tmux with passthrough: what went through
    /// (`ESC P tmux; … ESC \` with inner ESCs doubled, unwrapped and joined)
    /// and the rest, which tmux itself reads. An unterminated wrapper stays
    /// in the rest.
    static func passthrough(_ bytes: [UInt8]) -> (through: [UInt8], rest: [UInt8]) {
        let open = Array("\u{1B}Ptmux;".utf8)
        var through: [UInt8] = [], rest: [UInt8] = [], i = 0
        scan: while i < bytes.count {
            guard bytes[i...].starts(with: open) else {
                rest.append(bytes[i])
                i += 1
                continue
            }
            var j = i + open.count, inner: [UInt8] = []
            while j + 1 < bytes.count {
                if bytes[j] == 0x1B && bytes[j + 1] == 0x1B {
                    inner.append(0x1B)
                    j += 2
                } else if bytes[j] == 0x1B && bytes[j + 1] == 0x5C {
                    through += inner
                    i = j + 2
                    continue scan
                } else {
                    inner.append(bytes[j])
                    j += 1
                }
            }
            rest += bytes[i...]
            break
        }
        return (through, rest)
    }

    /// The kitty id in a span's keys (`i=N`).
    static func kittyID(_ span: Span) -> Int? {
        guard let match = span.body.firstMatch(of: /i=([0-9]+)/) else { return nil }
        return Int(match.1)
    }
}

/// The demo's grid at 120x40 (four tabs, so the tabs line is row 0): five
/// cards of 23 columns across, four card rows of 9, thumbnails 5 rows high.
enum DemoGrid {
    static let columns = 120, rows = 40
    static let top = 2, cardWidth = 23, cardHeight = 9, thumbnailRows = 5, across = 5, down = 4

    /// Whether a picture whose top-left cell is (x, y) lies in a card's thumbnail box.
    static func inThumbnailBox(x: Int, y: Int) -> Bool {
        let column = x / (cardWidth + 1), row = (y - top) / cardHeight
        guard y >= top, column < across, row < down else { return false }
        let boxX = column * (cardWidth + 1), boxY = top + row * cardHeight
        return x >= boxX && x < boxX + cardWidth && y >= boxY && y < boxY + thumbnailRows
    }
}
