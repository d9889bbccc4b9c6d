import CSimdJSON
import RowboatJQ
import RowboatSpec

/// A `{jq:}` field on simdjson's tape: its expression reads named members
/// only (`JQProgram.memberNames`), so its input is made from where the
/// mapper's one walk of the element found them (`TapeItemMapper.locate`,
/// the members among its keys) — strings, numbers, booleans and null
/// straight from the tape, without `JSONNode`'s generic calls — and a
/// string result on a text field takes the tape's text fast path
/// (`TapeItemMapper.plainText`). The value is the one `ItemMapper.value`
/// gives (`TapeRowWriterTests`).
struct TapeJQ: Sendable {
    let program: JQProgram
    /// For each member (in `memberNames`' order), its key's number in the mapper's table.
    let keys: [Int]

    /// (`spec`: the field's number in the mapping, its `FieldSpec` read only
    /// when the result is not a plain text: copied for every item, it
    /// retained the mapping's expression, one object for every core.)
    func value(of object: JSONTapeNode, found: UnsafeMutableBufferPointer<Int>, field: TapeItemMapper.Field,
               spec: Int, mapper: TapeItemMapper) -> FieldValue {
        var coerced: FieldValue?
        _ = program.first(object: { input in
            for (member, key) in keys.enumerated() {
                let at = found[key]
                guard at != 0 else { continue }
                let node = object.node(at)
                switch node.type {
                case UInt8(ascii: "\""): input.set(member, string: node.stringBytes!)
                case UInt8(ascii: "l"): input.set(member, number: Double(Int64(bitPattern: rb_tape_number_bits(node.tape, at))))
                case UInt8(ascii: "d"):
                    // As `JSONValue.decimal` reads it: -0.0 is 0.
                    let number = Double(bitPattern: rb_tape_number_bits(node.tape, at))
                    input.set(member, number: number == 0 ? 0 : number)
                case UInt8(ascii: "t"): input.set(member, bool: true)
                case UInt8(ascii: "f"): input.set(member, bool: false)
                case UInt8(ascii: "n"): input.setNull(member)
                default: input.set(member, node: node)
                }
            }
        }) { output in
            // A text field's string on the tape's fast path, else `ItemMapper`'s rules.
            if field.type == .text, !field.serverText {
                _ = output.withStringBytes { bytes in coerced = mapper.plainText(bytes).map(FieldValue.text) }
                if coerced != nil { return }
            }
            coerced = mapper.mapper.coerce(output.value, to: mapper.mapper.mapping.fields[spec])
        }
        return coerced ?? mapper.fallbacks[spec] ?? .missing
    }
}
