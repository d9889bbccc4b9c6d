import Foundation
import RowboatSpec

/// The item fields a probe guesses from sample items: `id`, `title`,
/// `subtitle`, `image`, `link`, a date and one number, by key names and
/// value shapes, with the reason for each guess.
public struct FieldGuess: Sendable, Equatable {
    /// One guessed field.
    public struct Field: Sendable, Equatable {
        public var name: String
        public var path: String
        public var type: FieldType
        public var relative = false
        /// Why it was picked, for the draft's comment.
        public var reason: String
        /// For money: the ISO 4217 code the amounts are in.
        public var currency: String? = nil
    }

    public var fields: [Field]
    /// What could not be decided, for the draft's closing notes.
    public var notes: [String]
    /// The other fields that could be the id, surest first.
    public var otherIdentifiers: [Field] = []

    public init(fields: [Field], notes: [String], otherIdentifiers: [Field] = []) {
        self.fields = fields
        self.notes = notes
        self.otherIdentifiers = otherIdentifiers
    }

    /// The guess with the next surest id, once a walk showed `id` repeat
    /// with other values on later pages (no id at all when none is left).
    public func withNextIdentifier() -> FieldGuess? {
        guard let at = fields.firstIndex(where: { $0.name == "id" }) else { return nil }
        var next = self
        let old = fields[at].path
        if var other = otherIdentifiers.first {
            other.reason += "; \(old) repeated on a later page with other values"
            next.fields[at] = other
            next.otherIdentifiers.removeFirst()
        } else {
            next.fields.remove(at: at)
            next.notes.append("the id \(old) repeated on a later page with other values: without an id, rows are told apart by position")
        }
        return next
    }

    /// The guess with the id's reason saying it held over `items` walked.
    public func identifierHeld(over items: Int) -> FieldGuess {
        var out = self
        if let at = fields.firstIndex(where: { $0.name == "id" }), fields[at].path != ItemMapping.keyPath, !fields[at].path.isEmpty {
            let reason = out.fields[at].reason
            if let sampled = reason.range(of: " sampled") {
                out.fields[at].reason = reason.replacingCharacters(in: sampled, with: " sampled and in the \(items) items walked")
            }
        }
        return out
    }

    /// Every scalar leaf of the sample items: path text → the values seen.
    struct Leaf {
        var path: String
        var key: String
        var depth: Int
        var values: [JSONValue]
    }

