/// The mapping of items that are plain values (a list of names, of tags:
/// `{"repositories": ["library/a", "library/b"]}`), written `item: value` in
/// a config: each value is the item's id and its title.
extension ItemMapping {
    /// How a config writes it.
    public static let valueForm = "value"

    /// Each item's value is its id and its title (the empty path reads the item itself).
    public static let value = ItemMapping(fields: [FieldSpec(name: "id", path: JSONPath(steps: [])),
                                                   FieldSpec(name: "title", path: JSONPath(steps: []))])

    /// True for the plain-value mapping.
    public var isValueForm: Bool {
        fields.count == 2 && fields.allSatisfy { $0.path.steps.isEmpty && $0.type == .text }
            && field("id") != nil && field("title") != nil
    }
}
