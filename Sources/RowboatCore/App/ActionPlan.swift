import Foundation
import RowboatSpec

/// What an action does for the rows it is run on, worked out before
/// anything happens: every template filled in, so a missing field is an
/// error naming the action and the field, never an empty string sent to a
/// server or a program.
///
/// With rows marked, an action that names `${marked.…}` runs once with all
/// of them; any other runs once per marked row, in list order. Without
/// marks it runs for the selected row.
public struct ActionPlan: Sendable, Equatable {
    /// One thing to do.
    public enum Job: Sendable, Equatable {
        case open(url: String)
        /// A program, its arguments exact, and what its standard input gets
        /// (nil: nothing, /dev/null).
        case run(arguments: [String], input: [UInt8]? = nil, interactive: Bool)
        case request(method: HTTPMethodName, path: String, body: [UInt8]?, then: ActionSpec.Then)
        /// The embedding program's action `index` on `rows` (one row, or
        /// all the marked rows for an action that takes them at once).
        case custom(index: Int, rows: [RowModel])
    }

    /// The action's title, and the endpoint whose action it is.
    public var title: String
    public var endpoint: String
    public var jobs: [Job]
    /// The row each job is for (nil: a job for all the marked rows).
    public var rowIDs: [String?]
    /// The confirm question, filled in (nil: do it at once).
    public var confirm: String?

    /// True when its programs need the terminal (they run in the
    /// foreground, one after another, on the UI thread).
    public var isInteractive: Bool {
        jobs.contains { if case .run(_, _, true) = $0 { true } else { false } }
    }

    /// Why a plan could not be made, in one line naming the action.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// What templates may read besides the rows.
    public struct Context: Sendable, Equatable {
        public var environment: [String: String]
        public var params: [String: ParamValue]

        public init(environment: [String: String] = [:], params: [String: ParamValue] = [:]) {
            self.environment = environment
            self.params = params
        }
    }

    /// The plan for `action` on `rows` (the marked rows in list order, or
    /// the selected one), `marked` when they are marks. It is all or
    /// nothing: when the templates cannot be filled in for one of the
    /// rows, no row's job runs, and the problem says how many were refused
    /// and why the first one was.
    public static func make(_ action: ActionSpec, endpoint: String = "", rows: [RowModel], marked: Bool,
                            context: Context) throws(Problem) -> ActionPlan {
        guard let first = rows.first else { throw Problem(description: "\(action.title): no row to act on") }
        let once = marked && action.takesAllMarks || !marked
        let groups: [RowModel?] = once ? [marked ? nil : first] : rows.map { $0 }
        var jobs: [Job] = []
        var refused: [(row: RowModel?, problem: TemplateFill.Problem)] = []
        for row in groups {
            let value = resolver(row: row ?? first, all: rows, context: context)
            if case .custom(let index) = action.kind {
                jobs.append(.custom(index: index, rows: row.map { [$0] } ?? rows))
                continue
            }
            do {
                jobs.append(try job(action.kind, row: row ?? first, value: value, environment: context.environment))
            } catch {
                refused.append((row, error))
            }
        }
        if let (row, problem) = refused.first {
            if row == nil, marked, let at = problem.markedRow, rows.indices.contains(at) {
                // One job for all the marks: the row whose value it cannot take.
                throw Problem(description: "\(action.title): the row \"\(Sanitizer.clean(rows[at].title, limit: 40))\": \(problem.description)")
            }
            guard groups.count > 1, let row else { throw Problem(description: "\(action.title): \(problem.description)") }
            throw Problem(description: "\(action.title): refused for \(refused.count) of the \(groups.count) marked rows, "
                          + "so none ran; the row \"\(Sanitizer.clean(row.title, limit: 40))\": \(problem.description)")
        }
        do {
            // With rows marked, a confirm names them all (`${item.title}` as `${marked.title}`).
            let ask = marked ? namingAll(rows, context: context) : resolver(row: first, all: rows, context: context)
            let confirm = try action.confirm.map { t throws(TemplateFill.Problem) in try TemplateFill.text(t, value: ask) }
            return ActionPlan(title: action.title, endpoint: endpoint, jobs: jobs, rowIDs: groups.map { $0?.id },
                              confirm: confirm)
        } catch {
            throw Problem(description: "\(action.title): \(error.description)")
        }
    }

