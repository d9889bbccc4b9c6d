/// What of its input a jq expression reads, found from its text: the
/// input's members by name (`.a`, `.a.b`, `.labels[].name`, `{title}`,
/// `select(.price > 1) | .id` read `a`, `labels`, `title`, `price` and
/// `id`), or the input whole. Whole is the answer whenever it cannot be
/// shown otherwise: `.` as a value (`[.]`, `tojson`, `. + {}`, a result
/// that is the input), `..`, `.[]`, a function given the input (`keys`,
/// `to_entries`, `length`, `paths`, `env`), `$__loc__`, `def`, `reduce`,
/// `foreach`, assignments, or text this reader does not know. An input
/// made of the members read alone then gives the same results.
public enum JQReads: Sendable, Equatable {
    /// Only these members of the input (an object) are read.
    case members(Set<String>)
    /// The input is read whole.
    case whole

    /// What `source` reads (a jq expression that compiles).
    public static func of(_ source: String) -> JQReads {
        guard let tokens = JQLexer.tokens(source) else { return .whole }
        var reader = Reader(tokens: tokens)
        do {
            let output = try reader.pipe(.input)
            guard reader.atEnd, output == .derived else { return .whole }
            return .members(reader.members)
        } catch {
            return .whole
        }
    }
}

/// A reader's "cannot show that the input is not read whole".
private struct ReadsWhole: Error {}

/// What a part of the expression is given or gives: the input itself, or
/// a value that is not it (a member's value, a literal, something built
/// from either: never one that holds the input whole).
private enum Value: Equatable {
    case input, derived

    func or(_ other: Value) -> Value { self == .input || other == .input ? .input : .derived }
}

/// A recursive-descent reader of jq 1.6's grammar (its precedence
/// levels), following what each part is given.
private struct Reader {
    let tokens: [JQToken]
    var at = 0
    var members: Set<String> = []

    init(tokens: [JQToken]) {
        self.tokens = tokens
    }

    var atEnd: Bool { at == tokens.count }

    private var next: JQToken? { at < tokens.count ? tokens[at] : nil }

    private func isSymbol(_ symbol: String) -> Bool { next == .symbol(symbol) }
    private func isName(_ name: String) -> Bool { next == .name(name) }

    private mutating func take(_ symbol: String) -> Bool {
        guard isSymbol(symbol) else { return false }
        at += 1
        return true
    }

    private mutating func expect(_ symbol: String) throws(ReadsWhole) {
        guard take(symbol) else { throw ReadsWhole() }
    }

    private mutating func expectName(_ name: String) throws(ReadsWhole) {
        guard isName(name) else { throw ReadsWhole() }
        at += 1
    }

    /// A value that must not be the input: one built into another, compared, added, a condition.
    private func used(_ value: Value) throws(ReadsWhole) {
        if value == .input { throw ReadsWhole() }
    }

    // MARK: Levels, lowest first

    /// `a | b`: b is given what a gives.
    mutating func pipe(_ input: Value) throws(ReadsWhole) -> Value {
        if let word = next, [.name("def"), .name("reduce"), .name("foreach"), .name("label"),
                             .name("import"), .name("include")].contains(word) { throw ReadsWhole() }
        var value = try comma(input)
        while take("|") { value = try comma(value) }
        return value
    }

    private mutating func comma(_ input: Value) throws(ReadsWhole) -> Value {
        var value = try alternative(input)
        while take(",") { value = value.or(try alternative(input)) }
        return value
    }

    private mutating func alternative(_ input: Value) throws(ReadsWhole) -> Value {
        let value = try binary(input, level: 0)
        if take("//") { return value.or(try alternative(input)) }
        return value
    }

    private static let levels: [[JQToken]] = [
        [.symbol("="), .symbol("|="), .symbol("+="), .symbol("-="), .symbol("*="), .symbol("/="),
         .symbol("%="), .symbol("//="), .symbol("?//")],
        [.name("or")], [.name("and")],
        [.symbol("=="), .symbol("!="), .symbol("<"), .symbol("<="), .symbol(">"), .symbol(">=")],
        [.symbol("+"), .symbol("-")], [.symbol("*"), .symbol("/"), .symbol("%")],
    ]

    /// Assignments (the input changed and given: whole), `or`, `and`,
    /// comparisons, arithmetic: both sides given the input; neither may be it.
    private mutating func binary(_ input: Value, level: Int) throws(ReadsWhole) -> Value {
        guard level < Self.levels.count else { return try unary(input) }
        var value = try binary(input, level: level + 1)
        while let token = next, Self.levels[level].contains(token) {
            if level == 0 { throw ReadsWhole() }
            at += 1
            try used(value)
            try used(try binary(input, level: level + 1))
            value = .derived
        }
        return value
    }

    private mutating func unary(_ input: Value) throws(ReadsWhole) -> Value {
        if take("-") {
            try used(try unary(input))
            return .derived
        }
        if isName("try") {
            at += 1
            var value = try postfix(input)
            if isName("catch") {
                at += 1
                value = value.or(try postfix(.derived))
            }
            return value
        }
        return try postfix(input)
    }

    // MARK: Terms

    /// A term and what follows it: `.a`, `[0]`, `[]`, `?`, `as $x | …`.
    private mutating func postfix(_ input: Value) throws(ReadsWhole) -> Value {
        var value = try term(input)
        while true {
            if case .field(let key)? = next {
                at += 1
                value = field(key, of: value)
            } else if isSymbol("[") || (next == .dot && tokens.indices.contains(at + 1) && tokens[at + 1] == .symbol("[")) {
                if next == .dot { at += 1 }
                value = try index(value, input: input)
            } else if take("?") {
                continue
            } else if isName("as") {
                at += 1
                try used(value)
                guard case .variable(let name)? = next, name != "__loc__" else { throw ReadsWhole() }
                at += 1
                try expect("|")
                return try pipe(input)
            } else {
                return value
            }
        }
    }