    public static func guess(_ list: ListGuess) -> FieldGuess {
        if list.scalars {
            return FieldGuess(fields: [Field(name: "id", path: "", type: .text, reason: "each item is a plain value: it is the id"),
                                       Field(name: "title", path: "", type: .text, reason: "and the title")], notes: [])
        }
        var leaves: [String: Leaf] = [:]
        var order: [String] = []
        for item in list.sample {
            flatten(item, steps: [], into: &leaves, order: &order)
        }
        let all = order.compactMap { leaves[$0] }
        let n = max(1, list.sample.count)
        var fields: [Field] = []
        var notes: [String] = []
        var others: [Field] = []
        var used = Set<String>()
        func take(_ name: String, _ leaf: Leaf, _ type: FieldType, relative: Bool = false, _ reason: String) {
            fields.append(Field(name: name, path: leaf.path, type: type, relative: relative, reason: reason))
            used.insert(leaf.path)
        }
        let strings = all.filter { $0.values.allSatisfy(\.isTextLike) && $0.values.contains { !$0.isNullValue } }

        // id: the item's key in a keyed list, else the value that names an item by meaning.
        if list.keyed {
            fields.append(Field(name: "id", path: ItemMapping.keyPath, type: .text, reason: "the object key of each item"))
        } else if let id = identifiers(all, of: n).first {
            take("id", id.leaf, .text, "\(id.why), unique in all \(n) sampled")
            // A name is the title too; a URL is the link too.
            if id.why == "a name" || isURL(id.leaf) { used.remove(id.leaf.path) }
            others = identifiers(all, of: n).dropFirst().prefix(3).map {
                Field(name: "id", path: $0.leaf.path, type: .text, reason: "\($0.why), unique in all \(n) sampled")
            }
        } else {
            notes.append("no field is unique in every item: without an id, rows are told apart by position")
        }
        // title
        if let title = best(strings.filter { !used.contains($0.path) && !isURL($0) && dateType($0) == nil },
                            names: titleNames, fallbackContains: ["name", "title", "subject"]) ?? strings.first(where: {
                                !used.contains($0.path) && !isURL($0) && dateType($0) == nil }) {
            take("title", title, isHTML(title) ? .html : .text, titleNames.contains(title.key.lowercased())
                 ? "a title-like name" : "guess: the first text field")
        } else if let any = all.first(where: { !used.contains($0.path) }) {
            take("title", any, .text, "guess: no text field; the first value")
            notes.append("no text field looks like a title; title shows \(any.path)")
        } else {
            fields.append(Field(name: "title", path: "", type: .text, reason: "guess: the items are plain values"))
        }
        // subtitle
        if let sub = best(strings.filter { !used.contains($0.path) && !isURL($0) && dateType($0) == nil },
                          names: subtitleNames, fallbackContains: ["description", "summary", "author", "name"]) {
            take("subtitle", sub, isHTML(sub) ? .html : .text, "a description-like name")
        }
        // image
        if let image = all.first(where: { leaf in
            !used.contains(leaf.path) && isURL(leaf) && (keyHas(leaf, imageWords) || leaf.values.contains(where: isImageURL))
        }) {
            take("image", image, .text, "an image URL")
        }
        // link
        if let link = best(all.filter { !used.contains($0.path) && isURL($0) }, names: linkNames, fallbackContains: ["url", "link"]) {
            take("link", link, .text, "a web URL")
        } else if let leaf = all.first(where: { leaf in
            let isID = fields.contains { $0.name == "id" && $0.path == leaf.path }
            return isURL(leaf) && (isID || (identifierRank(leaf.key).map { $0.0 < urlRank } ?? false))
                && !fields.contains { $0.path == leaf.path && $0.name != "id" }
        }) {
            // The id's URL, or a URL under an id's name (JSON-LD's `@id`), is the item's own address: the link.
            take("link", leaf, .text, "a web URL, the item's own")
        }
        // one date and one number as extra columns
        if let date = all.first(where: { leaf in !used.contains(leaf.path) && dateType(leaf) != nil && keyHas(leaf, dateWords) })
            ?? all.first(where: { leaf in !used.contains(leaf.path) && dateType(leaf) == .dateISO8601 }) {
            let type = dateType(date)!
            take(columnName(date.key, fallback: "date", taken: fields), date, type, relative: type == .dateISO8601,
                 "\(type.rawValue) values")
        }
        if let number = all.first(where: { leaf in
            !used.contains(leaf.path) && leaf.depth <= 2 && leaf.values.allSatisfy(\.isNumberOrNull)
                && leaf.values.contains { !$0.isNullValue } && keyHas(leaf, numberWords)
        }) {
            let money = ["price", "amount", "cost"].contains { number.key.lowercased().contains($0) }
            let whole = number.values.allSatisfy { if case .double = $0 { return false } else { return true } }
            take(columnName(number.key, fallback: "count", taken: fields), number, money ? .money : (whole ? .int : .number),
                 "a number")
        }
        return FieldGuess(fields: fields, notes: notes, otherIdentifiers: others)
    }

    static let idNames = ["id", "_id", "@id", "uuid", "guid", "key", "objectid", "_number", "number", "slug", "productid"]

    /// The field that names an item, by meaning: an id, a key named like
    /// an identifier (`dag_id`, `event_id`, `uid`, `sku`, a standard
    /// identifier such as `isbn`, `primary_isbn13`, `doi`, `gtin`, `asin`),
    /// a name (`name`, `UserName`, `metadata.name`), and a URL only when
    /// nothing else is unique — an id-named field whose values are URLs
    /// comes after every identifier that is not one; never a time, a flag,
    /// a fraction or a count, whatever the sample shows. Unique in the
    /// sampled items; surest, then shallowest, first.
    static func identifiers(_ leaves: [Leaf], of n: Int) -> [(leaf: Leaf, why: String)] {
        var found: [(Leaf, String, Int)] = []
        for leaf in leaves where isUnique(leaf, of: n) && !leaf.values.contains(where: { v in
            if case .double = v { return true }
            if case .bool = v { return true }
            return false
        }) && dateType(leaf) == nil && !keyHas(leaf, notIdentifierWords) {
            guard case (let rank, var why)? = identifierRank(leaf.key) else { continue }
            var score = rank * 10
            if rank < urlRank, isURL(leaf) {
                // A URL under an id's name: an identifier that is not a URL is surer.
                score = 35
                why += " (its values are URLs)"
            }
            found.append((leaf, why, score + leaf.depth))
        }
        return found.sorted { $0.2 < $1.2 }.map { ($0.0, $0.1) }
    }

    /// The rank of a key that names no identifier but a URL.
    static let urlRank = 6

    /// Standard identifier schemes: a key holding one of these as a word
    /// (`isbn`, `isbn_13`, `primary_isbn13`, `eISSN`, `productGTIN`) names
    /// an item, unless it names a URL of it (`doi_url`).
    static let identifierSchemes: Set<String> = ["isbn", "issn", "eissn", "ean", "gtin", "upc", "asin", "doi", "isni",
                                                 "orcid", "isin", "cusip", "figi", "lei", "sku", "sha", "urn", "uuid", "guid"]

