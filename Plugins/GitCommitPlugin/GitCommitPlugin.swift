import Foundation
import PackagePlugin

/// Build-tool plugin: writes `GitCommit.swift`, the commit the package is
/// built from (`scripts/write-git-commit`), so a plain `swift build` knows it
/// too. The command reruns whenever HEAD moves (a commit, checkout or reset
/// appends to git's HEAD log) or a source file or the index changes, so
/// `rowboat --version` never prints an older commit. (A prebuild command
/// would not do: SwiftPM skips those when it reuses its cached build plan.)
@main
struct GitCommitPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let package = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("GitCommit.swift")
        let sources = context.package.sourceModules.flatMap { $0.sourceFiles.map(\.url) }
        return [.buildCommand(
            displayName: "Recording the git commit for \(target.name)",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: [package.appendingPathComponent("scripts/write-git-commit").path, package.path, output.path],
            inputFiles: Self.gitFiles(package: package) + sources + [package.appendingPathComponent("Package.swift")],
            outputFiles: [output])]
    }

    /// The files git changes when HEAD moves or the index changes: HEAD, its
    /// log, the branch's ref, packed-refs and the index; a worktree's `.git`
    /// file points to its own git folder, which points to the shared one.
    static func gitFiles(package: URL) -> [URL] {
        let dotGit = package.appendingPathComponent(".git")
        var gitDir = dotGit
        if let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir:") {
            gitDir = resolve(text.dropFirst("gitdir:".count), against: package)
        }
        var commonDir = gitDir
        if let text = try? String(contentsOf: gitDir.appendingPathComponent("commondir"), encoding: .utf8) {
            commonDir = resolve(Substring(text), against: gitDir)
        }
        var files = [gitDir.appendingPathComponent("HEAD"), gitDir.appendingPathComponent("logs/HEAD"),
                     gitDir.appendingPathComponent("index"), commonDir.appendingPathComponent("packed-refs")]
        if let head = try? String(contentsOf: gitDir.appendingPathComponent("HEAD"), encoding: .utf8),
           head.hasPrefix("ref: ") {
            let ref = head.dropFirst("ref: ".count).trimmingCharacters(in: .whitespacesAndNewlines)
            files.append(commonDir.appendingPathComponent(ref))
        }
        return files.filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// A path read from a git file: absolute, or relative to `base`.
    static func resolve(_ text: Substring, against base: URL) -> URL {
        let path = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return (path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path))
            .standardizedFileURL
    }
}
