import CJQ
import Foundation
import RowboatProcess
import Synchronization

/// One thread that watches every running jq input: each tick it halts an
/// input past its time or memory (`JQMachine.check`). It sleeps while no
/// input runs (idle CPU stays at zero) and an input's start wakes it.
final class JQWatchdog: Sendable {
    static let shared = JQWatchdog()

    /// How often it looks.
    static let tick = 0.005

    private struct Watched {
        let watch: JQRunWatch
        let ticksAllowed: Int
        let memoryBytes: Int
    }

    private let watched = Mutex<[Watched]>([])
    private let started = Atomic<Bool>(false)
    private let parked = Atomic<Bool>(false)
    private let bell = DispatchSemaphore(value: 0)

    /// Watches `machine` with `limits` from now on (for as long as it lives).
    func watch(_ machine: JQMachine, limits: JQLimits) {
        let ticks = max(1, Int((limits.seconds / Self.tick).rounded(.up)))
        watched.withLock { $0.append(Watched(watch: machine.watch, ticksAllowed: ticks, memoryBytes: limits.memoryBytes)) }
        if !started.exchange(true, ordering: .acquiringAndReleasing) {
            let thread = Thread { [self] in
                // Named by itself, as `UIThread` names its thread (15 bytes at most).
                ThreadName.setCurrent("rowboat-jqwatch")
                loop()
            }
            thread.stackSize = 1 << 18
            thread.start()
        }
    }

    /// An input begins: wakes the thread if it sleeps.
    @inline(__always)
    func wake() {
        if parked.load(ordering: .relaxed), parked.exchange(false, ordering: .acquiringAndReleasing) {
            bell.signal()
        }
    }

    /// The heap in use: what `malloc` has handed out, in arenas and mapped.
    static func heap() -> Int {
        let info = mallinfo2()
        return Int(info.uordblks) + Int(info.hblkhd)
    }

    private func loop() {
        var idleTicks = 0
        while true {
            usleep(useconds_t(Self.tick * 1_000_000))
            if scan() {
                idleTicks = 0
                continue
            }
            idleTicks += 1
            guard idleTicks >= 200 else { continue }
            // A second with nothing running: sleep until an input begins.
            parked.store(true, ordering: .sequentiallyConsistent)
            if scan(), parked.exchange(false, ordering: .acquiringAndReleasing) {
                idleTicks = 0
                continue
            }
            bell.wait()
            idleTicks = 0
        }
    }

    /// One look at every machine; true when one was running.
    private func scan() -> Bool {
        let list = watched.withLock { list in
            list.removeAll { $0.watch.isGone }
            return list
        }
        var any = false
        var heap: Int?
        for entry in list {
            if entry.watch.check(ticksAllowed: entry.ticksAllowed, memoryBytes: entry.memoryBytes,
                             heap: { if heap == nil { heap = Self.heap() }; return heap! }) {
                any = true
            }
        }
        return any
    }
}
