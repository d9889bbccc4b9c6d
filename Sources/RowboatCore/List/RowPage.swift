import RowboatSpec

/// A block of bytes that `RowTable` appends rows to. Bytes once written
/// never change, so tables share pages; only the last page of a table
/// takes more rows, and a table copies it first when another table
/// holds it too (copy on write, kept by `RowTable`).
final class RowPage: @unchecked Sendable {
    let capacity: Int
    private(set) var count = 0
    let base: UnsafeMutablePointer<UInt8>

    /// What a page no row uses any more is replaced by: no bytes.
    static let none = RowPage(capacity: 0)

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    /// A page holding `bytes` (room for `capacity` at least).
    convenience init(copying bytes: [UInt8], capacity: Int) {
        self.init(capacity: Swift.max(capacity, bytes.count))
        bytes.withUnsafeBufferPointer { _ = append($0) }
    }

    deinit { base.deallocate() }

    /// The bytes written so far.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Appends `data` and returns where it starts; nil when it does not fit.
    func append(_ data: UnsafeBufferPointer<UInt8>) -> Int? {
        guard data.count <= capacity - count, let source = data.baseAddress else {
            return data.isEmpty ? count : nil
        }
        (base + count).update(from: source, count: data.count)
        defer { count += data.count }
        return count
    }

    /// This page, or a copy of its bytes with no room to spare when most
    /// of its room is unused (a page another table adopts: it is never
    /// written to again, and its unused room would be held for nothing).
    func trimmed() -> RowPage {
        guard capacity - count > Swift.max(count, 4096) else { return self }
        let page = RowPage(capacity: count)
        _ = page.append(bytes)
        return page
    }

    /// A page with the same bytes and capacity.
    func copy() -> RowPage {
        let page = RowPage(capacity: capacity)
        _ = page.append(bytes)
        return page
    }
}
