/// Something a user can do to the selected (or marked) rows, from the
/// config's `actions:` (top level: every endpoint; or one endpoint's):
/// open a URL, run a program, or send a request to the endpoint's server.
/// Listed in the action sheet and in help, and bound to `key` if given.
public struct ActionSpec: Sendable, Equatable {
    /// What the action does.
    public enum Kind: Sendable, Equatable {
        /// Open a URL (http(s) only) in the browser.
        case open(Template)
        /// Run a program with these arguments (never a shell string) and,
        /// if given, `stdin` on its standard input (any bytes, any size).
        /// In the background (the outcome as a toast, the output kept for
        /// the pager), or `interactive`: the program gets the terminal
        /// until it exits.
        case run([Template], stdin: Template?, interactive: Bool)
        /// Send a request to the endpoint's server, with its auth.
        case request(RequestAction)
        /// An action the embedding program gave (a RowboatKit
        /// `ListController` action), by its index: it gets the rows.
        case custom(Int)
    }

    /// What happens to the list after a request action succeeded.
    public enum Then: String, Sendable, Equatable, CaseIterable {
        /// Load the list again from the first page, keeping the selection.
        case refresh
        /// Take the row out of the list.
        case remove
        /// Put the response's item (mapped as the list's) in the row's place.
        case replace
        /// Leave the list as it is.
        case none
    }

    /// A request action: method, a path on the server, query params and a
    /// JSON body (typed, as an endpoint's `body:`), each with templates.
    public struct RequestAction: Sendable, Equatable {
        public var method: HTTPMethodName
        public var path: Template
        public var params: [(String, Template)]
        public var body: JSONValue?
        public var then: Then

        public init(method: HTTPMethodName, path: Template, params: [(String, Template)] = [], body: JSONValue? = nil,
                    then: Then = .refresh) {
            self.method = method
            self.path = path
            self.params = params
            self.body = body
            self.then = then
        }

        public static func == (a: RequestAction, b: RequestAction) -> Bool {
            a.method == b.method && a.path == b.path && a.body == b.body && a.then == b.then
                && a.params.map(\.0) == b.params.map(\.0) && a.params.map(\.1) == b.params.map(\.1)
        }
    }

    public var title: String
    /// The key that runs it from the list and the detail (nil: the sheet only).
    public var key: Key?
    public var kind: Kind
    /// Asked first (default answer No); templates filled from the row.
    public var confirm: Template?
    /// Where `key` was written (for a conflict found later).
    public var keyPosition: ConfigPosition?
    /// With rows marked, it runs once for all of them (a kit action that
    /// takes the rows), whatever its templates name.
    public var allMarksAtOnce: Bool

    public init(title: String, key: Key? = nil, kind: Kind, confirm: Template? = nil, keyPosition: ConfigPosition? = nil,
                allMarksAtOnce: Bool = false) {
        self.title = title
        self.key = key
        self.kind = kind
        self.confirm = confirm
        self.keyPosition = keyPosition
        self.allMarksAtOnce = allMarksAtOnce
    }

    /// Every template of the action.
    public var templates: [Template] {
        var out: [Template] = confirm.map { [$0] } ?? []
        switch kind {
        case .open(let url): out.append(url)
        case .run(let arguments, let stdin, _): out += arguments + (stdin.map { [$0] } ?? [])
        case .request(let r):
            out.append(r.path)
            out += r.params.map(\.1)
            if let body = r.body { out += JSONTemplate.templates(in: body) }
        case .custom: break
        }
        return out
    }

    /// True when it names `${marked.…}`: with rows marked it runs once for
    /// all of them; otherwise it runs once per marked row.
    public var takesAllMarks: Bool { allMarksAtOnce || templates.contains { $0.usesMarks } }

    /// The item fields its templates read (`${item.X}`, `${marked.X}`).
    public var itemFields: [String] {
        var out: [String] = []
        for p in templates.flatMap(\.placeholders) where p.namespace == .item || p.namespace == .marked {
            if !out.contains(p.name) { out.append(p.name) }
        }
        return out
    }
}
