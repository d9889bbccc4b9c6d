/// The members an expression reads (`JQReads.members`), as names and as
/// UTF-8, to pick them from simdjson's tape without making a `String`
/// of each key.
struct JQMembers: Sendable {
    /// The names, sorted.
    let names: [String]
    private let utf8: [[UInt8]]

    /// Nil when `reads` is `.whole`.
    init?(_ reads: JQReads) {
        guard case .members(let set) = reads else { return nil }
        names = set.sorted()
        utf8 = names.map { Array($0.utf8) }
    }

    /// True when `key` (UTF-8) is one of them.
    func contains(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        for name in utf8 where name.count == key.count && name.elementsEqual(key) { return true }
        return false
    }
}
