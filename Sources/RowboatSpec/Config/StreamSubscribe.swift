/// A WebSocket stream's `subscribe:` message, sent as one text message
/// once the socket is open: text as written, or a YAML mapping or list
/// sent as JSON text. `${NAME}` was expanded when the config was read;
/// `${params.NAME}` is filled in here with the params in force, as a
/// whole value (never spliced into the JSON's structure), and each value
/// goes out exactly as given (numbers as written).
public enum StreamSubscribe: Sendable, Equatable {
    /// Sent as it is, its placeholders filled in as text.
    case text(Template)
    /// Sent as JSON text (keys sorted), its string values' placeholders
    /// filled in as JSON strings (`JSONTemplate`).
    case json(JSONValue)

    /// The placeholders a subscribe message may hold.
    public static let namespaces: Set<Template.Namespace> = [.params]

    /// The message to send, with `params` (the endpoint's static params and
    /// the current query's) in place of `${params.NAME}`.
    public func message(params: [String: ParamValue]) throws(TemplateFill.Problem) -> String {
        let value = { (p: Template.Placeholder) throws(TemplateFill.Problem) -> TemplateFill.Value in
            guard p.namespace == .params, let v = params[p.name] else {
                throw TemplateFill.Problem("\(p): no param \(p.name) is in force")
            }
            switch v {
            case .one(let text): return .one(text)
            case .many(let list): return .many(list.map { .one($0) })
            }
        }
        switch self {
        case .text(let template):
            return try TemplateFill.text(template, value: value)
        case .json(let body):
            guard let text = try JSONTemplate.fill(body, value: value).jsonText else {
                throw TemplateFill.Problem("the subscribe message holds a number JSON cannot carry")
            }
            return text
        }
    }
}
