import Foundation
import RowboatKit

// packages [STATUS-FILE]: the Debian packages installed on this machine,
// read from dpkg's status file. It shows a search of the program's own
// source (Enter in `/` searches every name and description), a live list
// from snapshots (a package installed or removed meanwhile appears or
// goes in its sorted place), the terminal handed to `less` (L, the
// package's files), copy (V, the version), a status segment of its own and
// a sum of the marked rows' sizes, and a style role for libraries.

let dpkg = Dpkg(statusFile: CommandLine.arguments.dropFirst().first ?? "/var/lib/dpkg/status")

/// A package as a row: libraries in their own style, big ones' sizes in yellow.
func row(_ package: Dpkg.Package) -> ListRow {
    ListRow(id: package.id, title: package.name, subtitle: package.summary,
            fields: [("version", package.version), ("size", Dpkg.human(kib: package.size)), ("kib", String(package.size)),
                     ("section", package.section)],
            style: package.section == "libs" || package.name.hasPrefix("lib") ? "library" : nil,
            cellStyles: package.size > 100_000 ? ["size": .warning] : [:])
}

// snippet: status
/// The rows of `packages`, and the status segment saying how many and how big.
func rows(_ packages: [Dpkg.Package], remote: ListRemote) -> [ListRow] {
    remote.setStatus("\(packages.count) packages · \(Dpkg.human(kib: packages.reduce(0) { $0 + $1.size }))")
    return packages.map(row)
}
// end snippet

let controller = ListController(title: "packages")
let remote = controller.remote
controller.columns = [ListColumn("title", title: "Package", weight: 2, minimum: 14),
                      ListColumn("version", title: "Version", weight: 1, minimum: 10),
                      ListColumn("size", title: "Size", width: 9, alignRight: true),
                      ListColumn("subtitle", title: "Description", weight: 3, minimum: 12)]
controller.moreColumns = [ListColumn("section", title: "Section", width: 12)]
controller.styles["library"] = ListStyleRole(color: .cyan, monochromeBold: false, monochromeUnderline: true)
controller.features = ListFeatures.all.subtracting([.links, .clearCache, .imageRetry])

controller.onReload {
    let all = try dpkg.installed()
    return ListPage(rows(all, remote: remote), isLast: true, total: all.count)
}
// Live from snapshots: the whole list as it is now, applied as a diff.
controller.onLiveSnapshot(every: 2) {
    rows(try dpkg.installed(), remote: remote)
}
// snippet: search
// Enter in `/` searches every package's name and description, fifty at a time.
controller.onSearch { query, more in
    let hits = try dpkg.installed().filter {
        $0.name.localizedCaseInsensitiveContains(query) || $0.summary.localizedCaseInsensitiveContains(query)
            || $0.description.localizedCaseInsensitiveContains(query)
    }
    let page = hits.dropFirst(more.loadedCount).prefix(50)
    return ListPage(page.map(row), isLast: more.loadedCount + page.count >= hits.count, total: hits.count)
}
// end snippet
controller.onMarked { rows in
    "\(Dpkg.human(kib: rows.reduce(0) { $0 + (Int($1.value("kib")) ?? 0) }))"
}
controller.onDetail { row in
    guard let package = try dpkg.installed().first(where: { $0.id == row.id }) else {
        throw DpkgError(description: "\(row.title) is no longer installed")
    }
    let files = dpkg.fileList(of: package).flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
    return ListDetail(fields: [("Version", package.version), ("Architecture", package.architecture),
                               ("Section", package.section), ("Installed size", Dpkg.human(kib: package.size)),
                               ("Maintainer", package.maintainer),
                               ("Files", files.map { "\($0.split(separator: "\n").count)" } ?? "no list")],
                      text: package.description)
}
// snippet: hand-over
// The terminal handed to less, then taken back: the package's files.
controller.addAction("Read its file list", key: "L") { rows in
    guard let package = try dpkg.installed().first(where: { $0.id == rows[0].id }),
          let list = dpkg.fileList(of: package) else { throw DpkgError(description: "dpkg keeps no file list for \(rows[0].title)") }
    return .runInteractive(["less", list])
}
controller.addAction("Copy the version", key: "V") { rows in
    .copy(rows.map { $0.value("version") }.joined(separator: "\n"), what: rows.count == 1 ? "the version" : "\(rows.count) versions")
}
// end snippet

struct DpkgError: Error, CustomStringConvertible {
    var description: String
}

let exit = try await controller.run()
Foundation.exit(exit.status)
