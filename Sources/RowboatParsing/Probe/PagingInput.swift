import Foundation
import RowboatSpec

/// A value the first request sent (or the document declares) that may
/// carry the position or the size of a page: a query param, a field of
/// the JSON request body (named by its body path, `$.from`,
/// `$.variables.after`), or a param an OpenAPI operation declares but the
/// request did not send. Its name is what a config writes for it.
public struct PagingInput: Sendable, Equatable {
    /// Where the value goes.
    public enum Place: Sendable, Equatable {
        case query, body, document
    }

    /// The config's name for it: the query param, or the `$.` body path.
    public var name: String
    /// What was sent (nil: declared only, or null).
    public var value: JSONValue?
    public var place: Place
    /// What the name says it is.
    public var role: PagingNames.Role?

    public init(name: String, value: JSONValue?, place: Place) {
        self.name = name
        self.value = value
        self.place = place
        role = PagingNames.role(of: name)
        // A size of 0 is no size: the position (Keycloak's `first=0` with `max=20`).
        if role == .size, value?.scalarText == "0" { role = .offset }
    }

    /// The value as text.
    var text: String? { value?.scalarText }

    /// The inputs of a request: its query params, then the scalar fields
    /// of a POST's JSON body (3 levels deep), then `declared` names (an
    /// OpenAPI operation's params and body fields) it did not send.
    static func all(url: String, method: HTTPMethodName, body: JSONValue?, declared: [String]) -> [PagingInput] {
        var out = (URLComponents(string: url)?.queryItems ?? []).map {
            PagingInput(name: $0.name, value: $0.value.map(JSONValue.string), place: .query)
        }
        if method == .post, let body { collect(body, steps: [], into: &out) }
        for name in declared where !out.contains(where: { $0.name == name }) {
            out.append(PagingInput(name: name, value: nil, place: .document))
        }
        return out
    }

    /// The body path name of `steps` (`$.a.b`, `$["a b"]`).
    static func bodyName(_ steps: [JSONPath.Step]) -> String {
        let text = JSONPath(steps: steps).description
        return text.hasPrefix("[") ? "$" + text : "$." + text
    }

    static func collect(_ value: JSONValue, steps: [JSONPath.Step], into out: inout [PagingInput]) {
        switch value {
        case .object(let o):
            guard steps.count < 3 else { return }
            for key in o.keys.sorted() { collect(o[key]!, steps: steps + [.key(key)], into: &out) }
        case .array:
            return
        default:
            guard !steps.isEmpty else { return }
            out.append(PagingInput(name: bodyName(steps), value: value, place: .body))
        }
    }
}