    private mutating func field(_ key: String, of value: Value) -> Value {
        if value == .input { members.insert(key) }
        return .derived
    }

    /// `[…]` after a term: a string literal is a member; `[]`, a number,
    /// a slice or a computed key on the input read it whole. What is
    /// inside is given the term's own input.
    private mutating func index(_ value: Value, input: Value) throws(ReadsWhole) -> Value {
        try expect("[")
        if take("]") {
            try used(value)
            return .derived
        }
        if case .string(let key?, _)? = next, tokens.indices.contains(at + 1), tokens[at + 1] == .symbol("]") {
            at += 2
            return field(key, of: value)
        }
        try used(value)
        if !isSymbol(":") { try used(try pipe(input)) }
        if take(":"), !isSymbol("]") { try used(try pipe(input)) }
        try expect("]")
        return .derived
    }

    private mutating func term(_ input: Value) throws(ReadsWhole) -> Value {
        guard let token = next else { throw ReadsWhole() }
        at += 1
        switch token {
        case .dot:
            return input
        case .field(let key):
            return field(key, of: input)
        case .recurse:
            try used(input)
            return .derived
        case .number:
            return .derived
        case .string(_, let parts):
            try interpolations(parts, input)
            return .derived
        case .format:
            if case .string(_, let parts)? = next {
                at += 1
                try interpolations(parts, input)
            } else {
                try used(input)
            }
            return .derived
        case .variable(let name):
            if name == "__loc__" || name == "ENV" { throw ReadsWhole() }
            return .derived
        case .symbol("("):
            let value = try pipe(input)
            try expect(")")
            return value
        case .symbol("["):
            if take("]") { return .derived }
            try used(try pipe(input))
            try expect("]")
            return .derived
        case .symbol("{"):
            try object(input)
            return .derived
        case .name(let name):
            return try call(name, input)
        default:
            throw ReadsWhole()
        }
    }

    private mutating func interpolations(_ parts: [[JQToken]], _ input: Value) throws(ReadsWhole) {
        for part in parts {
            var inner = Reader(tokens: part)
            try used(try inner.pipe(input))
            guard inner.atEnd else { throw ReadsWhole() }
            members.formUnion(inner.members)
        }
    }

    /// `{a, "b": .c, (.d): 1, $x}`: shorthand names are members of the
    /// input; no value may be the input.
    private mutating func object(_ input: Value) throws(ReadsWhole) {
        if take("}") { return }
        repeat {
            guard let key = next else { throw ReadsWhole() }
            at += 1
            switch key {
            case .name(let name):
                guard isSymbol(":") else {
                    _ = field(name, of: input)
                    continue
                }
            case .variable(let name):
                if name == "__loc__" || name == "ENV" { throw ReadsWhole() }
                guard isSymbol(":") else { continue }
            case .string(let text, let parts):
                try interpolations(parts, input)
                guard isSymbol(":") else {
                    guard let text else { try used(input); continue }
                    _ = field(text, of: input)
                    continue
                }
            case .symbol("("):
                try used(try pipe(input))
                try expect(")")
            default:
                throw ReadsWhole()
            }
            try expect(":")
            // jq 1.6's object values: terms, `-` terms, and pipes of them.
            var value = try unary(input)
            while take("|") { value = try unary(value) }
            try used(value)
        } while take(",")
        try expect("}")
    }

    /// Names that read what no member holds.
    private static let outside: Set<String> = ["env", "input", "inputs", "input_filename", "__loc__",
                                               "get_search_list", "input_line_number"]
    private static let keywords: Set<String> = ["then", "elif", "else", "end", "as", "catch", "and", "or",
                                                "def", "reduce", "foreach", "label", "import", "include"]

    /// `if`, a literal, or a function: given the input, a function reads it
    /// whole (`length`, `keys`, `map(f)`), but for `empty`, `select(f)` (the
    /// input, when f reads members), `first`, `last` and `limit`; its
    /// arguments are given what the function is given.
    private mutating func call(_ name: String, _ input: Value) throws(ReadsWhole) -> Value {
        if Self.keywords.contains(name) || Self.outside.contains(name) { throw ReadsWhole() }
        switch name {
        case "true", "false", "null", "empty":
            return .derived
        case "if":
            return try conditional(input)
        default:
            break
        }
        var arguments: [Value] = []
        if take("(") {
            repeat { arguments.append(try pipe(input)) } while take(";")
            try expect(")")
        }
        switch (name, arguments.count) {
        case ("select", 1):
            try used(arguments[0])
            return input
        case ("first", 1), ("last", 1):
            return arguments[0]
        case ("limit", 2):
            try used(arguments[0])
            return arguments[1]
        default:
            try used(input)
            for argument in arguments { try used(argument) }
            return .derived
        }
    }

    /// `if c then a elif … else b end`: every part given the input; a
    /// condition may not be it; what it gives is what a branch gives.
    private mutating func conditional(_ input: Value) throws(ReadsWhole) -> Value {
        try used(try pipe(input))
        try expectName("then")
        var value = try pipe(input)
        while isName("elif") {
            at += 1
            try used(try pipe(input))
            try expectName("then")
            value = value.or(try pipe(input))
        }
        if isName("else") {
            at += 1
            value = value.or(try pipe(input))
        } else {
            value = value.or(input)
        }
        try expectName("end")
        return value
    }
}
