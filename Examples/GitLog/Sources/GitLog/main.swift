import Foundation
import RowboatKit

// rowboat-git-log [REPOSITORY]: the commits of a git repository as a
// terminal list, fifty at a time — newest first, more as you scroll, the
// full message in the detail (Enter), "Show stat" in the action sheet (a),
// and S to read the whole commit in git's pager.

let directory = CommandLine.arguments.dropFirst().first ?? "."
let git = Git(directory: directory)
let pageSize = 50

let controller = ListController(title: "git log")
controller.columns = [
    ListColumn("title", title: "Subject", weight: 3, minimum: 20),
    ListColumn("subtitle", title: "Author", weight: 1, minimum: 10),
    ListColumn("commit", title: "Commit", width: 9),
    ListColumn("when", title: "When", width: 16),
]
controller.onReload {
    let commits = try git.log(skip: 0, count: pageSize)
    return ListPage(commits, isLast: commits.count < pageSize)
}
controller.onLoadMore { more in
    let commits = try git.log(skip: more.loadedCount, count: pageSize)
    return ListPage(commits, isLast: commits.count < pageSize)
}
controller.addAction("Show stat") { rows in
    try await rows.eachRow { row in
        let stat = try git.run(["show", "--stat", "--format=", row.value("hash")])
        return stat.split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "no changes"
    }
}
// The whole commit in git's own pager: the terminal is git's until it exits, then the list comes back.
controller.addAction("Show the commit", key: "S") { rows in
    .runInteractive(["git", "-C", directory, "show", rows[0].value("hash")])
}

let exit = try await controller.run()
Foundation.exit(exit.status)
