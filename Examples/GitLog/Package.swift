// swift-tools-version:6.1
// An example of a program built on RowboatKit alone: `swift run rowboat-git-log [REPOSITORY]`
// browses a repository's commits; `swift run first-list` is docs/library.md's first example.
import PackageDescription

let package = Package(
    name: "GitLog",
    platforms: [.macOS(.v14)],
    dependencies: [
        // RowboatKit alone: without the HTTP trait none of Rowboat's package dependencies is resolved or downloaded.
        .package(name: "Rowboat", path: "../..", traits: []),
    ],
    targets: [
        .executableTarget(name: "rowboat-git-log", dependencies: [.product(name: "RowboatKit", package: "Rowboat")],
                          path: "Sources/GitLog"),
        .executableTarget(name: "first-list", dependencies: [.product(name: "RowboatKit", package: "Rowboat")],
                          path: "Sources/FirstList"),
        .executableTarget(name: "processes", dependencies: [.product(name: "RowboatKit", package: "Rowboat")],
                          path: "Sources/Processes"),
        .executableTarget(name: "packages", dependencies: [.product(name: "RowboatKit", package: "Rowboat")],
                          path: "Sources/Packages"),
    ],
    swiftLanguageModes: [.v6]
)
