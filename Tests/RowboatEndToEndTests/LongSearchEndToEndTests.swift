import Foundation
import Testing

/// `/` on a list past the rows searched at once (65,536), in the real
/// binary: Config/bulk.yaml with 70,000 items from `rowboat demo-server`.
/// The matches are found off the UI thread and come to the prompt; a key
/// typed meanwhile replaces the search under way; Esc selects the match
/// in the whole list.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct LongSearchEndToEndTests {
    @Test func aLongListIsSearchedAndTheMatchSelected() async throws {
        let (items, server, tmux) = try await LocalSortEndToEndTests.bulkList(items: 70_000)
        defer { withExtendedLifetime(server) {} }
        try tmux.send("/")
        try await tmux.waitForScreen { $0.contains("\(items) of \(items) loaded match") }
        // Typed at once: each key may replace the search before it ends; the last one's matches come.
        // Only item 69999's title holds "69999" (its maker is "Maker 0"…"Maker 96", its price has a point).
        try tmux.send("6", "9", "9", "9", "9")
        let screen = try await tmux.waitForScreen(timeout: 60) { $0.contains("/69999▏  1 of \(items) loaded match") }
        #expect(screen.contains(" 69999 "))
        try tmux.send("Enter")
        try await tmux.waitForScreen { $0.contains("/69999  1 of \(items) loaded match") }
        try tmux.send("Escape")
        // The list scrolled to the match (it showed items 1… before).
        try await tmux.waitForScreen { !$0.contains("loaded match") && $0.contains("all loaded") && $0.contains(" 69999 ") }
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty)
    }
}
