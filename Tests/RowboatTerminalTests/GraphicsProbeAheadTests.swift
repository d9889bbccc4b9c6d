#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import RowboatTerminal

/// The start-up questions asked at the process's start, over a real
/// pseudo-terminal with a scripted terminal on the other side: the answers
/// are there when the screen takes them, the settings are put back as they
/// were, and nothing is asked where nothing may be shown.
nonisolated(unsafe) private var signalsSeen = 0

@Suite(.serialized) struct GraphicsProbeAheadTests {
    /// A pty; `terminal` plays the terminal on the master side once the
    /// sentinel has been asked (it gets what was asked).
    final class Pty {
        var master: Int32 = -1, slave: Int32 = -1
        let answered = DispatchSemaphore(value: 0)

        init(terminal: @escaping @Sendable (Int32, [UInt8]) -> Void) throws {
            guard openpty(&master, &slave, nil, nil, nil) == 0 else { throw POSIXError(.EIO) }
            let m = master, done = answered
            Thread {
                var got: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 256)
                while !String(decoding: got, as: UTF8.self).hasSuffix(GraphicsProbe.sentinel) {
                    let n = read(m, &buffer, buffer.count)
                    if n <= 0 { return }
                    got += buffer[0..<n]
                }
                terminal(m, got)
                done.signal()
            }.start()
        }

        deinit { close(master); close(slave) }

        var localFlags: tcflag_t {
            var settings = termios()
            tcgetattr(slave, &settings)
            return settings.c_lflag
        }
    }

    static let terminalEnvironment = ["TERM": "xterm-256color"]

    @Test func theAnswersAreThereWhenTheScreenTakesThem() throws {
        let pty = try Pty { fd, asked in
            #expect(String(decoding: asked, as: UTF8.self) == GraphicsProbe.queries + GraphicsProbe.sentinel)
            GraphicsProbeTests.send(fd, "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;4c")
        }
        let before = pty.localFlags
        #expect(GraphicsProbeAhead.begin(input: pty.slave, output: pty.slave, timeout: 5,
                                         environment: Self.terminalEnvironment))
        #expect(pty.localFlags & tcflag_t(ECHO | ICANON) == 0, "raw while the answers come")
        pty.answered.wait()
        let taken = try #require(GraphicsProbeAhead.take())
        #expect(taken.kittyGraphics && taken.sixel && taken.cellWidth == 10 && taken.complete)
        #expect(pty.localFlags == before, "the settings as they were")
        #expect(GraphicsProbeAhead.take() == nil, "taken once")
    }

    @Test func answersStillToComeAreWaitedForUntilTheDeadline() throws {
        let pty = try Pty { fd, _ in
            usleep(50_000)
            GraphicsProbeTests.send(fd, "\u{1B}[?62;22c")
        }
        #expect(GraphicsProbeAhead.begin(input: pty.slave, output: pty.slave, timeout: 5,
                                         environment: Self.terminalEnvironment))
        let taken = try #require(GraphicsProbeAhead.take())
        #expect(taken.complete, "read up to the sentinel")
    }

    @Test func aTerminalThatSaysNothingCostsTheDeadlineAndLeavesTheAnswersPending() throws {
        let pty = try Pty { _, _ in }
        let before = pty.localFlags
        #expect(GraphicsProbeAhead.begin(input: pty.slave, output: pty.slave, timeout: 0.1,
                                         environment: Self.terminalEnvironment))
        let start = Date()
        let taken = try #require(GraphicsProbeAhead.take())
        #expect(!taken.complete)
        #expect(Date().timeIntervalSince(start) < 1)
        #expect(pty.localFlags == before)
    }

    /// Inside tmux the terminal is asked only once tmux says it passes
    /// pictures on; tmux is asked first (here one that is not there, so
    /// nothing is written to the terminal at all).
    @Test func insideTmuxTheTerminalIsAskedOnlyIfTmuxPassesPicturesOn() throws {
        var master: Int32 = -1, slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0 else { throw POSIXError(.EIO) }
        defer { close(master); close(slave) }
        let environment = ["TERM": "tmux-256color", "TMUX": "/nonexistent/rowboat-test-tmux,1,0"]
        #expect(GraphicsProbeAhead.tmuxPassthrough() == nil, "tmux not asked yet")
        #expect(GraphicsProbeAhead.begin(input: slave, output: slave, environment: environment), "to be asked")
        // take() waits for tmux's answer: anything asked was written before it returns.
        #expect(GraphicsProbeAhead.take() == nil, "tmux said no: nothing asked")
        #expect(GraphicsProbeAhead.tmuxPassthrough() == false)
        var written = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        #expect(poll(&written, 1, 0) == 0, "nothing written to the terminal")
    }

    /// A signal that would end the process while the answers are still
    /// out reads them (none is left for the shell) and puts the settings
    /// back, then goes to the handler it had before (here the test's own,
    /// so the test lives to look).
    @Test func aSignalPutsTheSettingsBackAndGoesOn() throws {
        let pty = try Pty { fd, _ in GraphicsProbeTests.send(fd, "\u{1B}[?62;22c") }
        let before = pty.localFlags
        signalsSeen = 0
        let original = signal(SIGHUP) { _ in signalsSeen += 1 }
        // This thread takes the signal it raises (a worker's mask may block it).
        var hangUp = sigset_t(), mask = sigset_t()
        sigemptyset(&hangUp)
        sigaddset(&hangUp, SIGHUP)
        pthread_sigmask(SIG_UNBLOCK, &hangUp, &mask)
        defer {
            pthread_sigmask(SIG_SETMASK, &mask, nil)
            signal(SIGHUP, original)
        }
        #expect(GraphicsProbeAhead.begin(input: pty.slave, output: pty.slave, timeout: 0.3,
                                         environment: Self.terminalEnvironment))
        #expect(pty.localFlags != before)
        pty.answered.wait()
        raise(SIGHUP)
        #expect(signalsSeen == 1, "the handler before ran")
        #expect(pty.localFlags == before, "the settings as they were")
        // Raw again to count what waits (a canonical terminal counts whole lines only).
        var settings = try #require(GraphicsProbe.rawMode(pty.slave))
        var waiting = Int32(0)
        ioctl(pty.slave, UInt(FIONREAD), &waiting)
        tcsetattr(pty.slave, TCSANOW, &settings)
        #expect(waiting == 0, "the answer read, not left for the shell")
        _ = GraphicsProbeAhead.take()
        raise(SIGHUP)
        #expect(signalsSeen == 2, "the handler before is back once the answers are taken")
    }

    @Test func nothingIsAskedWhereNothingMayBeShown() throws {
        let pty = try Pty { _, _ in }
        #expect(!GraphicsProbeAhead.begin(input: pty.slave, output: pty.slave,
                                          environment: ["TERM": "xterm-256color", "NO_COLOR": "1"]))
        #expect(!GraphicsProbeAhead.begin(input: pty.slave, output: pty.slave, environment: [:]), "no TERM")
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        defer { close(pipeEnds[0]); close(pipeEnds[1]) }
        #expect(!GraphicsProbeAhead.begin(input: pipeEnds[0], output: pipeEnds[1],
                                          environment: Self.terminalEnvironment), "not a terminal")
        #expect(GraphicsProbeAhead.take() == nil)
    }
}
