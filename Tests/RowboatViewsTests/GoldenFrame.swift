import Foundation
import Testing
import RowboatViews
import RowboatCells

/// Compares a rendered grid's text with a golden file under Golden/.
/// Run with ROWBOAT_UPDATE_GOLDEN=1 to (re)write the files, then review them.
enum GoldenFrame {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func check(_ grid: CellGrid, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name + ".txt")
        let frame = framed(grid)
        if ProcessInfo.processInfo.environment["ROWBOAT_UPDATE_GOLDEN"] == "1" {
            try frame.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(frame == expected, "frame \(name) differs:\n\(frame)", sourceLocation: sourceLocation)
    }

    /// The grid's lines between bars, so trailing spaces and width are visible.
    static func framed(_ grid: CellGrid) -> String {
        grid.lines().map { "|" + $0 + "|" }.joined(separator: "\n") + "\n"
    }
}
