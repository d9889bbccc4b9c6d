import CJQ
import Synchronization

/// One compiled `jq_state` and the messages jq gave it: used by one thread
/// at a time (a `JQProgram` lends it out), watched by `JQWatchdog` while
/// an input runs.
final class JQMachine: @unchecked Sendable {
    /// jq's state (`jq_state *`).
    let state: OpaquePointer
    /// What jq's error callback said (never jq's own printing to stderr).
    let messages: JQMessages
    /// What the watchdog sees of the input running, under one lock.
    let watch = Mutex(Watch())

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
    }

    /// Compiles `program`; nil (and jq's messages) when it does not compile.
    static func compile(_ program: String) -> (JQMachine?, [String]) {
        let messages = JQMessages()
        guard let state = jq_init() else { return (nil, ["out of memory starting jq"]) }
        jq_set_error_cb(state, { context, message in
            let sink = Unmanaged<JQMessages>.fromOpaque(context!).takeUnretainedValue()
            sink.lines.append(JQText.message(message))
        }, Unmanaged.passUnretained(messages).toOpaque())
        // jq's compiler keeps state of its own (builtins, Oniguruma's
        // set-up): one compile at a time in the process.
        let compiled = JQMachine.compiling.withLock { _ in jq_compile(state, program) }
        guard compiled != 0 else {
            var doomed: OpaquePointer? = state
            jq_teardown(&doomed)
            return (nil, messages.lines)
        }
        return (JQMachine(state: state, messages: messages), [])
    }

    static let compiling = Mutex(())

    private init(state: OpaquePointer, messages: JQMessages) {
        self.state = state
        self.messages = messages
    }

    /// The member names an input is made of, and as jq strings (`keys(_:)`).
    private var memberNames: [String] = []
    private var memberKeys: [jv] = []

    /// `members`' names as jq strings, made at the first input and kept
    /// (jq's reference counts are not atomic: each machine has its own).
    func keys(_ members: JQMembers) -> [jv] {
        if memberNames != members.names {
            memberKeys.forEach(jv_free)
            memberNames = members.names
            memberKeys = members.names.map(JQInput.string)
        }
        return memberKeys
    }

    /// The object input of the last item, kept to be filled again (one
    /// reference of ours; jq's is dropped at the run's end: `releasing`).
    private var inputObject: jv?

    /// The kept input object when only this machine holds it; nil else.
    func takeInputObject() -> jv? {
        guard let object = inputObject else { return nil }
        inputObject = nil
        guard jv_get_refcnt(object) == 1 else {
            jv_free(object)
            return nil
        }
        return object
    }

    func keepInputObject(_ object: jv) {
        if let old = inputObject { jv_free(old) }
        inputObject = object
    }

    deinit {
        if let inputObject { jv_free(inputObject) }
        memberKeys.forEach(jv_free)
        var doomed: OpaquePointer? = state
        jq_teardown(&doomed)
    }

    /// An input begins: the watchdog times it from here.
    @inline(__always)
    func begin() {
        watch.withLock { w in
            w.run &+= 1
            w.running = true
            w.stopped = nil
        }
        JQWatchdog.shared.wake()
    }

    /// The input ended: the bound that halted it, if one did. After this
    /// the watchdog never halts the run.
    @inline(__always)
    func end() -> JQError.Kind? {
        watch.withLock { w in
            w.running = false
            return w.stopped
        }
    }

    /// The watchdog's tick: halts the run when it is past its time or its
    /// memory (its growth from the tick after the one that first saw it).
    /// `heap` reads the heap in use (only when a run is long).
    func check(ticksAllowed: Int, memoryBytes: Int, heap: () -> Int) -> Bool {
        watch.withLock { w in
            guard w.running, w.stopped == nil else { return false }
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

/// The lines jq's error callback gave (a class: the callback's context).
final class JQMessages: @unchecked Sendable {
    var lines: [String] = []
}
