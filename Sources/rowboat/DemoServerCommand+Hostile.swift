import ArgumentParser
import Foundation
import RowboatDemo

extension DemoServerCommand {
    /// `rowboat demo-server --hostile`: the hostile routes, on 127.0.0.1 only.
    func runHostile() async throws {
        guard host == "127.0.0.1" else {
            throw CLIError("--hostile serves on 127.0.0.1 only; drop --host")
        }
        do {
            try await HostileServer.runForever(port: port, otherPort: otherPort) { line in
                FileHandle.standardOutput.write(Data((line + "\n").utf8))
            }
        } catch {
            throw CLIError("\(error)")
        }
    }
}
