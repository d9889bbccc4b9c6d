import Foundation
import RowboatDemo
import Testing
import RowboatTestSupport

/// A server that is not there, as a new user meets it: the real binary in
/// tmux on a config whose server refuses connections shows the refusal on
/// its first screen (no spinner until a deadline); how fast is measured
/// by rowboat-bench's dead-server row, not here.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct DeadServerEndToEndTests {
    @Test func aRefusedConnectionIsTheFirstScreen() async throws {
        let dead = try RefusingPort()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("dead-\(UUID().uuidString.prefix(8)).yaml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try """
        server: \(dead.baseURL)
        interfaces:
          items: {url: /api/items, response: {list: datas.list}, item: {id: id, title: title}}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let tmux = try TmuxSession(arguments: ["--config", path])
        let screen = try await tmux.waitForScreen { $0.contains("press r to retry") }
        #expect(screen.contains("Could not load the list"))
        #expect(screen.contains("network: connection refused by 127.0.0.1:\(dead.port)"))
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty)
        #expect(tmux.file("before") == tmux.file("after"))
    }
}
