import Foundation

/// Runs `git` in a repository and returns what it printed.
struct Git: Sendable {
    let directory: String

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: message, as: UTF8.self).split(separator: "\n").first.map(String.init)
            throw Failure(description: text ?? "git \(arguments.first ?? "") failed")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// `count` commits after the first `skip`, newest first.
    func log(skip: Int, count: Int) throws -> [Commit] {
        Commit.parse(try run(["log", "--format=\(Commit.format)", "--skip=\(skip)", "-n", "\(count)"]))
    }
}