    /// Words that end a key naming a URL (`amazon_product_url`, `doi_link`).
    static let urlWords: Set<String> = ["url", "uri", "href", "link", "permalink"]

    /// The words of a key, lowercased: split at `_`, `-`, `.`, spaces,
    /// lower-to-upper case changes and letter-digit changes
    /// (`primary_isbn13` → primary, isbn, 13; `productGTIN` → product, gtin).
    static func words(_ key: String) -> [String] {
        var out: [String] = []
        var current = ""
        var previous: Character?
        for c in key {
            guard c.isLetter || c.isNumber else {
                if !current.isEmpty { out.append(current) }
                current = ""
                previous = nil
                continue
            }
            if let p = previous, !current.isEmpty,
               (p.isLowercase && c.isUppercase) || (p.isLetter != c.isLetter) {
                out.append(current)
                current = ""
            }
            current.append(c)
            previous = c
        }
        if !current.isEmpty { out.append(current) }
        return out.map { $0.lowercased() }
    }

    /// Words in a key that mark a value that is no identifier, however unique.
    static let notIdentifierWords = ["time", "date", "created", "updated", "modified", "timestamp", "version", "etag",
                                     "count", "size", "total", "rating", "price", "score", "_ts", "_at", "seq"]

    /// Words that end in "id" and name no identifier.
    static let notIdWords: Set<String> = ["valid", "paid", "void", "avoid", "android", "solid", "liquid", "fluid", "hybrid",
                                          "rapid", "grid", "bid", "kid", "lid", "mid", "rid", "did", "hid", "vid", "acid",
                                          "humid", "vivid", "stupid", "invalid", "prepaid", "unpaid", "squid"]

    /// How surely a key names an item (lower is surer), and why.
    static func identifierRank(_ key: String) -> (Int, String)? {
        let k = key.lowercased()
        if let i = idNames.firstIndex(of: k) { return (i < 6 ? 0 : 2, "an id") }
        if k.hasSuffix("_id") || k.hasSuffix("-id") || key.hasSuffix("Id") || key.hasSuffix("ID") || k == "uid"
            || k.hasSuffix("uuid") || k.hasSuffix("guid") || (k.hasSuffix("id") && !notIdWords.contains(k)) {
            return (1, "a key named like an identifier")
        }
        if ["sku", "handle", "code", "isbn", "urn", "ref", "key"].contains(k) || k.hasSuffix("_key") || k.hasSuffix("slug") {
            return (3, "a key named like an identifier")
        }
        let parts = words(key)
        if let last = parts.last, !urlWords.contains(last), parts.contains(where: identifierSchemes.contains) {
            return (3, "a key named like an identifier")
        }
        if ["name", "username", "login", "email", "path", "filename", "full_name", "fullname", "mail_host", "fqdn"].contains(k)
            || k.hasSuffix("username") || k.hasSuffix("_name") && !k.contains("display") {
            return (4, "a name")
        }
        if ["url", "link", "html_url", "href", "uri", "self", "self_link", "permalink"].contains(k) || k.hasSuffix("url")
            || parts.last.map(urlWords.contains) == true {
            return (urlRank, "no id or name: a URL")
        }
        return nil
    }
    static let titleNames = ["title", "name", "full_name", "fullname", "namewithowner", "subject", "headline", "label",
                             "display_name", "displayname", "productname", "login", "username", "text", "summary", "content"]
    static let subtitleNames = ["subtitle", "description", "summary", "excerpt", "tagline", "body", "author", "by",
                                "owner", "login", "acct", "brand", "category", "status", "topic", "value", "note", "content"]
    static let linkNames = ["html_url", "htmlurl", "web_url", "weburl", "permalink", "link", "url", "href", "spotify",
                            "canonical_url"]
    static let genericKeys: Set<String> = ["rendered", "raw", "value", "plain", "html"]
    static let imageWords = ["image", "thumb", "avatar", "picture", "photo", "icon", "cover", "logo", "poster"]
    static let dateWords = ["created", "updated", "date", "time", "published", "modified", "_at", "at", "released"]
    static let numberWords = ["score", "star", "point", "price", "amount", "count", "total", "rating", "likes", "votes",
                              "members", "size", "stargazer"]

    /// The leaf with the earliest name in `names` (by last key, any case),
    /// shallow first; else one whose key contains a `fallbackContains` word.
    static func best(_ leaves: [Leaf], names: [String], where accept: (Leaf) -> Bool = { _ in true },
                     fallbackContains: [String] = []) -> Leaf? {
        let ok = leaves.filter(accept)
        let named = ok.compactMap { leaf -> (Leaf, Int)? in
            names.firstIndex(of: leaf.key.lowercased()).map { (leaf, $0 + leaf.depth * 100) }
        }
        if let hit = named.min(by: { $0.1 < $1.1 }) { return hit.0 }
        return ok.filter { leaf in fallbackContains.contains { leaf.key.lowercased().contains($0) } }
            .min { $0.depth < $1.depth }
    }

