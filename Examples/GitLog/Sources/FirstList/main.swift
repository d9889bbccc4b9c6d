import RowboatKit

// A list of the numbers 1 to 1,000, twenty at a time: the smallest
// complete RowboatKit program.
let controller = ListController(title: "numbers")
controller.onReload {
    ListPage((1...20).map { ListRow(id: "\($0)", title: "Number \($0)") }, isLast: false)
}
controller.onLoadMore { more in
    let first = more.loadedCount + 1
    let last = min(first + 19, 1_000)
    return ListPage((first...last).map { ListRow(id: "\($0)", title: "Number \($0)") }, isLast: last == 1_000)
}
let exit = try await controller.run()
if exit.status != 0 { print("stopped by signal \(exit.signal ?? 0)") }
