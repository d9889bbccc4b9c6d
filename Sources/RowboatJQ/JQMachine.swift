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
    /// What the watchdog sees of the input running (an object of its own:
    /// the watchdog holds it, not the machine, so no weak reference puts
    /// the machine's every retain on the runtime's slow path).
    let watch: JQRunWatch

    /// Compiles `program`; nil (and jq's messages) when it does not compile.
    static func compile(_ program: String) -> (JQMachine?, [String]) {
        let messages = JQMessages()
        guard let state = rb_jq_init() else {
            return (nil, [rb_jq_failure().map { String(cString: $0) } ?? "out of memory starting jq"])
        }
        rb_jq_set_error_cb(state, { context, message in
            let sink = Unmanaged<JQMessages>.fromOpaque(context!).takeUnretainedValue()
            sink.lines.append(JQText.message(message))
        }, Unmanaged.passUnretained(messages).toOpaque())
        // jq's compiler keeps state of its own (builtins, Oniguruma's
        // set-up): one compile at a time in the process.
        let compiled = JQMachine.compiling.withLock { _ in rb_jq_compile(state, program) }
        guard compiled != 0 else {
            var doomed: OpaquePointer? = state
            rb_jq_teardown(&doomed)
            return (nil, messages.lines)
        }
        return (JQMachine(state: state, messages: messages), [])
    }

    static let compiling = Mutex(())

    private init(state: OpaquePointer, messages: JQMessages) {
        self.state = state
        self.messages = messages
        watch = JQRunWatch(state: state)
        room = .allocate(capacity: 1)
        room.initialize(to: Room())
    }

    /// What the machine keeps from input to input, behind a pointer: read
    /// and written item after item by the one thread running the machine,
    /// with no exclusivity check of the runtime (a class's stored `var`s
    /// get one at each access: a thread-local lookup).
    private struct Room {
        /// The member names an input is made of, and as jq strings (`withKeys`).
        var memberNames: [String] = []
        var memberKeys = UnsafeMutableBufferPointer<jv>(start: nil, count: 0)
        /// The object inputs of the last two items, kept to be filled
        /// again, in turn (one reference of ours each). jq holds the last
        /// item's until the next input starts (`jq_start` lets go of it
        /// then): the one before is free to fill, and no run ends with a
        /// `jq_start` of its own to let go of its input (16 `jv_free`s an
        /// item in jq 1.6).
        var inputObjects: (jv?, jv?) = (nil, nil)
        /// Which of `inputObjects` the next item takes.
        var nextInput = false
    }
    private let room: UnsafeMutablePointer<Room>

    /// `members`' names as jq strings, made at the first input and kept
    /// (jq's reference counts are not atomic: each machine has its own),
    /// lent as a buffer: no array retained an item.
    @inline(__always)
    func withKeys<R>(_ members: JQMembers, _ body: (UnsafeBufferPointer<jv>) -> R) -> R {
        if room.pointee.memberNames.count != members.names.count || room.pointee.memberNames != members.names { makeKeys(members) }
        return body(UnsafeBufferPointer(room.pointee.memberKeys))
    }

    private func makeKeys(_ members: JQMembers) {
        freeKeys()
        room.pointee.memberNames = members.names
        room.pointee.memberKeys = .allocate(capacity: members.names.count)
        for (at, name) in members.names.enumerated() { (room.pointee.memberKeys.baseAddress! + at).initialize(to: JQInput.string(name)) }
    }

    private func freeKeys() {
        room.pointee.memberKeys.forEach { rb_jv_free($0) }
        room.pointee.memberKeys.deallocate()
        room.pointee.memberKeys = UnsafeMutableBufferPointer(start: nil, count: 0)
    }

    /// The kept input object for this item when only this machine holds
    /// it; nil else (`keepInputObject` is given the one made instead).
    func takeInputObject() -> jv? {
        let taken = room.pointee.nextInput ? room.pointee.inputObjects.1 : room.pointee.inputObjects.0
        if room.pointee.nextInput { room.pointee.inputObjects.1 = nil } else { room.pointee.inputObjects.0 = nil }
        guard let object = taken else { return nil }
        guard rb_jv_get_refcnt(object) == 1 else {
            rb_jv_free(object)
            return nil
        }
        return object
    }

    /// Keeps this item's input object (a reference of ours), for the item after next.
    func keepInputObject(_ object: jv) {
        if room.pointee.nextInput {
            if let old = room.pointee.inputObjects.1 { rb_jv_free(old) }
            room.pointee.inputObjects.1 = object
        } else {
            if let old = room.pointee.inputObjects.0 { rb_jv_free(old) }
            room.pointee.inputObjects.0 = object
        }
        room.pointee.nextInput.toggle()
    }

    deinit {
        // The watchdog lets go of the watch at its next look; it never halts this state again.
        watch.machineGone()
        if let object = room.pointee.inputObjects.0 { rb_jv_free(object) }
        if let object = room.pointee.inputObjects.1 { rb_jv_free(object) }
        freeKeys()
        room.deinitialize(count: 1)
        room.deallocate()
        var doomed: OpaquePointer? = state
        rb_jq_teardown(&doomed)
    }

    /// An input begins: the watchdog times it from here.
    @inline(__always)
    func begin() {
        watch.begin()
        JQWatchdog.shared.wake()
    }

    /// The input ended: the bound that halted it, if one did. After this
    /// the watchdog never halts the run.
    @inline(__always)
    func end() -> JQError.Kind? { watch.end() }
}

/// The lines jq's error callback gave (a class: the callback's context).
final class JQMessages: @unchecked Sendable {
    var lines: [String] = []
}
