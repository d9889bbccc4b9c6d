import Foundation

/// Memory that grows without moving: a stretch of address space reserved
/// at once (`PROT_NONE`: nothing is charged for it, nothing is resident),
/// its front made usable as it is needed (`mprotect`). What is written in
/// it stays where it is, so a copy of a value that shares it (a search's
/// scan reading the rows' positions) goes on reading while the owner
/// adds after it — where `realloc` cannot grow a block another thread
/// reads without a copy of all of it (80 MB at ten million rows, on the
/// UI thread). Pages are resident only once written, as with `malloc`.
///
/// Only one thread makes it usable further (the owner of its frontier);
/// any may read what is usable. Let go of off the calling thread
/// (`ReleaseElsewhere`): a large stretch goes back to the kernel in tens
/// of milliseconds.
final class ReservedMemory: @unchecked Sendable {
    let base: UnsafeMutableRawPointer
    /// Bytes reserved: the most it can grow to.
    let reserved: Int
    /// Bytes usable from `base` (whole pages).
    private(set) var usable = 0

    /// Reserves `bytes` (rounded up to pages); nil when the address space
    /// cannot be had (a limit on it: the caller keeps to `malloc`).
    init?(reserving bytes: Int) {
        let size = Self.pages(bytes)
        let memory = mmap(nil, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        guard size > 0, let memory, memory != MAP_FAILED else { return nil }
        base = memory
        reserved = size
    }

    /// Makes at least `bytes` from `base` usable (more, when it grows: the
    /// next step doubles what is usable); false when that is past the
    /// reservation or the memory cannot be had.
    func makeUsable(_ bytes: Int) -> Bool {
        guard bytes > usable else { return true }
        guard bytes <= reserved else { return false }
        let target = Swift.min(reserved, Self.pages(Swift.max(bytes, usable * 2)))
        guard mprotect(base + usable, target - usable, PROT_READ | PROT_WRITE) == 0 else { return false }
        usable = target
        return true
    }

    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    static func pages(_ bytes: Int) -> Int {
        (Swift.max(0, bytes) + pageSize - 1) / pageSize * pageSize
    }

    deinit { munmap(base, reserved) }
}
