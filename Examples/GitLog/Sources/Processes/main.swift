import Foundation
import RowboatKit
import Synchronization

// A browser of this machine's processes, read from /proc, fifty at a time:
// `processes [NAME]` lists those whose name contains NAME. It shows the
// kit's actions with keys and confirm, control from code, a detail hook
// and totals (docs/library.md quotes it).

let filter = CommandLine.arguments.dropFirst().first ?? ""
let me = String(getpid())
let myUID = String(getuid())

/// A process as a row: pid, name, state, owner; running ones green, zombies red.
func row(_ pid: Int32) -> ListRow {
    let status = Proc.status(of: pid)
    let state = status.first { $0.0 == "State" }?.1 ?? "gone"
    let style: ListRowStyle? = state.hasPrefix("R") ? .good : state.hasPrefix("Z") ? .bad : nil
    return ListRow(id: String(pid), title: Proc.name(of: pid), subtitle: state,
                   fields: [ListField(name: "pid", value: String(pid)),
                            ListField(name: "user", value: Proc.owner(of: pid))], style: style)
}

/// The rows loaded so far, for the watcher below.
let shown = Mutex<Set<String>>([])

let controller = ListController(title: filter.isEmpty ? "processes" : "processes · \(filter)")
controller.columns = [ListColumn("pid", title: "PID", width: 8, alignRight: true),
                      ListColumn("title", title: "Name", weight: 2),
                      ListColumn("subtitle", title: "State", weight: 2),
                      ListColumn("user", title: "UID", width: 6)]
controller.features = ListFeatures.all.subtracting([.favorites, .links, .clearCache, .imageRetry])
// In the grid (v), each card lists these under the name and state.
controller.cardFields = ["pid", "user"]

// snippet: totals
controller.onReload {
    let pids = Proc.pids(matching: filter)
    let rows = pids.prefix(50).map(row)
    shown.withLock { $0 = Set(rows.map(\.id)) }
    return ListPage(rows, isLast: pids.count <= 50, total: pids.count)
}
controller.onLoadMore { more in
    // Paging by the last row's pid: processes that started or ended meanwhile do not shift the pages.
    let after = more.lastRow.flatMap { Int32($0.id) } ?? 0
    let pids = Proc.pids(matching: filter)
    let rest = pids.filter { $0 > after }
    let rows = rest.prefix(50).map(row)
    shown.withLock { $0.formUnion(rows.map(\.id)) }
    return ListPage(rows, isLast: rest.count <= 50, total: pids.count)
}
// end snippet

// snippet: detail
controller.onDetail { row in
    guard let pid = Int32(row.id), Proc.exists(pid) else { throw Proc.SignalFailed(description: "process \(row.id) has ended") }
    let status = Proc.status(of: pid)
    let wanted = ["Name", "State", "PPid", "Threads", "VmRSS"]
    return ListDetail(fields: status.filter { wanted.contains($0.0) }.map { ListField(name: $0.0, value: $0.1) },
                      text: status.map { "\($0.0): \($0.1)" }.joined(separator: "\n"))
}
// end snippet

// snippet: actions
controller.addAction("Stop (SIGTERM)", key: "K", confirm: "Send SIGTERM to ${item.title} (${item.id})?",
                     appliesTo: { $0.value("user") == myUID && $0.id != me }) { rows in
    for row in rows {
        guard let pid = Int32(row.id) else { continue }
        try Proc.terminate(pid)
    }
    return ListActionResult(rows.count == 1 ? "sent SIGTERM to \(rows[0].id)" : "sent SIGTERM to \(rows.count) processes",
                            then: .remove)
}
controller.addAction("Refresh its state", key: "U") { rows in
    .replace(rows.compactMap { Int32($0.id) }.filter(Proc.exists).map(row))
}
// end snippet

// snippet: remote
// Control from code: a process that ends leaves the list within a second.
let remote = controller.remote
let watcher = Task.detached {
    while !Task.isCancelled {
        try? await Task.sleep(nanoseconds: 1_000_000_000)
        let ended = shown.withLock { ids in
            let gone = ids.filter { Int32($0).map { !Proc.exists($0) } ?? true }
            ids.subtract(gone)
            return gone
        }
        if !ended.isEmpty { remote.remove(ids: Array(ended)) }
    }
}
let exit = try await controller.run()
watcher.cancel()
// end snippet
if exit.status != 0 { print("stopped by signal \(exit.signal ?? 0)") }
