/// What makes an expression typed at run time (the local filter's `jq:`
/// condition) into a `FieldExpression`: given by the runtime that has a
/// compiler (the `rowboat` app gives jq's), `.none` elsewhere. Compared
/// by its name.
public struct ExpressionCompiler: Sendable, Equatable {
    /// "jq", or "none".
    public let name: String
    /// The compiled expression, or one line saying why it does not compile.
    public let compile: @Sendable (String) -> Result<any FieldExpression, ExpressionError>

    public init(name: String, compile: @escaping @Sendable (String) -> Result<any FieldExpression, ExpressionError>) {
        self.name = name
        self.compile = compile
    }

    /// No compiler: every expression is refused with one line.
    public static let none = ExpressionCompiler(name: "none") { _ in
        .failure(ExpressionError("jq expressions are not available here"))
    }

    public static func == (a: ExpressionCompiler, b: ExpressionCompiler) -> Bool { a.name == b.name }
}

/// One line saying why an expression does not compile.
public struct ExpressionError: Error, Sendable, Equatable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }
}
