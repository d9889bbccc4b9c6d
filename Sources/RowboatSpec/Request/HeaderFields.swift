/// HTTP header fields as name and value pairs, looked up by name in one
/// place: names match in any case (`Content-Type` is `content-type`), and a
/// field sent more than once reads as its values joined with ", ", as HTTP
/// allows a repeated field to be combined.
extension Array where Element == (String, String) {
    /// The value of the field `name`, or nil when there is none.
    public func header(_ name: String) -> String? {
        let values = filter { Self.sameName($0.0, name) }.map(\.1)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }

    /// True when a field `name` is there.
    public func hasHeader(_ name: String) -> Bool {
        contains { Self.sameName($0.0, name) }
    }

    /// The field `name` as these headers spell it (`X-Total-Count`), nil
    /// when there is none.
    public func headerSpelling(_ name: String) -> String? {
        first { Self.sameName($0.0, name) }?.0
    }

    /// Removes every field named `name`, or any of `names`.
    public mutating func removeHeaders(_ names: String...) {
        removeAll { field in names.contains { Self.sameName(field.0, $0) } }
    }

    /// Removes every field whose name is in `names` (lowercased).
    public mutating func removeHeaders(lowercased names: Set<String>) {
        removeAll { names.contains($0.0.lowercased()) }
    }

    /// Field names compare in any case.
    static func sameName(_ a: String, _ b: String) -> Bool {
        a.lowercased() == b.lowercased()
    }
}
