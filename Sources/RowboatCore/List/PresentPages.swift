import Foundation

/// Making memory's pages present before they are written
/// (`MADV_POPULATE_WRITE`: each zeroed by the kernel, its content left as
/// it is): the kernel gives a stretch of pages in one call, faster than
/// one fault a page at the first write, and from two cores at once the
/// faults do not share. Only the whole pages within the bytes are asked
/// for (`madvise` takes page bounds); on a kernel without it nothing is
/// done, and the writes fault the pages in as before.
enum PresentPages {
    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Makes the whole pages within `count` bytes from `start` present.
    static func populate(_ start: UnsafeMutableRawPointer, bytes count: Int) {
        let page = UInt(pageSize)
        let first = (UInt(bitPattern: start) + page - 1) & ~(page - 1)
        let end = (UInt(bitPattern: start) + UInt(Swift.max(0, count))) & ~(page - 1)
        guard end > first, let pointer = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(pointer, Int(end - first), MADV_POPULATE_WRITE)
    }
}
