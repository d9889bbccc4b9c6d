/// Reads a `text/event-stream` body as it arrives, following the WHATWG
/// HTML standard's "event stream interpretation": lines end in CR, LF or
/// CRLF (also when a CRLF is split across two chunks); a UTF-8 BOM at the
/// very start is skipped; `:` lines are comments; `data:` lines join with
/// LF; one space after the colon is stripped; `id:` sets the last event id
/// unless it holds NUL; `retry:` of ASCII digits only sets the reconnection
/// time; a blank line dispatches, except an event with no `data:` line (the
/// spec's empty data buffer); an
/// event cut off by the end of the stream is never dispatched.
///
/// Memory is bounded: an event (or a single line) over `maxEventBytes` is
/// dropped whole and counted in `oversized`, and the stream goes on.
public struct ServerSentEventParser: Sendable {
    /// The last event id (sent back as `Last-Event-ID` on a reconnect).
    public private(set) var lastEventID = ""
    /// The reconnection time the server asked for with `retry:`, in ms.
    public private(set) var retryMilliseconds: Int?
    /// Events dropped because they were over `maxEventBytes`.
    public private(set) var oversized = 0
    public let maxEventBytes: Int

    private var line: [UInt8] = []
    private var afterCR = false
    private var atStart = true
    private var data: [UInt8] = []
    private var hasData = false
    private var eventType: [UInt8] = []
    private var idBuffer: [UInt8] = []
    private var tooBig = false

    /// `lastEventID`: the id already known (a reconnect keeps it).
    public init(lastEventID: String = "", maxEventBytes: Int = 4 << 20) {
        self.lastEventID = lastEventID
        self.idBuffer = Array(lastEventID.utf8)
        self.maxEventBytes = maxEventBytes
    }

    /// Feeds the next bytes of the body; returns the events they complete.
    public mutating func feed<C: Collection>(_ bytes: C) -> [ServerSentEvent] where C.Element == UInt8 {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            switch byte {
            case 0x0A:
                if afterCR { afterCR = false; continue }
                endLine(into: &events)
            case 0x0D:
                endLine(into: &events)
                afterCR = true
            default:
                afterCR = false
                if line.count < maxEventBytes { line.append(byte) } else { tooBig = true }
            }
        }
        return events
    }

    private mutating func endLine(into events: inout [ServerSentEvent]) {
        defer { line.removeAll(keepingCapacity: line.count < 4096) }
        var body = line[...]
        if atStart {
            atStart = false
            if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        }
        if body.isEmpty { return dispatch(into: &events) }
        if body.first == 0x3A { return }  // a comment
        let field: ArraySlice<UInt8>
        var value: ArraySlice<UInt8>
        if let colon = body.firstIndex(of: 0x3A) {
            field = body[..<colon]
            value = body[(colon + 1)...]
            if value.first == 0x20 { value = value.dropFirst() }
        } else {
            field = body
            value = []
        }
        switch String(decoding: field, as: UTF8.self) {
        case "event":
            eventType = Array(value)
        case "data":
            if hasData { data.append(0x0A) }
            data.append(contentsOf: value)
            hasData = true
            if data.count > maxEventBytes { tooBig = true; data.removeAll() }
        case "id":
            if !value.contains(0) { idBuffer = Array(value) }
        case "retry":
            if !value.isEmpty, value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                retryMilliseconds = value.count > 9 ? 999_999_999 : Int(String(decoding: value, as: UTF8.self))
            }
        default:
            break
        }
    }

    private mutating func dispatch(into events: inout [ServerSentEvent]) {
        lastEventID = String(decoding: idBuffer, as: UTF8.self)
        defer {
            data.removeAll(keepingCapacity: data.count < 4096)
            hasData = false
            eventType = []
            tooBig = false
        }
        if tooBig { oversized += 1; return }
        guard hasData else { return }
        let type = eventType.isEmpty ? "message" : String(decoding: eventType, as: UTF8.self)
        events.append(ServerSentEvent(type: type, data: String(decoding: data, as: UTF8.self), lastEventID: lastEventID))
    }
}
