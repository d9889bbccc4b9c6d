import Foundation
import RowboatSpec

/// A POST operation's JSON request body as the import sends it for a
/// list's first page: the paging fields it declares (a page, an offset, a
/// size, a cursor; at its top or one object down, `pagination.page`) with
/// the values a first page sends (no cursor yet), the fields it requires
/// (their example or default, else a sample), nothing else; and every
/// field's body path (`$.page_token`), which the paging search tries
/// before the usual names.
struct OpenAPIRequestBody {
    /// The body of the first request (an object).
    var sample: JSONValue
    /// The body paths of its paging fields.
    var paging: [String]
    /// The body path of every field it declares.
    var declared: [String]

    /// The body of `operation`, or nil when it has no JSON object body.
    static func read(_ operation: OpenAPIDocument.Operation, in document: OpenAPIDocument) -> OpenAPIRequestBody? {
        let op = operation.node
        var schemaNode: OpenAPINode?
        if let body = document.resolve(op["requestBody"] ?? .null).node?.object, let content = body["content"]?.object {
            let type = content.keys.first { $0.lowercased().hasPrefix("application/json") } ?? content.keys.first { $0.contains("json") }
            schemaNode = type.flatMap { content[$0]?["schema"] }
        } else if let param = operation.parameters.first(where: { $0["in"]?.string == "body" }) {
            schemaNode = param["schema"]
        }
        guard let schemaNode else { return nil }
        let schema = OpenAPISchema.read(schemaNode, in: document)
        guard schema.isObject else { return nil }
        var out = OpenAPIRequestBody(sample: .object([:]), paging: [], declared: [])
        var sampler = OpenAPISample(document: document, origin: "", path: operation.path)
        out.sample = out.fields(schema, at: [], in: document, sampler: &sampler) ?? .object([:])
        return out
    }

    /// The sample object for `schema` at `steps`, recording its fields; nil
    /// when nothing in it is sent.
    mutating func fields(_ schema: OpenAPISchema, at steps: [JSONPath.Step], in document: OpenAPIDocument,
                         sampler: inout OpenAPISample) -> JSONValue? {
        var object: [String: JSONValue] = [:]
        for (name, node) in schema.properties {
            let path = steps + [.key(name)]
            let bodyName = PagingInput.bodyName(path)
            declared.append(bodyName)
            let field = OpenAPISchema.read(node, in: document)
            let given = (field.example ?? field.defaultValue).flatMap(OpenAPISample.json)
            let dated = ["date", "date-time", "time"].contains(field.format ?? "")
            switch dated ? nil : PagingNames.role(of: name) {
            case .page?:
                paging.append(bodyName)
                object[name] = .int(field.minimum == "0" || given == .int(0) ? 0 : 1)
                continue
            case .offset?:
                paging.append(bodyName)
                object[name] = .int(0)
                continue
            case .size?:
                paging.append(bodyName)
                var size = given.flatMap { Int($0.scalarText ?? "") } ?? 20
                if let max = field.maximum.flatMap({ Int(Double($0) ?? 0) }), max > 0 { size = min(size, max) }
                object[name] = .int(Int64(max(1, size)))
                continue
            case .cursor?:
                paging.append(bodyName)
                continue
            case nil:
                break
            }
            if field.isObject, steps.isEmpty, let inner = fields(field, at: path, in: document, sampler: &sampler) {
                object[name] = inner
            } else if schema.required.contains(name) {
                object[name] = given ?? sampler.value(node, name: name, index: 1, depth: 0)
            }
        }
        return object.isEmpty ? nil : .object(object)
    }
}
