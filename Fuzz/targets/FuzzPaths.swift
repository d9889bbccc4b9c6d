import Foundation
import RowboatSpec
import RowboatParsing

// libFuzzer target: the path parser (quoted keys, negative indices, [*]),
// path matching, key order on simdjson's tape, response framing (anti-XSSI
// prefixes, NDJSON) and list finding. The first line is a path, the rest a
// response body. Paths must round-trip through their canonical text;
// matches must be concrete and lead back to their values; keyed lists must
// hold every key of the object once.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPaths(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let newline = bytes.firstIndex(of: 0x0A) ?? bytes.count
    let pathText = String(decoding: bytes[..<newline], as: UTF8.self)
    let body = Array(bytes[min(newline + 1, bytes.count)...])

    guard let path = JSONPath(pathText) else { return 0 }
    let canonical = JSONPath(steps: path.steps)
    // (Quoting can make the canonical text longer than the longest path read.)
    if canonical.description.utf8.count <= JSONPath.maxLength {
        require(JSONPath(canonical.description)?.steps == path.steps,
                "canonical text \(canonical.description.debugDescription) does not read back as \(path.steps)")
    }
    if path.hasWildcard { require(!path.prefixBeforeWildcard.hasWildcard, "a prefix before [*] holds [*]") }

    // NDJSON lines never crash; each kept line is a value.
    _ = try? ResponseFraming.parseLines(body[...])

    let text = ResponseFraming.strippingPrefix(body)
    guard let root = try? JSONValue.parse(Data(text)) else { return 0 }
    for match in path.matches(in: root) {
        for step in match.steps {
            switch step {
            case .wildcard: fatalError("a match with [*] in its steps")
            case .index(let i): require(i >= 0, "a match with a negative index")
            case .key: break
            }
        }
        require(JSONPath(steps: match.steps).lookup(in: root) == match.value, "a match does not lead to its value")
        if case .object(let object) = match.value, let keys = orderedKeys(at: match.steps, in: text) {
            require(Set(keys).count == keys.count, "the tape's key order repeats a key")
            // Without escapes the tape reads keys exactly as the decoder does.
            if !text.contains(UInt8(ascii: "\\")) {
                require(Set(keys) == Set(object.keys), "the tape's key order \(keys) is not the object's keys \(object.keys.sorted())")
            }
        }
    }
    for keyed in [false, true] {
        var shape = ResponseShape(listPath: path)
        shape.keyed = keyed
        guard let elements = try? ListElements.find(in: root, shape: shape) else { continue }
        if keyed, !path.hasWildcard, case .object(let object)? = path.lookup(in: root) {
            require(elements.count == object.count, "a keyed list lost or repeated items")
            require(Set(elements.compactMap(\.key)) == Set(object.keys), "a keyed list has other keys")
        }
        for element in elements { require(!element.label.isEmpty, "an element without a label") }
    }
    return 0
}

/// The keys of the object at `steps` in `text` in the order simdjson's tape
/// keeps them (what keyed lists are read in); nil where there is none.
func orderedKeys(at steps: [JSONPath.Step], in text: ArraySlice<UInt8>) -> [String]? {
    try? JSONTape.withDocument(text) { (root: JSONTapeNode) throws(Never) in
        JSONPath(steps: steps).find(in: root)?.memberKeys
    }
}
