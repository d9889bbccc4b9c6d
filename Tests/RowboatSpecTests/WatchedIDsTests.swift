import Testing
@testable import RowboatSpec

/// `fetch --watch`'s memory of printed ids: each id printed once, and at
/// most `limit` ids kept, the oldest forgotten first.
@Suite struct WatchedIDsTests {
    func items(_ ids: [Int]) -> [Item] { ids.map { Item(id: String($0), values: [:]) } }

    @Test func onlyItemsNotSeenBeforeInTheirOrder() {
        var seen = WatchedIDs()
        let first = seen.fresh(items([3, 2, 1]))
        #expect(first.map(\.id) == ["3", "2", "1"])
        let second = seen.fresh(items([5, 4, 3, 2, 1]))
        #expect(second.map(\.id) == ["5", "4"])
        let third = seen.fresh(items([5, 4]))
        #expect(third.isEmpty && seen.count == 5)
    }

    @Test func theOldestAreForgottenPastTheLimit() {
        var seen = WatchedIDs(limit: 3)
        for id in 1...1_000 { seen.insert(String(id)) }
        #expect(seen.count == 3)
        let again = (seen.insert("1000"), seen.insert("998"))
        #expect(again == (false, false))
        let forgotten = seen.insert("997")   // forgotten, so new again
        #expect(forgotten)
        #expect(seen.count == 3)
    }
}
