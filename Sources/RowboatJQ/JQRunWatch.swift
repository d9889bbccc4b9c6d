import CJQ
import Synchronization

/// What the watchdog sees of one machine's runs, under one lock: which
/// input runs and since which tick, the heap when it was first seen, the
/// bound that halted it — and whether the machine is gone (then its jq
/// state is never touched again).
final class JQRunWatch: @unchecked Sendable {
    /// The machine's jq state (`jq_state *`), halted from the watchdog's thread.
    private let state: OpaquePointer
    private let watch = Mutex(Watch())

    /// The watchdog's view of one machine.
    struct Watch {
        /// Which input: one more each time one begins.
        var run: UInt64 = 0
        var running = false
        /// The run the watchdog last saw, the ticks it has seen it for,
        /// and the heap in use at the second (nil before: most inputs end
        /// within a tick, and reading the heap locks malloc's arenas).
        var seenRun: UInt64 = 0
        var ticks = 0
        var heapAtStart: Int?
        /// The bound that halted this run, if one did.
        var stopped: JQError.Kind?
        /// The machine was let go (its state torn down after this is set).
        var gone = false
    }

    init(state: OpaquePointer) {
        self.state = state
    }

    /// The machine is gone: checked no more.
    var isGone: Bool { watch.withLock { $0.gone } }

    func machineGone() {
        watch.withLock { $0.gone = true }
    }

    @inline(__always)
    func begin() {
        watch.withLock { w in
            w.run &+= 1
            w.running = true
            w.stopped = nil
        }
    }

    @inline(__always)
    func end() -> JQError.Kind? {
        watch.withLock { w in
            w.running = false
            return w.stopped
        }
    }

    /// The watchdog's tick: halts the run when it is past its time or its
    /// memory (its growth from the tick after the one that first saw it).
    /// `heap` reads the heap in use (only when a run is long). True when a
    /// run was going on.
    func check(ticksAllowed: Int, memoryBytes: Int, heap: () -> Int) -> Bool {
        watch.withLock { w in
            guard !w.gone, w.running, w.stopped == nil else { return false }
            if w.seenRun != w.run {
                w.seenRun = w.run
                w.ticks = 0
                w.heapAtStart = nil
                return true
            }
            w.ticks += 1
            var bound: JQError.Kind?
            if w.ticks >= ticksAllowed {
                bound = .overTime
            } else if let start = w.heapAtStart {
                if heap() - start > memoryBytes { bound = .overMemory }
            } else {
                w.heapAtStart = heap()
            }
            if let bound {
                // jq checks this flag before each instruction: the run
                // returns at its next one (jq 1.6's `halt`, from here).
                w.stopped = bound
                jq_halt(state, jv_invalid(), jv_null())
            }
            return true
        }
    }
}
