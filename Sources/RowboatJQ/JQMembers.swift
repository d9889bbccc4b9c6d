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

    /// Where `key` (UTF-8) is among `names`, nil when it is not one of them.
    func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        for (i, name) in utf8.enumerated() where name.count == key.count && name.elementsEqual(key) { return i }
        return nil
    }
}
