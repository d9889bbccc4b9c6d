// swift-tools-version:6.1
// A package in a folder whose name (my-list) is not its name (MyList), depending on Rowboat by path exactly as
// docs/library.md says; CI builds it (.ci/run).
import PackageDescription

let package = Package(
    name: "MyList",
    platforms: [.macOS(.v14)],
    dependencies: [
        // A path dependency is named after its folder unless `name:` says otherwise.
        .package(name: "Rowboat", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "my-list", dependencies: [.product(name: "RowboatKit", package: "Rowboat")],
                          path: "Sources/MyList"),
        // Thumbnails over HTTP: the second product, for the program that wants them.
        .executableTarget(name: "my-pictures", dependencies: [.product(name: "RowboatKit", package: "Rowboat"),
                                                             .product(name: "RowboatKitHTTP", package: "Rowboat")],
                          path: "Sources/MyPictures"),
    ],
    swiftLanguageModes: [.v6]
)
