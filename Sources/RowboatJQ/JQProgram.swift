import CJQ
import RowboatSpec
import Synchronization

/// A jq expression compiled once (libjq 1.6, the jq people know), run on
/// one input at a time from any thread: each thread runs a compiled
/// `jq_state` of its own (jq's state is not shared between threads), kept
/// by the thread (`JQThreadMachines`) or, past that, lent by a small pool. Every input runs within `JQLimits`: a watchdog halts
/// one past its time or memory, outputs past their size stop it, and
/// after `failuresBeforeOff` such bounds the expression is off (`off`
/// says why, in one line). jq never prints: its messages come through
/// its error callback, and `stderr`, `debug`, `input`, `env` and `$ENV`
/// are defined away (an expression reads its input and nothing else).
public final class JQProgram: Sendable, CustomStringConvertible {
    /// The expression as written.
    public let source: String
    public let limits: JQLimits
    /// What it reads of its input (`JQReads.of(source)`): an item is
    /// given to jq with those members alone.
    public let reads: JQReads
    /// `reads`' members as bytes, nil when it reads the input whole.
    let members: JQMembers?
    /// What is compiled: `source` behind the guards (`JQProgram.guarded`).
    let compiled: String
    private let idle: Mutex<[JQMachine]>
    /// A number no other program in the process has, and whether this one
    /// lives: what a thread's kept machines are found by (`JQThreadMachines`).
    let serial = JQProgram.serials.add(1, ordering: .relaxed).newValue
    let life = Life()
    private static let serials = Atomic<Int>(0)

    /// Whether a program lives, for the threads that keep its machines.
    final class Life: Sendable {
        private let living = Atomic<Bool>(true)
        var alive: Bool { living.load(ordering: .relaxed) }
        func end() { living.store(false, ordering: .relaxed) }
    }
    private let bounds = Atomic<Int>(0)
    private let offReason = Mutex<JQError?>(nil)
    /// Whether `offReason` is set: read with no lock, item after item.
    private let isOff = Atomic<Bool>(false)

    /// Compiles `source`; a syntax or compile error is jq's first message,
    /// one line (`syntax error, unexpected $end at line 1`).
    public init(_ source: String, limits: JQLimits = .standard) throws(JQError) {
        self.source = source
        self.limits = limits
        guard !source.utf8.contains(0) else { throw JQError(.syntax, "a jq expression cannot hold a NUL") }
        compiled = Self.guarded(source, limits: limits)
        reads = JQReads.of(source)
        members = JQMembers(reads)
        // The guarded text first (each compile is about 15 ms: jq 1.6 compiles its builtins each time).
        // The expression alone only when that fails — jq's message then quotes what was written — or
        // when it names what the guards define, which jq alone would refuse.
        let (machine, guardMessages) = JQMachine.compile(compiled)
        if machine == nil || Self.guardNames.contains(where: source.contains) {
            let (alone, messages) = JQMachine.compile(source)
            guard alone != nil else {
                throw JQError(.syntax, messages.first { !$0.hasSuffix("compile error") && !$0.hasSuffix("compile errors") }
                              ?? messages.first ?? "the jq expression does not compile")
            }
        }
        guard let machine else {
            throw JQError(.syntax, guardMessages.first ?? "the jq expression does not compile")
        }
        JQWatchdog.shared.watch(machine, limits: limits)
        idle = Mutex([machine])
    }

    /// `program`'s expression compiled again, for a user on another core
    /// (nothing of `program` shared, not even a reference count): the
    /// guarded text alone — `program` showed that the expression compiles
    /// on its own (one jq compile, about 15 ms, less).
    public init(copying program: JQProgram) {
        source = program.source
        limits = program.limits
        reads = program.reads
        members = program.members
        compiled = program.compiled
        let (machine, _) = JQMachine.compile(compiled)
        guard let machine else { fatalError("a jq program that compiled once did not compile again") }
        JQWatchdog.shared.watch(machine, limits: limits)
        idle = Mutex([machine])
    }

    deinit { life.end() }

    public var description: String { source }

