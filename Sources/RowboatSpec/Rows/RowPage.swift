#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A block of bytes that rows are appended to: `RowTable`'s pages, and
/// the pages `WrittenRows` are written into away from the list, which a
/// table then adopts as they are. Bytes once written never change, so
/// tables share pages; only a page's owner appends to it, and a table
/// copies its last page first when another table holds it too (copy on
/// write, kept by `RowTable`).
/// (Its fields are not checked for exclusive access at run time: only
/// its owner writes them, as above, and a check a row cost the writing of
/// a million rows 1.5% of its time.)
package final class RowPage: @unchecked Sendable {
    @exclusivity(unchecked) package private(set) var capacity: Int
    @exclusivity(unchecked) package private(set) var count = 0
    @exclusivity(unchecked) package private(set) var base: UnsafeMutablePointer<UInt8>

    /// What a page no row uses any more is replaced by: no bytes.
    package static let none = RowPage(capacity: 0)

    package init(capacity: Int) {
        self.capacity = capacity
        // From malloc, so that `shrinkToFit` can give the rest back in place.
        base = malloc(Swift.max(1, capacity))!.assumingMemoryBound(to: UInt8.self)
    }

    deinit { free(base) }

    /// The bytes written so far. (Inlined where tables read rows, in
    /// another module: a call would hold the page a row.)
    @inlinable package var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Appends `data` and returns where it starts; nil when it does not fit.
    @inline(__always)
    package func append(_ data: UnsafeBufferPointer<UInt8>) -> Int? {
        guard data.count <= capacity - count, let source = data.baseAddress else {
            return data.isEmpty ? count : nil
        }
        (base + count).update(from: source, count: data.count)
        defer { count += data.count }
        return count
    }

    /// Gives the unused room back (the page takes no more rows). Only its
    /// owner may, before anyone else reads it: the bytes may move.
    package func shrinkToFit() {
        guard capacity > count, let moved = realloc(base, Swift.max(1, count)) else { return }
        base = moved.assumingMemoryBound(to: UInt8.self)
        capacity = count
    }

    /// This page, or a copy of its bytes with no room to spare when most
    /// of its room is unused (a page another table adopts: it is never
    /// written to again, and its unused room would be held for nothing).
    package func trimmed() -> RowPage {
        guard capacity - count > Swift.max(count, 4096) else { return self }
        let page = RowPage(capacity: count)
        _ = page.append(bytes)
        return page
    }

    /// A page with the same bytes and capacity.
    package func copy() -> RowPage {
        let page = RowPage(capacity: capacity)
        _ = page.append(bytes)
        return page
    }
}
