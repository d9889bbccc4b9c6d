import Foundation
import RowboatSpec
import RowboatParsing

// libFuzzer target: template filling for `run` and `request` actions, from a
// server's value to what a program or a server gets. The input is split at
// 0x1E: the first part a template, the others values v0, v1, … (any text).
// Each value goes through the mapping as a server would send it (a JSON
// string, an exact hidden field, `ActionFields.value`) and must come back
// exactly. Then the template is filled as program arguments (each value
// byte for byte; refused only for a NUL or past the system's limit), as
// standard input (exact bytes), as a request path (values decode back
// exactly, one segment each, the path stays on the server), and as a JSON
// body string (reads back the same text).
let names = (0..<8).map { "v\($0)" }

/// A mapping that keeps each field's server text (no null strings: the
/// values are arbitrary text).
let mapping = ActionFields.adding(names, to: ItemMapping(fields: names.map { FieldSpec(name: $0, path: JSONPath($0)!) },
                                                         nullStrings: []))

let fixedTemplates = ["${item.v0}", "pre-${item.v0}-${item.v1}", "${marked.v0}", "/x/${item.v0}/y?q=${item.v1}&r=${item.v2}",
                      "/${item.v0}", "${item.v1}${item.v0}"].map { try! Template($0) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplates(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let parts = UnsafeBufferPointer(start: data, count: size).split(separator: 0x1E, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    let values = Array(parts.dropFirst().prefix(names.count)) + Array(repeating: "", count: max(0, names.count - parts.count + 1))

    // The server's values through the mapping, back exactly.
    let element = JSONValue.object(Dictionary(uniqueKeysWithValues: zip(names, values.map(JSONValue.string))))
    guard let item = try? ItemMapper(mapping: mapping).map(element, index: 0, listPath: JSONPath(steps: [])) else {
        require(false, "an element with only string fields did not map")
        return 0
    }
    let row = RowModelBuilder(mapping: mapping).row(for: item)
    for (name, value) in zip(names, values) {
        let back = ActionFields.value(of: row, name)
        require(back == (value.isEmpty ? nil : value), "\(name) came back as \(String(describing: back)), not \(value.debugDescription)")
    }

    let value = { (p: Template.Placeholder) throws(TemplateFill.Problem) -> TemplateFill.Value in
        guard let i = names.firstIndex(of: p.name) else { throw TemplateFill.Problem("no \(p.name)") }
        return p.namespace == .marked ? .many([.one(values[i]), .one(values[i])]) : .one(values[i])
    }
    let given = parts.first.flatMap { try? Template($0) }
    for template in (given.map { [$0] } ?? []) + fixedTemplates {
        guard template.placeholders.allSatisfy({ names.contains($0.name) && [.item, .marked].contains($0.namespace) }) else { continue }
        // What each placeholder stands for, put in as it is.
        let plain = template.render { (p: Template.Placeholder, _: String) throws(Never) -> String in
            let v = values[names.firstIndex(of: p.name)!]
            return p.namespace == .marked ? "\(v),\(v)" : v
        }
        let sole = template.soleValue.map { $0.namespace == .marked } ?? false
        let expected = sole ? [values[names.firstIndex(of: template.soleValue!.name)!]] : [plain]
        let wanted = sole ? expected + expected : expected

        do {
            let arguments = try TemplateFill.arguments(template, value: value)
            require(arguments == wanted, "arguments changed: \(arguments.map(\.debugDescription)) for \(wanted.map(\.debugDescription))")
        } catch {
            require(wanted.contains { $0.utf8.contains(0) || $0.utf8.count > ProgramArguments.maxArgumentBytes },
                    "an argument refused that the system can carry: \(error)")
        }

        let input = try? TemplateFill.input(template, value: value)
        let lines = sole ? wanted.map { $0 + "\n" }.joined() : plain
        require(input == Array(lines.utf8), "standard input changed")

        if case .text(let first)? = template.parts.first, first.hasPrefix("/"), !first.hasPrefix("//") {
            if let path = try? TemplateFill.path(template, value: value) {
                require(path.hasPrefix("/") && !path.hasPrefix("//"), "the path left the server: \(path)")
                // Each value decodes back whole from the segment or component it went into.
                let literal = template.render { (_: Template.Placeholder, _: String) throws(Never) -> String in "\u{1}" }
                let shape = literal.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
                let pathPart = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
                require(pathPart.split(separator: "/", omittingEmptySubsequences: false).count
                        == shape.split(separator: "/", omittingEmptySubsequences: false).count,
                        "a value changed the path's segments: \(path)")
                // A "%" in the template's own text (looked for by byte: "%" and a combining
                // mark after it are one Character) is the template's, not a value's encoding.
                if !template.source.utf8.contains(UInt8(ascii: "%")) {
                    require(path.removingPercentEncoding == plain, "the path does not decode to the values: \(path)")
                }
            }
        }

        let body = JSONValue.object(["v": .string(template.source)])
        if let filled = try? JSONTemplate.fill(body, value: value), let bytes = filled.jsonBytes {
            let back = try? JSONValue.parse(Data(bytes))
            require(back == filled, "the body does not read back the same")
            if !sole { require(filled == .object(["v": .string(plain)]), "a body value changed") }
        }
    }
    return 0
}
