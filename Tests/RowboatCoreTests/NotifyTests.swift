import Testing
@testable import RowboatCore
@testable import RowboatSpec
@testable import RowboatParsing

/// `notify:` rules: on new rows, on a field changing, on a row meeting a
/// condition; the text filled from the row's fields, one clean line, no
/// secret; at most one notification a tab every `notifications.every`,
/// the rows met meanwhile counted into the next.
@Suite("Notifications")
struct NotifyTests {
    typealias F = Fixtures

    func config(_ notify: String, notifications: String = "") throws -> RowboatConfig {
        try ConfigLoader.parse("""
        server: http://127.0.0.1:1
        \(notifications)
        interfaces:
          feed:
            url: /feed
            refresh: {every: 5s}
            item: {id: id, title: name, level: level, price: {path: price, type: number}}
            notify:
        \(notify)
        """, file: "n.yaml")
    }

    func row(_ id: String, _ title: String, level: String = "info", price: String = "1") -> RowModel {
        RowModel(id: id, title: title, fields: ["id": .text(id), "title": .text(title), "level": .text(level), "price": .text(price)])
    }

    @Test func rulesMeetNewChangedAndMatchingRows() throws {
        let rules = try config("""
              - {on: new, text: "New: ${item.title}"}
              - {on: change, field: price, text: "${item.title} now ${item.price}"}
              - {on: match, when: "level = error", text: "Failed: ${item.title}", title: Alarm}
        """).endpoint("feed")!.notify
        let notices = Notice.of(rules, new: [row("1", "Lamp"), row("2", "Desk", level: "error")],
                                changed: [(row("3", "Rug", price: "9"), ["price"]), (row("4", "Cup"), ["title"])], now: 0)
        #expect(notices == [Notice(title: nil, text: "New: Lamp", rows: 2), Notice(title: nil, text: "Rug now 9", rows: 1),
                            Notice(title: "Alarm", text: "Failed: Desk", rows: 1)])
        #expect(Notice.of(rules, new: [], changed: [(row("4", "Cup"), ["title"])], now: 0) == [], "no rule met: nothing")
        let escaped = Notice.of(rules, new: [row("5", "Evil\u{1B}]52;c;x\u{07}lamp")], changed: [], now: 0)
        #expect(escaped.first?.text.contains("\u{1B}") == false && escaped.first?.text.contains("\u{07}") == false)
    }

    @Test func conditionsCompareAsTheyRead() {
        #expect(Notice.meets("$1,204.50", relation: ">", value: "1000"))
        #expect(!Notice.meets("n/a", relation: ">", value: "1000"))
        #expect(Notice.meets("Brass Lamp", relation: "~", value: "brass"))
        #expect(Notice.meets("12.0", relation: "=", value: "12") && !Notice.meets("error2", relation: "=", value: "error"))
    }

    @Test func configMistakesAreOneLineWithTheKey() {
        func error(_ notify: String) -> String? {
            do { _ = try config(notify); return nil } catch { return "\(error)" }
        }
        #expect(error("      - {on: soon, text: x}")?.contains("interfaces.feed.notify[0].on: expected one of new, change, match, found \"soon\"") == true)
        #expect(error("      - {on: change, field: prise, text: x}")?.contains("unknown field \"prise\"; did you mean \"price\"?") == true)
        #expect(error("      - {on: match, when: level, text: x}")?.contains("expected a condition like \"level = error\"") == true)
        #expect(error("      - {on: new, text: \"${env.TOKEN}\"}") != nil, "the environment never reaches a notification")
        #expect(error("      - {on: new, text: \"${item.nope}\"}")?.contains("unknown field \"nope\"") == true)
        #expect(error("      - {on: new}")?.contains("missing required key \"text\"") == true)
    }

    @Test func aTabNotifiesAtMostOnceAPeriodAndCountsWhatWaited() throws {
        var state = AppState(config: try config("      - {on: new, text: \"New: ${item.title}\"}",
                                                notifications: "notifications: {via: osc9, every: 10s}"))
        #expect(state.notifications == NotifySettings(via: .osc9, every: 10))
        _ = AppReducer.reduce(&state, .clock(100))
        _ = AppReducer.reduce(&state, .list(.appeared))
        _ = AppReducer.reduce(&state, .answer(.tab("feed"), .pageLoaded(requestID: 1, PageLoad(rows: [row("1", "Lamp")], fetchedAt: 100))))
        func tick(_ rows: [RowModel], at time: Double) -> [AppEffect] {
            _ = AppReducer.reduce(&state, .clock(time))
            let id = state.list.inFlight?.id ?? 0
            return AppReducer.reduce(&state, .answer(.tab("feed"), .pageLoaded(requestID: id, PageLoad(rows: rows, fetchedAt: time))))
        }
        #expect(tick([row("2", "Desk"), row("1", "Lamp")], at: 105)
                == [.sendNotifications([Notice(title: "feed", text: "New: Desk", rows: 1)])])
        #expect(tick([row("3", "Rug"), row("4", "Cup"), row("2", "Desk")], at: 110) == [], "5 s later: held back")
        #expect(tick([row("5", "Pot"), row("3", "Rug")], at: 116)
                == [.sendNotifications([Notice(title: "feed", text: "New: Pot · 2 earlier", rows: 1)])])
    }

    @Test func aWatchedRowNotifiesWhenItChanges() throws {
        var state = AppState(config: try ConfigLoader.parse("""
        server: http://127.0.0.1:1
        notifications: {via: osc9, every: 1s}
        interfaces:
          feed: {url: /feed, refresh: {every: 5s}, item: {id: id, title: name, price: {path: price, type: number}}}
        """, file: "w.yaml"))
        _ = AppReducer.reduce(&state, .clock(100))
        _ = AppReducer.reduce(&state, .list(.appeared))
        _ = AppReducer.reduce(&state, .answer(.tab("feed"), .pageLoaded(requestID: 1, PageLoad(rows: [row("1", "Lamp"), row("2", "Desk")], fetchedAt: 100))))
        _ = AppReducer.reduce(&state, .list(.move(.down)))
        _ = AppReducer.reduce(&state, .toggleWatch)
        #expect(state.list.watched == ["2"] && state.toast?.text == "watching Desk: a notification when it changes")
        func tick(_ rows: [RowModel], at time: Double) -> [AppEffect] {
            _ = AppReducer.reduce(&state, .clock(time))
            return AppReducer.reduce(&state, .answer(.tab("feed"), .pageLoaded(requestID: state.list.inFlight?.id ?? 0,
                                                                                PageLoad(rows: rows, fetchedAt: time))))
        }
        #expect(tick([row("1", "Lamp", price: "2"), row("2", "Desk")], at: 105) == [], "another row changed: nothing")
        #expect(tick([row("1", "Lamp", price: "2"), row("2", "Desk", price: "7")], at: 110)
                == [.sendNotifications([Notice(title: "Watched", text: "Desk changed: price", rows: 1)])])
        _ = AppReducer.reduce(&state, .toggleWatch)
        #expect(state.list.watched.isEmpty && state.toast?.text == "no longer watching Desk")
    }
}
