import Foundation
import Testing
@testable import RowboatKit

@Suite("Helper programs: browser, clipboard, quiet child processes")
struct ChildProcessTests {
    @Test func exitStatusAndMissingProgram() {
        #expect(ChildProcess.run(["sh", "-c", "exit 3"]) == .success(3))
        #expect(ChildProcess.run(["true"]) == .success(0))
        guard case .failure(let e) = ChildProcess.run(["rowboat-no-such-program-xyz"]) else {
            Issue.record("a missing program ran")
            return
        }
        #expect(e.description == "cannot run rowboat-no-such-program-xyz: No such file or directory")
    }

    @Test func inputIsFedThroughAPipeAndOutputGoesNowhere() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-child-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = ChildProcess.run(["sh", "-c", "echo to-stdout; echo to-stderr >&2; cat > \(file)"],
                                      input: Array("héllo\n".utf8))
        #expect(result == .success(0))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "héllo\n")
    }

    @Test func childGetsItsOwnSession() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-sid-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(ChildProcess.run(["sh", "-c", "ps -o sid= -p $$ > \(file); echo $$ >> \(file)"]) == .success(0))
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.count == 2 && lines[0] == lines[1])
    }

    @Test func browserCandidatesFollowTheBrowserVariable() {
        let url = "https://example.com/a?b=1"
        #expect(LinkOpener(environment: [:]).candidates(for: url) == [["xdg-open", url]])
        #expect(LinkOpener(environment: ["BROWSER": "firefox --new-tab:w3m %s"]).candidates(for: url)
                == [["firefox", "--new-tab", url], ["w3m", url], ["xdg-open", url]])
        // The first entry fails, the second is used; xdg-open is never reached.
        #expect(LinkOpener(environment: ["BROWSER": "false:true"]).open(url) == .success("true"))
    }

    @Test func clipboardToolsDependOnWhereWeRun() {
        #expect(Clipboard(environment: [:]).candidates() == [])
        #expect(Clipboard(environment: ["TMUX": "/tmp/x,1,0", "DISPLAY": ":0"]).candidates()
                == [["tmux", "load-buffer", "-"], ["xclip", "-selection", "clipboard"], ["xsel", "--clipboard", "--input"]])
        guard case .failure(let e) = Clipboard(environment: [:]).copy("x") else {
            Issue.record("copied")
            return
        }
        #expect(e.description == "no clipboard here (needs tmux, Wayland or X11)")
    }
}
