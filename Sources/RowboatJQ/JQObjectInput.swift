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
    let keys: [jv]

    init(keys: [jv]) {
        object = jv_object()
        self.keys = keys
    }

    @inline(__always)
    mutating func put(_ member: Int, _ value: jv) {
        object = jv_object_set(object, jv_copy(keys[member]), value)
    }

    /// Member `member` is a string of these bytes (UTF-8, escapes decoded).
    public mutating func set(_ member: Int, string bytes: UnsafeBufferPointer<UInt8>) {
        put(member, JQInput.bytes(bytes))
    }

    /// Member `member` is a number (jq 1.6 holds every number as a double).
    public mutating func set(_ member: Int, number: Double) {
        put(member, jv_number(number))
    }

    public mutating func set(_ member: Int, bool: Bool) {
        put(member, bool ? jv_true() : jv_false())
    }

    public mutating func setNull(_ member: Int) {
        put(member, jv_null())
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
                var input = JQObjectInput(keys: machine.keys(members))
                fill(&input)
                return input.object
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
