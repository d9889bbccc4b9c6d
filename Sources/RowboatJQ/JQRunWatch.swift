import CJQ
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What the watchdog sees of one machine's runs, in one atomic word:
/// which input runs, whether it runs, whether the watchdog is halting it
/// and whether the machine is gone (then its jq state is never touched
/// again). An input's start is one store and its end one exchange — no
/// lock an item — and the watchdog halts a run only while it holds the
/// word's halting bit, which the run's end waits out: jq is never
/// halted after the input it was halted for has ended.
final class JQRunWatch: @unchecked Sendable {
    /// The machine's jq state (`jq_state *`), halted from the watchdog's thread.
    private let state: OpaquePointer
    /// The run's number (from bit 3 up), and `running`, `halting`, `gone`.
    private let word = Atomic<UInt64>(0)
    private static let running: UInt64 = 1, halting: UInt64 = 2, gone: UInt64 = 4, one: UInt64 = 8
    /// The bound that halted the run (`code(of:)`; 0: none), set before
    /// the halting bit is let go.
    private let stopped = Atomic<Int>(0)

    /// The watchdog's own view (its thread alone reads and writes these):
    /// the run it last saw, the ticks it has seen it for, and the heap in
    /// use at the second (nil before: most inputs end within a tick, and
    /// reading the heap locks malloc's arenas).
    private var seenRun: UInt64 = .max
    private var ticks = 0
    private var heapAtStart: Int?

    init(state: OpaquePointer) {
        self.state = state
    }

    /// The machine is gone: checked no more.
    var isGone: Bool { word.load(ordering: .acquiring) & Self.gone != 0 }

    /// The machine is let go: once this returns, the watchdog never
    /// touches its state (a halt under way is waited out).
    func machineGone() {
        update { $0 | Self.gone }
    }

    /// An input begins (the machine's thread; no run is going on, so the
    /// watchdog holds no halting bit: a plain store).
    @inline(__always)
    func begin() {
        stopped.store(0, ordering: .relaxed)
        let old = word.load(ordering: .relaxed)
        word.store((old & ~(Self.one - 1)) &+ Self.one | Self.running | (old & Self.gone), ordering: .releasing)
    }

    /// The input ended: the bound that halted it, if one did. After this
    /// the watchdog never halts the run.
    @inline(__always)
    func end() -> JQError.Kind? {
        update { $0 & ~Self.running }
        return Self.kind(stopped.load(ordering: .acquiring))
    }

    /// Sets the word to `change(word)` once no halt is under way.
    @inline(__always)
    private func update(_ change: (UInt64) -> UInt64) {
        var old = word.load(ordering: .relaxed)
        while true {
            if old & Self.halting != 0 {
                sched_yield()
                old = word.load(ordering: .relaxed)
                continue
            }
            let (done, now) = word.compareExchange(expected: old, desired: change(old), ordering: .acquiringAndReleasing)
            if done { return }
            old = now
        }
    }

    /// The watchdog's tick: halts the run when it is past its time or its
    /// memory (its growth from the tick after the one that first saw it).
    /// `heap` reads the heap in use (only when a run is long). True when a
    /// run was going on.
    func check(ticksAllowed: Int, memoryBytes: Int, heap: () -> Int) -> Bool {
        let seen = word.load(ordering: .acquiring)
        guard seen & (Self.gone | Self.running) == Self.running, stopped.load(ordering: .relaxed) == 0 else { return false }
        let run = seen >> 3
        if seenRun != run {
            seenRun = run
            ticks = 0
            heapAtStart = nil
            return true
        }
        ticks += 1
        var bound: JQError.Kind?
        if ticks >= ticksAllowed {
            bound = .overTime
        } else if let start = heapAtStart {
            if heap() - start > memoryBytes { bound = .overMemory }
        } else {
            heapAtStart = heap()
        }
        guard let bound else { return true }
        // The run as seen, still going: held until jq is told (its end waits).
        guard word.compareExchange(expected: seen, desired: seen | Self.halting,
                                   ordering: .acquiringAndReleasing).exchanged else { return true }
        stopped.store(Self.code(of: bound), ordering: .relaxed)
        // jq checks this flag before each instruction: the run returns at
        // its next one (jq 1.6's `halt`, from here).
        rb_jq_halt(state, rb_jv_invalid(), rb_jv_null())
        word.bitwiseAnd(~Self.halting, ordering: .releasing)
        return true
    }

    private static func code(of kind: JQError.Kind) -> Int {
        switch kind {
        case .overTime: 1
        case .overMemory: 2
        default: 3
        }
    }

    private static func kind(_ code: Int) -> JQError.Kind? {
        switch code {
        case 0: nil
        case 1: .overTime
        case 2: .overMemory
        default: .overOutput
        }
    }
}