    /// True when the leaf's key contains one of `words` (any case).
    static func keyHas(_ leaf: Leaf, _ words: [String]) -> Bool {
        let key = leaf.key.lowercased()
        return words.contains { key.contains($0) }
    }

    static func isUnique(_ leaf: Leaf, of n: Int) -> Bool {
        let texts = leaf.values.compactMap(\.scalarText)
        return leaf.depth <= 2 && texts.count == n && Set(texts).count == n
    }

    static func isURL(_ leaf: Leaf) -> Bool {
        leaf.values.contains { $0.scalarText.map { $0.hasPrefix("http://") || $0.hasPrefix("https://") } ?? false }
    }

    static func isImageURL(_ value: JSONValue) -> Bool {
        guard let s = value.scalarText?.lowercased() else { return false }
        let path = s.split(separator: "?").first.map(String.init) ?? s
        return [".png", ".jpg", ".jpeg", ".webp", ".gif"].contains { path.hasSuffix($0) }
    }

    static func isHTML(_ leaf: Leaf) -> Bool {
        leaf.values.contains { v in
            guard let s = v.scalarText else { return false }
            return ["<p>", "<br", "</", "<a ", "&#", "&amp;", "&hellip;"].contains { s.contains($0) }
        }
    }

    /// The date type the values have, if they all look like one moment kind.
    static func dateType(_ leaf: Leaf) -> FieldType? {
        let values = leaf.values.filter { !$0.isNullValue }
        guard !values.isEmpty else { return nil }
        if values.allSatisfy({ v in v.scalarText.map { ISO8601Parser.seconds($0) != nil && $0.count >= 10 } ?? false }),
           case .string = values[0] {
            return .dateISO8601
        }
        let numbers = values.compactMap { v -> Double? in
            switch v {
            case .int(let i): Double(i)
            case .double(let d): d
            case .numberText(let t): Double(t)
            default: nil
            }
        }
        guard numbers.count == values.count else { return nil }
        if numbers.allSatisfy({ (9e8...4e9).contains($0) }) { return .dateSeconds }
        if numbers.allSatisfy({ (9e11...4e12).contains($0) }) { return .dateMillis }
        return nil
    }

    /// A field name from a key (`created_at` → `created_at`), not taken yet.
    static func columnName(_ key: String, fallback: String, taken: [Field]) -> String {
        let cleaned = String(key.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "_" })
        var name = cleaned.isEmpty || cleaned.first!.isNumber ? fallback : cleaned
        if ItemMapping.standardFields.contains(name) || taken.contains(where: { $0.name == name }) { name = fallback + "_" + name }
        return name
    }

    /// Scalar leaves of `value` (objects nested up to 3 deep; arrays of
    /// objects through their first element).
    static func flatten(_ value: JSONValue, steps: [JSONPath.Step], into leaves: inout [String: Leaf], order: inout [String]) {
        guard steps.count <= 4 else { return }
        switch value {
        case .object(let object):
            for key in object.keys.sorted() { flatten(object[key]!, steps: steps + [.key(key)], into: &leaves, order: &order) }
        case .array(let elements):
            if let first = elements.first, first.isObjectValue, !steps.isEmpty {
                flatten(first, steps: steps + [.index(0)], into: &leaves, order: &order)
            }
        default:
            let path = JSONPath(steps: steps).description
            let keys = steps.compactMap { step -> String? in if case .key(let k) = step { k } else { nil } }
            guard var key = keys.last else {
                if steps.isEmpty { add(Leaf(path: "", key: "", depth: 0, values: [value]), into: &leaves, order: &order) }
                return
            }
            // `title.rendered` (WordPress), `topic.value` (Slack): the parent names it.
            if genericKeys.contains(key.lowercased()), keys.count >= 2 { key = keys[keys.count - 2] }
            add(Leaf(path: path, key: key, depth: steps.count, values: [value]), into: &leaves, order: &order)
        }
    }

    static func add(_ leaf: Leaf, into leaves: inout [String: Leaf], order: inout [String]) {
        if leaves[leaf.path] == nil { order.append(leaf.path) }
        leaves[leaf.path, default: Leaf(path: leaf.path, key: leaf.key, depth: leaf.depth, values: [])].values += leaf.values
    }
}

extension JSONValue {
    var isNullValue: Bool { self == .null }
    /// A string (or null): text a title or subtitle can show.
    var isTextLike: Bool {
        switch self {
        case .string, .null: true
        default: false
        }
    }
    var isNumberOrNull: Bool {
        switch self {
        case .int, .double, .numberText, .null: true
        default: false
        }
    }
}
