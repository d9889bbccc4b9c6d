import Dispatch
import Foundation
import Synchronization
import Testing
@testable import RowboatJQ
import RowboatSpec

/// `JQProgram.threadDone`: a thread done with an expression gives its
/// machine back, and the next thread runs on that one — a queue whose
/// threads take turns compiles no machine per thread.
@Suite struct JQThreadDoneTests {
    /// Runs `body` on a thread of its own and waits for it.
    func onAThread(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.start()
        done.wait()
    }

    @Test func theNextThreadRunsOnTheMachineGivenBack() throws {
        let program = try JQProgram(".n + 1")
        let item: JSONValue = .object(["n": .int(1)])
        let kept = Mutex<[Int]>([])
        for _ in 0..<3 {
            onAThread {
                #expect(try! program.first(item) == .int(2))
                kept.withLock { $0.append(JQThreadMachines.current.count) }
                program.threadDone()
                kept.withLock { $0.append(JQThreadMachines.current.count) }
            }
        }
        // Each thread kept the one machine while it ran, none after.
        #expect(kept.withLock { $0 } == [1, 0, 1, 0, 1, 0])
        #expect(program.idleMachines == 1)
        // A thread that never ran it gives nothing back.
        onAThread { program.threadDone() }
        #expect(program.idleMachines == 1)
    }
}
