/// The cursors a walk over pages has followed that the *server* chose —
/// cursor tokens, last-item ids and next-page URLs — so that a cursor seen
/// before is caught as a paging loop however long the cycle
/// (A → B → A, or p=1 → p=2 → p=3 → p=1).
///
/// Memory stays bounded: each cursor is kept as a 64-bit FNV-1a hash (8
/// bytes, whatever the cursor's length), and a walk is capped by
/// `paging.maxPages` anyway. Page numbers and offsets are not kept: they
/// only grow, so they cannot loop. A hash collision can only end a walk
/// early with the loop notice; it never fetches a wrong page.
public struct CursorTrail: Sendable, Equatable {
    private var hashes: Set<UInt64> = []

    public init() {}

    /// Remembers `cursor` as followed.
    public mutating func insert(_ cursor: PageCursor) {
        if let hash = Self.hash(cursor) { hashes.insert(hash) }
    }

    /// True when `cursor` was followed before in this walk.
    public func contains(_ cursor: PageCursor) -> Bool {
        Self.hash(cursor).map(hashes.contains) ?? false
    }

    /// How many cursors are remembered.
    public var count: Int { hashes.count }

    /// The kind of cursor a loop repeats, for the one-line notice.
    public static func noun(for cursor: PageCursor) -> String {
        if case .url = cursor { return "next-page URL" }
        return "cursor"
    }

    static func hash(_ cursor: PageCursor) -> UInt64? {
        switch cursor {
        case .token(let text): fnv1a(text, kind: 0x74)   // "t"
        case .url(let text): fnv1a(text, kind: 0x75)     // "u"
        case .first, .page, .offset: nil
        }
    }

    /// 64-bit FNV-1a over a kind byte and the text's UTF-8 bytes.
    static func fnv1a(_ text: String, kind: UInt8) -> UInt64 {
        FNV1a.hash(text.utf8, from: FNV1a.hash(CollectionOfOne(kind)))
    }
}
