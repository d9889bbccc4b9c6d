#if canImport(Glibc)
import Glibc
#endif

/// The jq machines one thread keeps, one per program it ran lately: a
/// thread that runs a program item after item takes the same machine
/// each time without a lock, and the machine's memory (its key strings,
/// its stack, its watch) stays in that core's cache — shared through one
/// pool, two threads writing rows at once bounced every machine between
/// their cores. At most `most` are kept a thread; a machine of a program
/// that is gone is let go at the thread's next keeping.
final class JQThreadMachines {
    static let most = 4

    private struct Kept {
        /// Its program's `serial` (no reference: a weak one would put every
        /// retain of the program on the runtime's slow path).
        let program: Int
        /// Whether the program still lives.
        let life: JQProgram.Life
        let machine: JQMachine
        var busy: Bool
    }

    /// The machines kept, behind a pointer: only this thread touches them,
    /// so no exclusivity check of the runtime at each access (a
    /// thread-local lookup, as a class's stored `var` gets).
    private var kept: [Kept] {
        unsafeAddress { UnsafePointer(keptRoom) }
        unsafeMutableAddress { keptRoom }
    }
    private let keptRoom: UnsafeMutablePointer<[Kept]> = {
        let room = UnsafeMutablePointer<[Kept]>.allocate(capacity: 1)
        room.initialize(to: [])
        return room
    }()

    deinit {
        keptRoom.deinitialize(count: 1)
        keptRoom.deallocate()
    }

    /// How many machines this thread keeps.
    var count: Int { kept.count }

    /// This thread's machines (made at its first use, released when it ends).
    static var current: JQThreadMachines {
        if let raw = pthread_getspecific(key) { return Unmanaged<JQThreadMachines>.fromOpaque(raw).takeUnretainedValue() }
        let made = JQThreadMachines()
        pthread_setspecific(key, Unmanaged.passRetained(made).toOpaque())
        return made
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { raw in
            guard let raw else { return }
            Unmanaged<JQThreadMachines>.fromOpaque(raw).release()
        }
        return key
    }()

    /// This thread's idle machine for `program`, marked busy; nil when it
    /// keeps none (or its one is busy: `program` runs inside itself).
    func take(for program: JQProgram) -> JQMachine? {
        let serial = program.serial
        for at in kept.indices where kept[at].program == serial && !kept[at].busy {
            kept[at].busy = true
            return kept[at].machine
        }
        return nil
    }

    /// This thread's idle machine for `program`, no longer kept (for the
    /// program's pool); nil when it keeps none idle.
    func release(for program: JQProgram) -> JQMachine? {
        let serial = program.serial
        guard let at = kept.firstIndex(where: { $0.program == serial && !$0.busy }) else { return nil }
        return kept.remove(at: at).machine
    }

    /// `machine` is idle again; false when this thread does not keep it
    /// and has no room for it (it goes back to the program's pool then).
    func give(_ machine: JQMachine, for program: JQProgram) -> Bool {
        if let at = kept.firstIndex(where: { $0.machine === machine }) {
            kept[at].busy = false
            return true
        }
        kept.removeAll { !$0.life.alive }
        guard kept.count < Self.most else { return false }
        kept.append(Kept(program: program.serial, life: program.life, machine: machine, busy: false))
        return true
    }
}
