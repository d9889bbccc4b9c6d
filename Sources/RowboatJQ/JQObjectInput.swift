import CJQ
import RowboatSpec

/// An object input made member by member by a reader that knows where
/// the members lie (simdjson's tape, in RowboatParsing), for an
/// expression that reads named members only (`JQProgram.memberNames`):
/// jq is given the same object `JQInput.make(_:members:keys:)` makes,
/// without a walk of the item through `JSONNode`'s generic calls. Member
/// `m` is `memberNames[m]`; its key is the machine's kept jq string.
public struct JQObjectInput {
    var object: jv
    /// The machine's key strings (`JQMachine.withKeys`), valid while the input is made.
    let keys: UnsafeBufferPointer<jv>
    /// The members set (bit m: member m), when the object is one reused
    /// from an item before (its members not set again are deleted).
    var given: UInt64 = 0
    let reused: Bool
    /// Members an object may have to be reused: one bit each in `given`.
    static let mostReused = 64

    /// A fresh object, or `reusing` one (holding members of an item before;
    /// at most `mostReused` keys).
    init(keys: UnsafeBufferPointer<jv>, reusing: jv? = nil) {
        precondition(reusing == nil || keys.count <= Self.mostReused)
        object = reusing ?? rb_jv_object()
        reused = reusing != nil
        self.keys = keys
    }

    @inline(__always)
    mutating func put(_ member: Int, _ value: jv) {
        given |= 1 << UInt64(member & 63)
        object = rb_jv_object_set(object, rb_jv_copy(keys[member]), value)
    }

    /// The object as made: a reused one without the members this item did not set.
    mutating func finished() -> jv {
        if reused {
            for member in keys.indices where given & (1 << UInt64(member)) == 0 {
                object = rb_jv_object_delete(object, rb_jv_copy(keys[member]))
            }
        }
        return object
    }

    /// Member `member` is a string of these bytes (UTF-8, escapes decoded).
    public mutating func set(_ member: Int, string bytes: UnsafeBufferPointer<UInt8>) {
        put(member, JQInput.bytes(bytes))
    }

    /// Member `member` is a number (jq 1.6 holds every number as a double).
    public mutating func set(_ member: Int, number: Double) {
        put(member, rb_jv_number(number))
    }

    public mutating func set(_ member: Int, bool: Bool) {
        put(member, bool ? rb_jv_true() : rb_jv_false())
    }

    public mutating func setNull(_ member: Int) {
        put(member, rb_jv_null())
    }

    /// Member `member` is `node`, whatever it is (an array, an object).
    public mutating func set<Node: JSONNode>(_ member: Int, node: Node) {
        put(member, JQInput.make(node))
    }
}

extension JQProgram {
    /// The members the expression reads, as `JQObjectInput` numbers them;
    /// nil when it reads its input whole.
    public var memberNames: [String]? { members?.names }

    /// Runs the expression on the object `fill` makes of the members it
    /// reads (`memberNames`) and gives its first output to `output`;
    /// false when there was none, or on an error or a bound (as
    /// `value(of:)` is nil then), or when it reads its input whole. Not
    /// generic: called once per item, it costs no type metadata.
    public func first(object fill: (inout JQObjectInput) -> Void, _ output: (JQOutput) -> Void) -> Bool {
        guard let members else { return false }
        var given = false
        do {
            try run(making: { machine in
                machine.withKeys(members) { keys in
                    // The object of the item before last again, when jq has let
                    // it go (its slots and key strings not made and freed per item).
                    let reused = keys.count <= JQObjectInput.mostReused
                    var input = JQObjectInput(keys: keys, reusing: reused ? machine.takeInputObject() : nil)
                    fill(&input)
                    let object = input.finished()
                    if reused { machine.keepInputObject(rb_jv_copy(object)) }
                    return object
                }
            }) { out in
                output(out)
                given = true
                return false
            }
        } catch {
            return false
        }
        return given
    }
}