    /// `source` behind definitions that keep jq to its input: jq 1.6's
    /// `stderr` writes to the process's stderr, `input`/`inputs` would read
    /// the process's stdin, `env` and `$ENV` the environment (secrets);
    /// and `*` repeating a string past the output bound is an error (jq
    /// repeats in C, where the watchdog cannot halt it); `halt` ends the
    /// input's results (the watchdog alone halts jq). On one line, so
    /// a runtime error's line numbers are the expression's.
    /// Names the guards define that jq 1.6 alone does not.
    static let guardNames = ["_rowboat_times", "_multiply"]

    static func guarded(_ source: String, limits: JQLimits) -> String {
        let most = limits.repeatLimit
        return "def stderr: .; def debug: .; def input: error(\"jq input is not available here\"); "
            + "def inputs: empty; def env: {}; def input_filename: null; "
            + "def halt: empty; def halt_error: error(tostring); def halt_error($code): error(tostring); "
            + "def _rowboat_times(a; b): a * b; "
            + "def _multiply(a; b): b as $b | a as $a | if ($a | type) == \"string\" and ($b | type) == \"number\" "
            + "and _rowboat_times($a | length; $b) > \(most) then error(\"a string of more than \(most) bytes "
            + "(the limit)\") elif ($a | type) == \"number\" and ($b | type) == \"string\" "
            + "and _rowboat_times($b | length; $a) > \(most) then error(\"a string of more than \(most) bytes "
            + "(the limit)\") else _rowboat_times($a; $b) end; "
            // `$ENV` is bound only where it may be named: binding it makes an object per input.
            + (source.contains("ENV") ? "{} as $ENV | " : "") + "(\n" + source + "\n)"
    }

    /// Why the expression is off (it hit its bounds too often), or nil.
    public var off: JQError? {
        guard isOff.load(ordering: .acquiring) else { return nil }
        return offReason.withLock { $0 }
    }

    /// Runs the expression on `input`, calling `body` with each output
    /// until it returns false. Throws the first runtime error or bound
    /// (outputs before it were given).
    public func run<Node: JSONNode>(_ input: Node, _ body: (JQOutput) -> Bool) throws(JQError) {
        try run(input, members: members, body)
    }

    /// `run` given the members `reads` names (the whole input for `.whole`).
    func run<Node: JSONNode>(_ input: Node, reading reads: JQReads, _ body: (JQOutput) -> Bool) throws(JQError) {
        try run(input, members: JQMembers(reads), body)
    }

    private func run<Node: JSONNode>(_ input: Node, members: JQMembers?, _ body: (JQOutput) -> Bool) throws(JQError) {
        guard let members else { return try run(jv: JQInput.make(input), body) }
        // The machine's own key strings: made once, each item takes a reference.
        try run(making: { machine in machine.withKeys(members) { JQInput.make(input, members: members, keys: $0) } }, body)
    }

