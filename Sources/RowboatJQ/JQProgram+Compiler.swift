import RowboatSpec

extension ExpressionCompiler {
    /// jq's compiler (`JQProgram`): what the `rowboat` app gives its state
    /// for the local filter's `jq:` conditions.
    public static let jq = ExpressionCompiler(name: "jq") { source in
        do throws(JQError) {
            return .success(try JQProgram(source))
        } catch {
            return .failure(ExpressionError("jq: " + error.message))
        }
    }
}
