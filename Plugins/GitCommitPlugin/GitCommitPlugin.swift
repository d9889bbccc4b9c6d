import Foundation
import PackagePlugin

/// Build-tool plugin: before every build, writes `GitCommit.swift` with the
/// commit the package is built from (`scripts/write-git-commit`), so a plain
/// `swift build` knows it too and `rowboat --version` never prints an old one.
@main
struct GitCommitPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Generated")
        let package = context.package.directoryURL
        return [.prebuildCommand(
            displayName: "Recording the git commit for \(target.name)",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: [package.appendingPathComponent("scripts/write-git-commit").path,
                        package.path, output.appendingPathComponent("GitCommit.swift").path],
            outputFilesDirectory: output)]
    }
}
