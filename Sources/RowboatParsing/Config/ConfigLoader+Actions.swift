import RowboatSpec
/// Reads `actions:` lists (top level and per endpoint): each action a
/// title, an optional key, one of `open`, `run` or `request`, and an
/// optional `confirm`. Every mistake names its line: an unknown `then`, a
/// `run` written as a shell string, a template with an unknown namespace.
extension ConfigLoader {
    static let actionKeys = ["title", "key", "confirm", "open", "run", "stdin", "interactive", "request", "then"]
    static let requestActionKeys = ["method", "path", "params", "body"]
    static let actionMethods: [HTTPMethodName] = [.get, .post, .put, .patch, .delete]

    /// `fields`: the names the endpoint maps (nil: not checked), which a
    /// template's `${item.X}` is checked against.
    static func parseActions(_ node: ConfigNode, fields: [String]? = nil) throws(ConfigError) -> [ActionSpec] {
        var actions: [ActionSpec] = []
        for entry in try node.sequence() {
            let action = try parseAction(entry)
            if let fields { try checkFields(entry, fields: fields) }
            if let other = actions.first(where: { $0.title == action.title }) {
                throw entry.error("two actions are called \"\(other.title)\"; give each its own title")
            }
            actions.append(action)
        }
        return actions
    }

    static func parseAction(_ node: ConfigNode) throws(ConfigError) -> ActionSpec {
        let keys = try node.mapping(allowed: actionKeys)
        guard let titleNode = keys["title"] else { throw node.error("missing required key \"title\"") }
        let title = try titleNode.string()
        guard !title.isEmpty else { throw titleNode.error("title is empty") }
        let kinds = ["open", "run", "request"].filter { keys[$0] != nil }
        guard kinds.count == 1 else {
            throw node.error(kinds.isEmpty ? "an action needs one of open, run or request"
                             : "an action does one thing: \(kinds.joined(separator: " and ")) are both set")
        }
        if let n = keys["interactive"], keys["run"] == nil { throw n.error("interactive applies to run actions only") }
        if let n = keys["stdin"], keys["run"] == nil { throw n.error("stdin applies to run actions only") }
        if let n = keys["then"], keys["request"] == nil { throw n.error("then applies to request actions only") }
        let kind: ActionSpec.Kind
        if let open = keys["open"] {
            kind = .open(try open.template())
        } else if let run = keys["run"] {
            guard case .sequence = run.node else {
                throw run.error("run is a list: the program and each argument (never a shell string), "
                                + "e.g. run: [git, -C, \"${item.path}\", log]")
            }
            var arguments: [Template] = []
            for argument in try run.sequence() { arguments.append(try argument.template()) }
            guard let program = arguments.first else { throw run.error("run names no program") }
            guard !program.usesMarks else { throw run.error("the program itself cannot be ${marked.…}") }
            kind = .run(arguments, stdin: try keys["stdin"]?.template(), interactive: try keys["interactive"]?.bool() ?? false)
        } else {
            kind = .request(try parseRequestAction(keys["request"]!, then: keys["then"]))
        }
        return ActionSpec(title: title, key: try keys["key"].map(parseKey), kind: kind,
                          confirm: try keys["confirm"]?.template(), keyPosition: keys["key"]?.position)
    }

    /// A template's `${item.X}` or `${marked.X}` where X is no mapped
    /// field but one letter or two from one (`${item.titel}`) is a typo:
    /// one line at load, with the field meant. A name that is like no
    /// mapped field is read from the item as written (`${item.clone_url}`),
    /// as is a path (`${item.owner.login}`).
    static func checkFields(_ action: ConfigNode, fields: [String]) throws(ConfigError) {
        let known = Set(fields + ItemMapping.standardFields)
        for node in Self.templateNodes(in: action) {
            guard let text = try? node.string(), text.contains("${"), let template = try? Template(text) else { continue }
            for p in template.placeholders where p.namespace == .item || p.namespace == .marked {
                // Short names are too near each other to call one a typo of another.
                guard !known.contains(p.name), !p.name.contains("."), !p.name.contains("["), p.name.count >= 4,
                      let meant = Suggestion.closest(to: p.name, in: fields.filter { !ActionFields.isHidden($0) },
                                                     within: p.name.count <= 4 ? 1 : 2)
                else { continue }
                throw node.error("\(p): the item maps no field \(p.name); did you mean \"\(meant)\"? "
                                 + "(a key the mapping leaves out is read as written)")
            }
        }
    }

    /// Every string node of an action that holds a template.
    static func templateNodes(in node: ConfigNode) -> [ConfigNode] {
        switch node.node {
        case .scalar: return [node]
        case .sequence: return ((try? node.sequence()) ?? []).flatMap(templateNodes)
        case .mapping: return ((try? node.entries()) ?? []).flatMap { templateNodes(in: $0.1) }
        default: return []
        }
    }

    static func parseRequestAction(_ node: ConfigNode, then: ConfigNode?) throws(ConfigError) -> ActionSpec.RequestAction {
        let keys = try node.mapping(allowed: requestActionKeys)
        guard let pathNode = keys["path"] else { throw node.error("missing required key \"path\" (a path on the server: /items/${item.id})") }
        let path = try pathNode.template()
        guard case .text(let first)? = path.parts.first, first.hasPrefix("/"), !first.hasPrefix("//") else {
            throw pathNode.error("path must start with / (a path on the endpoint's server; a request never goes elsewhere)")
        }
        var method = HTTPMethodName.post
        if let m = keys["method"] {
            let text = try m.string().uppercased()
            guard let parsed = HTTPMethodName(rawValue: text), actionMethods.contains(parsed) else {
                let names = actionMethods.map(\.rawValue)
                throw m.error("method must be one of \(names.joined(separator: ", "))\(Suggestion.hint(for: text, in: names))")
            }
            method = parsed
        }
        var params: [(String, Template)] = []
        if let p = keys["params"] {
            for (name, value) in try p.entries() { params.append((name, try value.template())) }
        }
        var body: JSONValue?
        if let b = keys["body"] {
            guard method != .get else { throw b.error("a request body needs a method other than GET") }
            let value = try b.jsonValue()
            do { try JSONTemplate.check(value, allowed: Set(Template.Namespace.allCases)) } catch { throw b.error(error.description) }
            body = value
        }
        var after = ActionSpec.Then.refresh
        if let then {
            let text = try then.string()
            guard let parsed = ActionSpec.Then(rawValue: text) else {
                let names = ActionSpec.Then.allCases.map(\.rawValue)
                throw then.error("unknown then \"\(text)\"\(Suggestion.hint(for: text, in: names)) (one of \(names.joined(separator: ", ")))")
            }
            after = parsed
        }
        return ActionSpec.RequestAction(method: method, path: path, params: params, body: body, then: after)
    }
}
