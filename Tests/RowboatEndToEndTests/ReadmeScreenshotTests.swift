import Foundation
import Testing

/// The README's screenshot is what the demo really shows: the script that
/// made it captures a fresh screen in tmux and must find the same block.
@Suite(.timeLimit(.minutes(3)))
struct ReadmeScreenshotTests {
    @Test func theReadmeBlockMatchesAFreshCapture() throws {
        let script = TmuxSession.packageRoot + "/scripts/readme-screenshot"
        let r = try Subprocess.run(["sh", "-c", "ROWBOAT_BIN=\"$0\" \"$1\" --check 2>&1", TmuxSession.binary, script])
        #expect(r.status == 0, "README.md's screenshot is out of date; run scripts/readme-screenshot:\n\(r.output)")
    }
}
