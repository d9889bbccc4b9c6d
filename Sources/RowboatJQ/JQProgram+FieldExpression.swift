import RowboatSpec

/// A jq program as a mapped field's expression (`{jq: …}`): its first
/// output, or nil (the field's default) when it gives none, fails or hits
/// a bound.
extension JQProgram: FieldExpression {
    public func value<Node: JSONNode>(of element: Node) -> JSONValue? {
        (try? first(element)) ?? nil
    }
}
