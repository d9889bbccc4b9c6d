import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging

/// The demo's WebSocket (Config/streams.yaml's Ticker tab):
/// `GET /ws/market?every=MS&count=N` upgraded to a WebSocket. It sends
/// nothing until the client subscribes with one text message,
/// `{"op": "subscribe", "channel": "market", "symbols": ["ACME", …]}`
/// (`symbols` optional: all 20); then the market's events (the same
/// `DemoStreamRoutes.tick` rows as `/api/market`, keyed by symbol, for
/// `mode: upsert`) of those symbols, one text message each, every `every`
/// ms (default 200). With `count`, it closes normally after that many. A
/// subscribe it cannot read is answered by a close frame (1008, policy
/// violation) whose reason says what it wants. Event `n` is the same every
/// time; each connection starts again at event 1.
package enum DemoWebSocketRoutes {
    /// The path that upgrades.
    static let path = "/ws/market"

    /// What to do with a request that asks for an upgrade: the market's
    /// handler on its path, no upgrade elsewhere (an ordinary route answers).
    static func shouldUpgrade(_ request: HTTPRequest, onRequest: (@Sendable (String) -> Void)?)
        -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
        let url = URLComponents(string: request.path ?? "")
        guard url?.path == path else { return .dontUpgrade }
        onRequest?(path)
        let query = Dictionary((url?.queryItems ?? []).map { ($0.name, $0.value ?? "") }) { first, _ in first }
        let every = DemoStreamRoutes.milliseconds(query["every"], default: 200)
        let count = query["count"].flatMap { Int($0) }
        return .upgrade([:]) { inbound, outbound, _ in
            var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
            guard case .text(let first)? = try await messages.next() else { return }
            let symbols: Set<String>
            switch subscription(first) {
            case .success(let wanted): symbols = wanted
            case .failure(let refusal):
                try await outbound.close(.policyViolation, reason: refusal.reason)
                return
            }
            var sent = 0
            var n = 1
            while count.map({ sent < $0 }) ?? true {
                let symbol = DemoStreamRoutes.symbols[(n - 1) % DemoStreamRoutes.symbols.count]
                if symbols.contains(symbol) {
                    try await outbound.write(.text(DemoStreamRoutes.tick(n)))
                    sent += 1
                    try await Task.sleep(for: every)
                }
                n += 1
            }
            try await outbound.close(.normalClosure, reason: nil)
        }
    }

    /// Why a subscribe message was refused: the close frame's reason (at most 123 bytes).
    struct Refusal: Error {
        var reason: String
    }

    /// The symbols a subscribe message asks for, or why it cannot be read.
    static func subscription(_ text: String) -> Result<Set<String>, Refusal> {
        let want = #"send {"op":"subscribe","channel":"market"}"#
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
            return .failure(Refusal(reason: "not JSON: " + want))
        }
        guard object["op"] as? String == "subscribe" else { return .failure(Refusal(reason: "no op subscribe: " + want)) }
        guard let channel = object["channel"] as? String, channel == "market" else {
            return .failure(Refusal(reason: "unknown channel: " + want))
        }
        guard let list = object["symbols"] else { return .success(Set(DemoStreamRoutes.symbols)) }
        guard let names = list as? [String], !names.isEmpty else {
            return .failure(Refusal(reason: "symbols is a list of names, such as [\"ACME\"]"))
        }
        if let unknown = names.first(where: { !DemoStreamRoutes.symbols.contains($0) }) {
            return .failure(Refusal(reason: "unknown symbol \(unknown.prefix(20)) (ACME to TIDE)"))
        }
        return .success(Set(names))
    }
}