    /// `run` on a JSON text (one item as `fetch --format jsonl` writes it).
    public func run(json text: String, _ body: (JQOutput) -> Bool) throws(JQError) {
        var text = text
        let parsed = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { rb_jv_parse_sized($0.baseAddress, Int32(bytes.count)) }
        }
        guard rb_jv_get_kind(parsed) != JV_KIND_INVALID else {
            throw JQError(.runtime, "not JSON: " + JQText.message(rb_jv_invalid_get_msg(parsed)))
        }
        try run(jv: parsed, body)
    }

    /// The first output as a value (an array or object as its JSON
    /// text), nil when there is none; a runtime error or a bound is thrown.
    public func first<Node: JSONNode>(_ input: Node) throws(JQError) -> JSONValue? {
        var found: JSONValue?
        try run(input) { output in
            found = output.value
            return false
        }
        return found
    }

    /// True when the first output is neither `false` nor `null`: a row a
    /// condition keeps (`select(.price > 100)` gives the row, `.price > 100`
    /// gives true; no output keeps nothing).
    public func keeps<Node: JSONNode>(_ input: Node) throws(JQError) -> Bool {
        var kept = false
        try run(input) { output in
            kept = output.isTruthy
            return false
        }
        return kept
    }

    func run(jv input: jv, _ body: (JQOutput) -> Bool) throws(JQError) {
        if let reason = off {
            rb_jv_free(input)
            throw reason
        }
        try run(making: { _ in input }, body)
    }

    /// Runs the expression on the input `make` builds with the machine it
    /// is given (nothing is built when the expression is off). jq lets go
    /// of the input at the machine's next input.
    func run(making make: (JQMachine) -> jv, _ body: (JQOutput) -> Bool) throws(JQError) {
        if let reason = off { throw reason }
        // The thread's own machine, else one from the pool (kept by the thread after).
        let mine = JQThreadMachines.current
        let machine = mine.take(for: self) ?? idle.withLock { $0.popLast() } ?? spare()
        defer {
            if !mine.give(machine, for: self) { idle.withLock { $0.append(machine) } }
        }
        let input = make(machine)
        machine.begin()
        rb_jq_start(machine.state, input, 0)
        var given = 0
        var failure: JQError?
        while true {
            let output = rb_jq_next(machine.state)
            let kind = rb_jv_get_kind(output)
            if kind == JV_KIND_INVALID {
                if let bound = machine.end() {
                    rb_jv_free(output)
                    failure = boundError(bound)
                    // What the halted run built is given back now, not at the next input.
                    rb_jq_start(machine.state, rb_jv_null(), 0)
                } else if rb_jv_invalid_has_msg(rb_jv_copy(output)) != 0 {
                    failure = JQError(.runtime, JQText.message(rb_jv_invalid_get_msg(output)))
                } else {
                    rb_jv_free(output)
                }
                break
            }
            given += 1
            // A string's length, read once: the bound and the output's bytes.
            let length = kind == JV_KIND_STRING ? Int(rb_jv_string_length_bytes(rb_jv_copy(output))) : 0
            if given > limits.outputs || length > limits.outputBytes {
                rb_jv_free(output)
                _ = machine.end()
                failure = boundError(.overOutput)
                break
            }
            let more = body(JQOutput(value: output, kind: kind, stringBytes: length, limit: limits.outputBytes))
            rb_jv_free(output)
            if !more {
                _ = machine.end()
                break
            }
        }
        if let failure {
            if failure.isBound { countBound(failure) }
            throw failure
        }
    }

    /// This thread is done with the expression for now (a batch of rows
    /// written): the machine it kept goes back to the pool, for whichever
    /// thread runs the expression next — the threads of a dispatch queue
    /// take turns, and each new one would compile a machine of its own
    /// (about 15 ms, one compile at a time in the process).
    public func threadDone() {
        guard let machine = JQThreadMachines.current.release(for: self) else { return }
        idle.withLock { $0.append(machine) }
    }

    /// Machines in the pool (for tests).
    var idleMachines: Int { idle.withLock { $0.count } }

    /// A machine for a thread that found none idle: the guarded program
    /// compiled again (it compiled once, so it compiles).
    private func spare() -> JQMachine {
        let (machine, _) = JQMachine.compile(compiled)
        guard let machine else { fatalError("a jq program that compiled once did not compile again") }
        JQWatchdog.shared.watch(machine, limits: limits)
        return machine
    }

    func boundError(_ kind: JQError.Kind) -> JQError {
        switch kind {
        case .overTime: JQError(.overTime, "jq stopped: over \(Self.seconds(limits.seconds)) on one item (the limit)")
        case .overMemory: JQError(.overMemory, "jq stopped: over \(limits.memoryBytes >> 20) MB on one item (the limit)")
        default: JQError(.overOutput, "jq stopped: a result over \(limits.outputBytes) bytes or \(limits.outputs) "
                         + "results on one item (the limit)")
        }
    }

    private func countBound(_ failure: JQError) {
        let count = bounds.add(1, ordering: .relaxed).newValue
        guard count >= limits.failuresBeforeOff else { return }
        offReason.withLock { reason in
            if reason == nil {
                reason = JQError(.off, "jq expression off after \(count) items past its limits; the last: \(failure.message)")
                isOff.store(true, ordering: .releasing)
            }
        }
    }

    static func seconds(_ s: Double) -> String {
        s < 1 ? "\(Int((s * 1000).rounded())) ms" : "\(s) s"
    }
}
