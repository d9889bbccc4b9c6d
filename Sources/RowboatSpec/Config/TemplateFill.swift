/// How a template's values land where they go, so a value can never change
/// the structure around it: a whole program argument, one percent-encoded
/// piece of a URL's path or query, or (in `JSONTemplate`) a typed JSON value.
public enum TemplateFill {
    /// A value a placeholder stands for.
    public enum Value: Sendable, Equatable {
        /// One value: its text (a string in a JSON body).
        case one(String)
        /// One value per marked row (`${marked.…}`).
        case many([Value])

        /// The text of a single value; the texts joined by commas for a list.
        public var text: String {
            switch self {
            case .one(let t): t
            case .many(let values): values.map(\.text).joined(separator: ",")
            }
        }
    }

    /// Why a template could not be filled in: names the field or the rule.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
        /// For a `${marked.…}` value: which marked row's value it is about.
        public var markedRow: Int?
        public init(_ description: String, markedRow: Int? = nil) {
            self.description = description
            self.markedRow = markedRow
        }
    }

    /// `template` filled in as program arguments: each value is text in one
    /// argument, byte for byte (no splitting, globbing or shell); a
    /// template that is exactly `${marked.…}` becomes one argument per
    /// marked row. An argument the system cannot carry (a NUL byte, past
    /// its size) is a problem naming the template (`ProgramArguments`).
    public static func arguments(_ template: Template, value: (Template.Placeholder) throws(Problem) -> Value)
        throws(Problem) -> [String] {
        let arguments = try texts(template, value: value)
        let perRow = template.soleValue?.namespace == .marked
        for (i, argument) in arguments.enumerated() {
            if let problem = ProgramArguments.problem(argument, from: template) { throw Problem(problem, markedRow: perRow ? i : nil) }
        }
        return arguments
    }

    /// `template` filled in as texts: one, or one per marked row for a
    /// template that is exactly `${marked.…}` (a request's repeated param).
    public static func texts(_ template: Template, value: (Template.Placeholder) throws(Problem) -> Value)
        throws(Problem) -> [String] {
        if let sole = template.soleValue, case .many(let values) = try value(sole) { return values.map(\.text) }
        return [try template.render { (p, _) throws(Problem) in try value(p).text }]
    }

    /// `template` filled in as a program's standard input, byte for byte:
    /// a template that is exactly `${marked.…}` gives each marked row's
    /// value on a line of its own.
    public static func input(_ template: Template, value: (Template.Placeholder) throws(Problem) -> Value)
        throws(Problem) -> [UInt8] {
        if let sole = template.soleValue, case .many(let values) = try value(sole) {
            return Array(values.map { $0.text + "\n" }.joined().utf8)
        }
        return Array(try template.render { (p, _) throws(Problem) in try value(p).text }.utf8)
    }

    /// `template` filled in as a URL. A value at the very start is a URL of
    /// its own (`${item.link}/files`) and goes in as is; anywhere else a
    /// value is percent-encoded as one path segment before the `?` (a `/`,
    /// `?`, `#` or `%` in it is encoded, and a value that is `.` or `..`
    /// is refused) and as one query or fragment component after it. The
    /// result must be an absolute http(s) URL.
    public static func url(_ template: Template, value: (Template.Placeholder) throws(Problem) -> Value)
        throws(Problem) -> String {
        let url = try template.render { (p, before) throws(Problem) in
            let text = try value(p).text
            if before.isEmpty { return text }
            if before.contains("?") || before.contains("#") { return URLEncoding.encodeComponent(text) }
            if text == "." || text == ".." {
                throw Problem("\(p) is \"\(text)\", which would change the path")
            }
            return URLEncoding.encodeComponent(text)
        }
        guard URLOrigin(url) != nil else {
            throw Problem("\"\(Sanitizer.clean(url, limit: 120))\" is not an http(s) URL")
        }
        return url
    }

    /// `template` filled in as a path on the server (a request action's
    /// `path:`): values encoded as in `url`, and the result must stay a
    /// path that starts with `/` (no scheme, no host of its own).
    public static func path(_ template: Template, value: (Template.Placeholder) throws(Problem) -> Value)
        throws(Problem) -> String {
        let path = try template.render { (p, before) throws(Problem) in
            let text = try value(p).text
            if before.contains("?") || before.contains("#") { return URLEncoding.encodeComponent(text) }
            if text == "." || text == ".." {
                throw Problem("\(p) is \"\(text)\", which would change the path")
            }
            return URLEncoding.encodeComponent(text)
        }
        guard path.hasPrefix("/"), !path.hasPrefix("//") else {
            throw Problem("the path \"\(Sanitizer.clean(path, limit: 120))\" must start with / (a path on the server)")
        }
        return path
    }

    /// `template` filled in as plain text (a confirm question, a toast).
    public static func text(_ template: Template, value: (Template.Placeholder) throws(Problem) -> Value)
        throws(Problem) -> String {
        try template.render { (p, _) throws(Problem) in try value(p).text }
    }
}
