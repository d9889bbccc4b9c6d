import Foundation
import Testing

/// Config/bulk.yaml in the real binary: one response of many items from
/// `rowboat demo-server`'s /api/bulk, decoded while it arrives (40,000
/// items, about 4 MB: past the 1 MB at which a body streams, small enough
/// for a debug build).
@Suite(.serialized, .timeLimit(.minutes(2)))
struct HugeResponseEndToEndTests {
    typealias DemoServer = KeysThemeEndToEndTests.DemoServer

    @Test func aHugeResponseFillsTheListAndItsLastItemOpens() async throws {
        let server = try await DemoServer()
        let config = try APIShapesEndToEndTests().config("bulk.yaml", server: server,
                                                         edits: [("items: 1000000", "items: 40000")])
        let tmux = try TmuxSession(arguments: ["--config", config], columns: 120)
        try await tmux.waitForScreen { $0.contains("Copper Lantern 1") }
        try await tmux.waitForScreen { $0.contains("bulk · 40000/40000 · page 1 · all loaded") }
        try tmux.send("G")
        // Item 40,000's maker is "Maker 36" (40,000 mod 97).
        try await tmux.waitForScreen { $0.split(separator: "\n").contains { $0.contains(" 40000 ") && $0.contains("Maker 36") } }
        try tmux.send("Enter")
        let detail = try await tmux.waitForScreen { $0.contains("esc back") }
        #expect(detail.contains("40000"))
        try tmux.send("Escape", "q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty)
        #expect(tmux.file("before") == tmux.file("after"))
    }
}
