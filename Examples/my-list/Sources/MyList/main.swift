import RowboatKit

// Built by CI from a folder whose name is not the package's: the docs' path dependency, as written.
let controller = ListController(title: "letters")
controller.onReload {
    ListPage("abcdefghijklmnopqrstuvwxyz".map { ListRow(id: String($0), title: String($0).uppercased()) }, isLast: true,
             total: 26)
}
_ = try await controller.run()