    static func job(_ kind: ActionSpec.Kind, row: RowModel,
                    value: (Template.Placeholder) throws(TemplateFill.Problem) -> TemplateFill.Value,
                    environment: [String: String] = [:])
        throws(TemplateFill.Problem) -> Job {
        switch kind {
        case .custom(let index):
            return .custom(index: index, rows: [row])
        case .open(let url):
            return .open(url: try TemplateFill.url(url, value: value))
        case .run(let arguments, let stdin, let interactive):
            var argv: [String] = []
            for a in arguments { argv += try TemplateFill.arguments(a, value: value) }
            let room = ProgramArguments.maxTotalBytes - ProgramArguments.bytes(of: environment)
            let size = ProgramArguments.bytes(of: argv)
            if size > room {
                throw TemplateFill.Problem("the arguments come to \(ProgramArguments.grouped(size)) bytes, past the "
                    + "\(ProgramArguments.grouped(max(0, room))) the system leaves beside the environment (pass big values on stdin:)")
            }
            let input = try stdin.map { t throws(TemplateFill.Problem) in try TemplateFill.input(t, value: value) }
            return .run(arguments: argv, input: input, interactive: interactive)
        case .request(let r):
            var path = try TemplateFill.path(r.path, value: value)
            var pairs: [(String, String)] = []
            for (name, template) in r.params {
                for v in try TemplateFill.texts(template, value: value) { pairs.append((name, v)) }
            }
            if !pairs.isEmpty { path += (path.contains("?") ? "&" : "?") + URLEncoding.encode(pairs) }
            let body = try r.body.map { b throws(TemplateFill.Problem) in
                try JSONTemplate.fill(b, value: value).jsonBytes ?? Array("{}".utf8)
            }
            return .request(method: r.method, path: path, body: body, then: r.then)
        }
    }

    /// Values for one job: `${item.X}` from `row`, `${marked.X}` from all
    /// `rows`, `${env.X}` and `${params.X}` from `context`.
    static func resolver(row: RowModel, all rows: [RowModel], context: Context)
        -> (Template.Placeholder) throws(TemplateFill.Problem) -> TemplateFill.Value {
        { (p: Template.Placeholder) throws(TemplateFill.Problem) -> TemplateFill.Value in
            switch p.namespace {
            case .item:
                guard let v = ActionFields.value(of: row, p.name) else { throw missing(p, row: row) }
                return .one(v)
            case .marked:
                var values: [TemplateFill.Value] = []
                for r in rows {
                    guard let v = ActionFields.value(of: r, p.name) else { throw missing(p, row: r) }
                    values.append(.one(v))
                }
                return .many(values)
            case .env:
                guard let v = context.environment[p.name] else {
                    throw TemplateFill.Problem("\(p): the environment variable \(p.name) is not set")
                }
                return .one(v)
            case .params:
                guard let v = context.params[p.name] else { throw TemplateFill.Problem("\(p): no param \(p.name) is in force") }
                switch v {
                case .one(let s): return .one(s)
                case .many(let list): return .many(list.map { .one($0) })
                }
            }
        }
    }

    /// Values for a confirm question with rows marked: a field of every
    /// marked row (`${item.X}` or `${marked.X}`), named as a person would
    /// (`Brass Lantern, Oak Chair, Lamp and 4 more`).
    static func namingAll(_ rows: [RowModel], context: Context)
        -> (Template.Placeholder) throws(TemplateFill.Problem) -> TemplateFill.Value {
        let each = resolver(row: rows[0], all: rows, context: context)
        return { (p: Template.Placeholder) throws(TemplateFill.Problem) -> TemplateFill.Value in
            guard p.namespace == .item || p.namespace == .marked else { return try each(p) }
            guard case .many(let values) = try each(Template.Placeholder(.marked, p.name)) else { return try each(p) }
            return .one(names(values.map(\.text)))
        }
    }

    /// `["A"]` → "A"; `["A", "B"]` → "A and B"; past three, "A, B, C and 2 more".
    public static func names(_ texts: [String], shown: Int = 3) -> String {
        let cleaned = texts.map { Sanitizer.clean($0, limit: 60) }
        if cleaned.count <= shown {
            return cleaned.count <= 1 ? (cleaned.first ?? "") : cleaned.dropLast().joined(separator: ", ") + " and " + cleaned.last!
        }
        return cleaned.prefix(shown).joined(separator: ", ") + " and \(cleaned.count - shown) more"
    }

    static func missing(_ p: Template.Placeholder, row: RowModel) -> TemplateFill.Problem {
        let hint = Suggestion.hint(for: p.name, in: row.fieldOrder.filter { $0 != p.name })
        return TemplateFill.Problem("\(p): the row \"\(Sanitizer.clean(row.title, limit: 40))\" has no field \(p.name)\(hint)")
    }
}
