#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import RowboatTerminal

/// The start-up queries over a real pseudo-terminal, with a scripted
/// terminal on the other side: one that answers, one that says nothing,
/// one that answers garbage. The probe never waits past its deadline.
@Suite(.serialized) struct GraphicsProbeTests {
    /// Runs the probe on a pty's slave side while `terminal` plays the
    /// terminal on the master side (it gets what the probe wrote).
    func probe(timeout: Double = 0.1, terminal: @escaping @Sendable (Int32, [UInt8]) -> Void) throws
        -> (TerminalAnswers, Double) {
        var master: Int32 = -1, slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0 else { throw POSIXError(.EIO) }
        defer { close(master); close(slave) }
        let m = master
        let player = Thread {
            var got: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 256)
            // Read what the probe asks (up to the DA1 query), then answer.
            while !String(decoding: got, as: UTF8.self).hasSuffix("\u{1B}[c") {
                let n = read(m, &buffer, buffer.count)
                if n <= 0 { return }
                got += buffer[0..<n]
            }
            terminal(m, got)
        }
        player.start()
        let start = Date()
        let answers = GraphicsProbe.ask(input: slave, output: slave, timeout: timeout)
        return (answers, Date().timeIntervalSince(start))
    }

    static func send(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    @Test func aTerminalThatAnswersIsReadUpToTheSentinel() throws {
        let (answers, took) = try probe(timeout: 2) { fd, asked in
            #expect(String(decoding: asked, as: UTF8.self) == GraphicsProbe.queries + GraphicsProbe.sentinel)
            Self.send(fd, "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t")
            Self.send(fd, "\u{1B}P>|kitty(0.35.1)\u{1B}\\\u{1B}[?62;22c")
        }
        #expect(answers.kittyGraphics && answers.complete && answers.version == "kitty(0.35.1)")
        #expect(took < 1.5, "returns at the sentinel, not at the deadline")
    }

    @Test func aTerminalThatSaysNothingCostsTheDeadlineOnly() throws {
        let (answers, took) = try probe(timeout: 0.1) { _, _ in }
        #expect(!answers.complete && !answers.kittyGraphics)
        #expect(took >= 0.09 && took < 1)
    }

    @Test func garbageAnswersAreNoAnswers() throws {
        let (answers, _) = try probe(timeout: 0.3) { fd, _ in
            Self.send(fd, "\u{1B}[?\u{1B}_G;;;\u{1B}\\\u{07}\u{1B}Pzz\u{1B}[6;x;yt\u{1B}[?64;4c")
        }
        #expect(answers.complete && answers.sixel && !answers.kittyGraphics && answers.cellWidth == nil)
    }
}
