/// `rowboat fetch --watch --changes`: what changed, one JSON Line each, as
/// the items come (a live first page asked for again, or a stream's
/// events): `{"change":"new","item":{…}}` for an id not seen before,
/// `{"change":"changed","id":…,"fields":{"price":{"from":12,"to":14}},"item":{…}}`
/// for an id whose mapped values changed (nothing for one that came back
/// the same), and — between two looks at a first page — `{"change":"gone",
/// "id":…}` for a row that left it (`GoneRows.ids`). Values are typed and
/// sanitized as `JSONItemEncoder` writes them; ids exact. The last values
/// of at most `limit` ids are kept, the oldest forgotten first.
public struct ChangeLines: Sendable {
    let json: JSONItemEncoder
    public let limit: Int
    var known: [String: Item] = [:]
    var order: [String] = []
    var head = 0
    /// The ids of the last first page, for what is gone.
    var lastPage: [String]?

    public init(mapping: ItemMapping, limit: Int = 100_000) {
        json = JSONItemEncoder(fields: OutputFields(mapping: mapping))
        self.limit = max(1, limit)
    }

    /// Lines for `items`, each new or changed against the last values of its id.
    public mutating func items(_ items: [Item]) -> String {
        var out = ""
        for item in items {
            if let old = known[item.id] {
                if let line = changed(from: old, to: item) { out += line }
            } else {
                out += "{\"change\":\"new\",\"item\":" + json.object(item) + "}\n"
                order.append(item.id)
            }
            known[item.id] = item
        }
        forgetOldest()
        return out
    }

    /// Lines for a first page looked at again: its items as `items(_:)`,
    /// then the rows of the last look it no longer has.
    public mutating func page(_ items: [Item]) -> String {
        var out = self.items(items)
        let ids = items.map(\.id)
        if let lastPage {
            for id in GoneRows.ids(from: lastPage, to: ids) {
                out += "{\"change\":\"gone\",\"id\":" + JSONItemEncoder.exact(id) + "}\n"
            }
        }
        lastPage = ids
        return out
    }

    func changed(from old: Item, to new: Item) -> String? {
        let names = json.fields.names
        let before = json.fields.values(of: old), after = json.fields.values(of: new)
        var fields: [String] = []
        for i in names.indices where before[i] != after[i] {
            fields.append(JSONItemEncoder.string(names[i]) + ":{\"from\":" + JSONItemEncoder.value(before[i])
                          + ",\"to\":" + JSONItemEncoder.value(after[i]) + "}")
        }
        guard !fields.isEmpty else { return nil }
        return "{\"change\":\"changed\",\"id\":" + JSONItemEncoder.exact(new.id) + ",\"fields\":{"
            + fields.joined(separator: ",") + "},\"item\":" + json.object(new) + "}\n"
    }

    mutating func forgetOldest() {
        while known.count > limit, head < order.count {
            known[order[head]] = nil
            head += 1
        }
        if head * 2 > order.count {
            order.removeFirst(head)
            head = 0
        }
    }
}
