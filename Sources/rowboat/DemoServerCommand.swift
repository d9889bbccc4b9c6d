import ArgumentParser
import Foundation
import RowboatDemo

/// `rowboat demo-server --port N`: the demo catalog server in the foreground.
struct DemoServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo-server",
        abstract: "Serve the deterministic demo catalog on 127.0.0.1.")

    @Option(name: .long, parsing: .unconditional, help: "Port to listen on, 0-65535 (0 picks a free one).")
    var port: Int = 8080

    @Option(name: .long, help: "Address to bind (loopback only by default).")
    var host: String = "127.0.0.1"

    func validate() throws {
        try OptionRange.port(port, option: "--port")
    }

    func run() async throws {
        do {
            try await DemoServer.runForever(host: host, port: port) { line in
                FileHandle.standardOutput.write(Data((line + "\n").utf8))
            }
        } catch let error as DemoServerError {
            if case .portInUse = error {
                throw CLIError("\(error); pick another with --port (0 picks a free one)")
            }
            throw CLIError(error.description)
        }
    }
}
