import CJQ
import RowboatSpec

/// A JSON value made into jq's (`jv`): any `JSONNode`, a tree or a place
/// on simdjson's tape. Numbers become doubles, as jq 1.6 holds every
/// number (an id past 2^53 loses digits inside jq: keep such ids on a
/// path, where they stay exact).
enum JQInput {
    static func make<Node: JSONNode>(_ node: Node) -> jv {
        // Bytes where the node has them (simdjson's tape): no `String` made.
        if let string = node.withStringBytes(bytes) { return string }
        var members: jv?
        if node.forEachMemberBytes({ key, value in
            members = rb_jv_object_set(members ?? rb_jv_object(), bytes(key), make(value))
        }) {
            return members ?? rb_jv_object()
        }
        if let scalar = node.wholeScalar { return make(scalar) }
        if let elements = node.elements {
            var array = rb_jv_array()
            for element in elements { array = rb_jv_array_append(array, make(element)) }
            return array
        }
        var object = rb_jv_object()
        let ordered = node.forEachOrderedMember { key, value in
            object = rb_jv_object_set(object, string(key), make(value))
            return true
        }
        if !ordered {
            for key in node.memberKeys ?? [] {
                if let value = node.member(key) { object = rb_jv_object_set(object, string(key), make(value)) }
            }
        }
        return object
    }

    /// `node` with only the members `members` names, when it is an object
    /// (what the expression reads: it gives the same results); else whole.
    /// `keys` are those names as jq strings (not consumed: each member
    /// set takes a reference of its own).
    static func make<Node: JSONNode>(_ node: Node, members: JQMembers, keys: UnsafeBufferPointer<jv>) -> jv {
        var object: jv?
        if node.forEachMemberBytes({ key, value in
            guard let at = members.index(of: key) else { return }
            object = rb_jv_object_set(object ?? rb_jv_object(), rb_jv_copy(keys[at]), make(value))
        }) {
            return object ?? rb_jv_object()
        }
        guard node.memberKeys != nil else { return make(node) }
        var built = rb_jv_object()
        for (at, name) in members.names.enumerated() {
            if let value = node.member(name) { built = rb_jv_object_set(built, rb_jv_copy(keys[at]), make(value)) }
        }
        return built
    }

    static func make(_ value: JSONValue) -> jv {
        switch value {
        case .null: return rb_jv_null()
        case .bool(let b): return b ? rb_jv_true() : rb_jv_false()
        case .int(let i): return rb_jv_number(Double(i))
        case .double(let d): return rb_jv_number(d)
        case .numberText(let t): return rb_jv_number(Double(t) ?? .nan)
        case .string(let s): return string(s)
        case .array(let items):
            var array = rb_jv_array()
            for item in items { array = rb_jv_array_append(array, make(item)) }
            return array
        case .object(let members):
            var object = rb_jv_object()
            for (key, item) in members { object = rb_jv_object_set(object, string(key), make(item)) }
            return object
        }
    }

    static func bytes(_ utf8: UnsafeBufferPointer<UInt8>) -> jv {
        guard let base = utf8.baseAddress, !utf8.isEmpty else { return rb_jv_string("") }
        return base.withMemoryRebound(to: CChar.self, capacity: utf8.count) { rb_jv_string_sized($0, Int32(utf8.count)) }
    }

    static func string(_ text: String) -> jv {
        var text = text
        if text.isEmpty { return rb_jv_string("") }
        return text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { rb_jv_string_sized($0.baseAddress, Int32(bytes.count)) }
        }
    }
}
