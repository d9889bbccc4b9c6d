import ArgumentParser
import Foundation
import RowboatTestSupport

/// `rowboat-hostile [--port N] [--other-port N]`: the hostile server of the
/// fault tests (escape sequences in titles, slow, endless and lying bodies,
/// redirect loops, resets) in the foreground on 127.0.0.1 until Ctrl-C, for
/// scripts and for trying Rowboat against it by hand. It is not part of the
/// rowboat binary: `swift run rowboat-hostile`.
@main
struct RowboatHostile: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rowboat-hostile",
        abstract: "Serve the hostile routes for fault tests on 127.0.0.1 (see docs/reliability.md).")

    @Option(name: .long, parsing: .unconditional, help: "Port to listen on, 0-65535 (0 picks a free one).")
    var port: Int = 8090

    @Option(name: .long, parsing: .unconditional,
            help: "The second port, another origin for redirects, 0-65535 (0 picks a free one).")
    var otherPort: Int = 0

    func validate() throws {
        for (value, option) in [(port, "--port"), (otherPort, "--other-port")] where !(0...65535).contains(value) {
            throw ValidationError("\(option) must be a port from 0 to 65535 (0 picks a free one), not \(value)")
        }
    }

    func run() async throws {
        do {
            try await HostileServer.runForever(port: port, otherPort: otherPort) { line in
                FileHandle.standardOutput.write(Data((line + "\n").utf8))
            }
        } catch {
            FileHandle.standardError.write(Data("rowboat-hostile: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}
