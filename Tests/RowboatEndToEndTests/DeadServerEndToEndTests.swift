import Foundation
import Testing

/// A server that is not there, as a new user meets it: the real binary in
/// tmux on a config whose server refuses connections shows the refusal on
/// its first screen (no spinner until a deadline); how fast is measured
/// by rowboat-bench's dead-server row, not here.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct DeadServerEndToEndTests {
    /// A loopback port bound and never listening (connects are refused)
    /// while the returned socket stays open.
    static func refusingPort() throws -> (socket: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    @Test func aRefusedConnectionIsTheFirstScreen() async throws {
        let (fd, port) = try Self.refusingPort()
        defer { close(fd) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("dead-\(UUID().uuidString.prefix(8)).yaml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try """
        server: http://127.0.0.1:\(port)
        interfaces:
          items: {url: /api/items, response: {list: datas.list}, item: {id: id, title: title}}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let tmux = try TmuxSession(arguments: ["--config", path])
        let screen = try await tmux.waitForScreen { $0.contains("press r to retry") }
        #expect(screen.contains("Could not load the list"))
        #expect(screen.contains("network: connection refused by 127.0.0.1:\(port)"))
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty)
        #expect(tmux.file("before") == tmux.file("after"))
    }
}
