import RowboatSpec

/// An endpoint's `notify:` rules and the config's `notifications:`
/// section (where notifications go, how often at most).
extension ConfigLoader {
    static let notifyKeys = ["on", "field", "when", "text", "title"]
    static let notificationsKeys = ["via", "every"]

    /// `notify: [{on: new | change | match, field: F, when: "F = V", text: "…${item.title}…", title: T}]`.
    static func parseNotify(_ node: ConfigNode, fields: [String]) throws(ConfigError) -> [NotifyRule] {
        var rules: [NotifyRule] = []
        for rule in try node.sequence() {
            let keys = try rule.mapping(allowed: notifyKeys)
            guard let on = keys["on"] else { throw rule.error("missing required key \"on\" (new, change or match)") }
            let trigger: NotifyRule.Trigger
            switch try on.string() {
            case "new":
                trigger = .new
            case "change":
                trigger = .change(field: try keys["field"].map { n throws(ConfigError) in try knownField(n, fields) })
            case "match":
                guard let when = keys["when"] else {
                    throw rule.error("missing required key \"when\" (a condition like \"level = error\")")
                }
                trigger = try condition(when, fields: fields)
            case let other:
                throw on.error("expected one of new, change, match, found \"\(other)\"\(Suggestion.hint(for: other, in: ["new", "change", "match"]))")
            }
            guard let text = keys["text"] else { throw rule.error("missing required key \"text\" (e.g. text: \"${item.title}\")") }
            // Only the row's fields: nothing from the environment or the params reaches a notification.
            let template = try text.template(allowed: [.item])
            for case .value(let placeholder) in template.parts where !fields.contains(placeholder.name) {
                throw text.error("unknown field \"\(placeholder.name)\" in \(placeholder)\(Suggestion.hint(for: placeholder.name, in: fields)); "
                                 + "the item maps \(fields.joined(separator: ", "))")
            }
            rules.append(NotifyRule(trigger: trigger, text: template, title: try keys["title"]?.string()))
        }
        return rules
    }

    /// `"price > 100"`, `"level = error"`, `"title ~ brass"`: a field, a
    /// relation and a value.
    static func condition(_ node: ConfigNode, fields: [String]) throws(ConfigError) -> NotifyRule.Trigger {
        let text = try node.string()
        guard let at = text.firstIndex(where: { "=~<>".contains($0) }) else {
            throw node.error("expected a condition like \"level = error\" (=, ~, < or >), found \"\(text)\"")
        }
        let field = String(text[..<at].trimmingWhitespace())
        let value = String(text[text.index(after: at)...].trimmingWhitespace())
        guard !field.isEmpty, !value.isEmpty else {
            throw node.error("expected a condition like \"level = error\" (=, ~, < or >), found \"\(text)\"")
        }
        guard fields.contains(field) else {
            throw node.error("unknown field \"\(field)\"\(Suggestion.hint(for: field, in: fields)); the item maps \(fields.joined(separator: ", "))")
        }
        return .match(field: field, relation: String(text[at]), value: value)
    }

    static func knownField(_ node: ConfigNode, _ fields: [String]) throws(ConfigError) -> String {
        let name = try node.string()
        guard fields.contains(name) else {
            throw node.error("unknown field \"\(name)\"\(Suggestion.hint(for: name, in: fields)); the item maps \(fields.joined(separator: ", "))")
        }
        return name
    }

    /// `notifications: {via: auto, every: 10s}`.
    static func parseNotifications(_ node: ConfigNode) throws(ConfigError) -> NotifySettings {
        let keys = try node.mapping(allowed: notificationsKeys)
        var settings = NotifySettings()
        if let via = keys["via"] { settings.via = try via.oneOf(NotifySettings.Via.self) }
        if let every = keys["every"] { settings.every = try duration(every, allowOff: false) ?? settings.every }
        return settings
    }
}
