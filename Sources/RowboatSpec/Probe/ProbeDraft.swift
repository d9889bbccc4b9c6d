import Foundation
import Yams

/// Writes a commented YAML config draft from one probed response: the list
/// path, the item fields and the paging style guessed, each with the reason
/// in a comment, then the first rows as the table would show them and what
/// could not be decided. The draft is loaded back with `ConfigLoader` and
/// the response decoded with it before it is returned, so it always passes
/// `rowboat config check`.
public enum ProbeDraft {
    /// Query params that carry secrets: kept out of the draft.
    static let secretParams = ["api_key", "apikey", "key", "token", "access_token", "appid", "app_id", "client_secret",
                               "auth", "signature", "sig"]

    public static func write(_ input: ProbeInput, width: Int = 100, now: Double) throws(ProbeError) -> String {
        guard let components = URLComponents(string: input.url), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty else {
            throw ProbeError("\(input.url) is not an http(s) URL")
        }
        guard (200..<300).contains(input.status) else {
            throw ProbeError("HTTP \(input.status) from \(input.url): a draft needs a response with the list (credentials go in --header)")
        }
        let contentType = input.responseHeaders.header("content-type")
        let text = ResponseFraming.strippingPrefix(input.responseBody)
        let xssi = text.startIndex > 0 && input.responseBody.prefix(text.startIndex).contains { ![0x20, 0x0A, 0x0D, 0x09, 0xEF, 0xBB, 0xBF].contains($0) }
        var ndjson = ResponseFraming.isNDJSON(.auto, contentType: contentType)
        // The list is guessed on simdjson's tape; the rest of the guesses
        // read an outline of the response (see `outline`), so a large
        // response costs its tape, not a tree of all of it.
        let root: JSONValue
        let list: ListGuess?
        if !ndjson, let parsed = try? JSONTape.withDocument(text, { (node: JSONTapeNode) throws(Never) in
            (outline(node, depth: 0), ListGuess.best(in: node))
        }) {
            (root, list) = parsed
        } else if let lines = linesSample(text) {
            (root, list) = lines
            ndjson = true
        } else {
            throw ProbeError("the response is not JSON (\(contentType ?? "no content type")): \(preview(input.responseBody))")
        }
        let requestBody = input.body.flatMap { try? JSONValue.parse(Data($0)) }
        guard let list else {
            throw ProbeError("the response holds no list (\(shape(root))): a draft needs an array of objects, or an "
                             + "object of objects, with at least one item; probe the URL of a list")
        }
        var notes: [String] = []
        let fields = FieldGuess.guess(list)
        notes += fields.notes
        let paging = PagingGuess.guess(root: root, list: list, headers: input.responseHeaders, requestURL: input.url,
                                       method: input.method, requestBody: requestBody)
        notes += paging.notes

        var server = "\(scheme)://\(host)"
        if let port = components.port { server += ":\(port)" }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        let key = endpointKey(path)
        var out: [String] = [
            "# Rowboat config drafted by `rowboat config probe` from one response to",
            "#   \(input.method.rawValue) \(scrubbedURL(input.url))",
            "# (HTTP \(input.status), \(contentType ?? "no content type"), \(list.count) items).",
            "# Comments say why each key was chosen; check those marked \"guess\".",
            "#   rowboat config check FILE && rowboat --config FILE",
        ]
        if xssi { out.append("# The body starts with an anti-XSSI prefix; Rowboat drops it when reading.") }
        out += ["server: \(YAMLScalar.value(server))", ""]
        out += authLines(input)
        out.append("interfaces:")
        out.append("  \(key):")
        out.append("    url: \(YAMLScalar.value(path.removingPercentEncoding ?? path))")
        if input.method == .post { out.append("    method: POST") }
        let params = (components.queryItems ?? []).filter {
            !paging.consumedParams.contains($0.name) && !secretParams.contains($0.name.lowercased())
        }
        if input.method == .post, let body = input.body, requestBody == nil, !body.isEmpty {
            notes.append("the request body is not JSON: it is not in the draft (set communication.bodyFormat: form and params)")
        }
        if !params.isEmpty {
            out.append("    params:")
            var seen = Set<String>()
            for item in params where seen.insert(item.name).inserted {
                let values = params.filter { $0.name == item.name }.map { $0.value ?? "" }
                let value = values.count == 1 ? YAMLScalar.value(values[0])
                    : "[" + values.map(YAMLScalar.value).joined(separator: ", ") + "]"
                out.append("      \(YAMLScalar.key(item.name)): \(value)")
            }
        }
        let plainHeaders = input.headers.filter { !isSecretHeader($0.0) }
        if !plainHeaders.isEmpty {
            out.append("    headers:")
            for (name, value) in plainHeaders { out.append("      \(YAMLScalar.key(name)): \(YAMLScalar.value(value))") }
        }
        if let requestBody, input.method == .post {
            out.append("    body:                      # the request body, typed as YAML")
            out += bodyLines(requestBody)
        }
        out.append("    paging:")
        for line in paging.lines { out.append(commented("      \(line.key): \(line.value)", line.why)) }
        var response: [String] = []
        if !list.path.steps.isEmpty {
            let what = list.keyed ? "an object of \(list.count) objects" : list.path.hasWildcard
                ? "\(list.count) objects over nested lists" : "an array of \(list.count) objects (the largest)"
            response.append(commented("      list: \(YAMLScalar.value(list.path.description))", what))
        }
        if list.keyed { response.append(commented("      keyed: true", "its values are the items; $key is each key")) }
        if ndjson, !ResponseFraming.isNDJSON(.auto, contentType: contentType) {
            response.append(commented("      format: ndjson", "one JSON value per line"))
        }
        response += envelopeLines(root, list: list)
        if !response.isEmpty { out.append("    response:"); out += response }
        out.append("    item:")
        for field in fields.fields {
            var value = YAMLScalar.value(field.path)
            if field.path.isEmpty || field.path == ItemMapping.keyPath { value = "\"\(field.path)\"" }
            if field.type != .text || field.relative {
                value = "{path: \(value), type: \(field.type.rawValue)\(field.relative ? ", relative: true" : "")}"
            }
            out.append(commented("      \(field.name): \(value)", field.reason))
        }
        out.append("    columns:")
        for field in fields.fields where field.name != "id" && field.name != "image" && field.name != "link" {
            switch field.name {
            case "title": out.append("      - {field: title, weight: 3, min: 16}")
            case "subtitle": out.append("      - {field: subtitle, weight: 3, min: 10}")
            default:
                let right = [.int, .number, .money].contains(field.type)
                out.append("      - {field: \(field.name), title: \(YAMLScalar.value(columnTitle(field.name))), "
                    + "width: \(right ? 8 : 12)\(right ? ", align: right" : "")}")
            }
        }
        let draft = out.joined(separator: "\n") + "\n"
        return draft + (try trailer(draft, input: input, contentType: contentType, width: width, now: now, notes: notes))
    }

    /// The first rows as the table shows them and the notes, as comments;
    /// loading the draft and decoding the response with it proves it works.
    static func trailer(_ draft: String, input: ProbeInput, contentType: String?, width: Int, now: Double,
                        notes: [String]) throws(ProbeError) -> String {
        let config: RowboatConfig
        do {
            config = try ConfigLoader.parse(draft, file: "draft.yaml")
        } catch {
            throw ProbeError("the draft does not load (\(error)); please report this")
        }
        var out = ["", "# The first rows as the table shows them:"]
        let endpoint = config.endpoints[0]
        var notes = notes
        do {
            let page = try PageDecoder(endpoint: endpoint).decode(body: input.responseBody, contentType: contentType,
                                                                   headers: input.responseHeaders)
            let table = TableFormatter(columns: endpoint.columns, mapping: endpoint.item, width: max(40, width - 4), now: now)
            let lines = (table.header() + table.rows(Array(page.items.prefix(5)))).split(separator: "\n").map(String.init)
            out += lines.map { "#   " + $0 }
            if page.items.isEmpty { out.append("#   (no items in this response)") }
            if let notice = PagingNotice.text(page.absentPaths) { notes.append(notice) }
        } catch {
            out.append("#   (none: \(error.description))")
            notes.append("how to map the items: decoding the response with the draft failed")
        }
        out.append("#")
        if notes.isEmpty {
            out.append("# Nothing left undecided.")
        } else {
            out.append("# Could not decide:")
            out += notes.map { "#   - " + Sanitizer.clean($0, limit: 300) }
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// How many elements of each array and members of each object an
    /// outline keeps, and how deep it goes: enough for the envelope's
    /// paging fields and flags, which `PagingGuess` reads 4 levels deep.
    static let outlineElements = ListGuess.sampleSize
    static let outlineMembers = 200
    static let outlineDepth = 8

    /// `node` as a tree of bounded size: each array cut to its first
    /// elements, each object to its first members, nothing below
    /// `outlineDepth`.
    static func outline(_ node: JSONTapeNode, depth: Int) -> JSONValue {
        if let scalar = node.scalar { return scalar }
        guard depth < outlineDepth else { return node.isArray ? .array([]) : .object([:]) }
        if node.isArray {
            var out: [JSONValue] = []
            var at = 0
            while out.count < outlineElements, let element = node.element(at) {
                out.append(outline(element, depth: depth + 1))
                at += 1
            }
            return .array(out)
        }
        var out: [String: JSONValue] = [:]
        _ = node.forEachOrderedMember { key, value in
            out[key] = outline(value, depth: depth + 1)
            return out.count < outlineMembers
        }
        return .object(out)
    }

    /// An NDJSON body (one JSON value a line, every line well formed) as
    /// an outline of its first lines and the list guessed from them, its
    /// count the number of lines; nil when it is not that.
    static func linesSample(_ text: ArraySlice<UInt8>) -> (JSONValue, ListGuess?)? {
        guard let batch = NDJSONLineScanner.lines(of: text) else { return nil }
        let whole = try? JSONTape.withDocument(batch.text[...]) { (node: JSONTapeNode) throws(Never) in node.count }
        guard whole == batch.lines.count else { return nil }
        var first: [UInt8] = [UInt8(ascii: "[")]
        for (i, line) in batch.lines.prefix(ListGuess.sampleSize).enumerated() {
            if i > 0 { first.append(UInt8(ascii: ",")) }
            first += batch.text[line.range]
        }
        first.append(UInt8(ascii: "]"))
        return try? JSONTape.withDocument(first[...]) { (node: JSONTapeNode) throws(Never) in
            var list = ListGuess.best(in: node)
            if list?.path.steps.isEmpty == true { list!.count = batch.lines.count }
            return (outline(node, depth: 0), list)
        }
    }

    /// `created_at` → `Created`, `stargazerCount` → `Stargazer count`.
    static func columnTitle(_ name: String) -> String {
        var words: [String] = []
        var word = ""
        for c in name {
            if c == "_" || c == "-" || (c.isUppercase && !word.isEmpty) {
                if !word.isEmpty { words.append(word.lowercased()) }
                word = c == "_" || c == "-" ? "" : String(c)
            } else {
                word.append(c)
            }
        }
        if !word.isEmpty { words.append(word.lowercased()) }
        if words.count > 1, ["at", "on", "utc", "gmt", "i"].contains(words.last!) { words.removeLast() }
        let text = words.joined(separator: " ")
        return text.prefix(1).uppercased() + text.dropFirst()
    }

    static func commented(_ line: String, _ why: String) -> String {
        guard !why.isEmpty else { return line }
        let pad = max(1, 34 - line.count)
        return line + String(repeating: " ", count: pad) + "# " + Sanitizer.clean(why, limit: 200)
    }

    /// The endpoint key: the URL's last path segment, letters and digits.
    static func endpointKey(_ path: String) -> String {
        let last = path.split(separator: "/").last { segment in segment.contains { $0.isLetter } } ?? ""
        let base = last.split(separator: ".").first.map(String.init) ?? ""
        let key = String(base.lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") })
            .trimmingCharacters(in: CharacterSet(charactersIn: "_-"))
        return key.isEmpty || key.first!.isNumber ? "items" : key
    }

    static func isSecretHeader(_ name: String) -> Bool {
        let n = name.lowercased()
        return n == "authorization" || n == "cookie" || n.contains("key") || n.contains("token") || n.contains("secret")
    }

    /// When the probe sent credentials: a comment naming each one given
    /// (never its value) and saying none is written, and a commented
    /// `auth:` line for the first that `auth` can carry.
    static func authLines(_ input: ProbeInput) -> [String] {
        var given: [String] = []
        var auth: String?
        for (name, value) in input.headers where isSecretHeader(name) {
            given.append("header \(name)")
            let lower = value.lowercased()
            var line: String?
            if name.lowercased() == "authorization", lower.hasPrefix("bearer ") {
                line = "# auth: {type: bearer, token: \"${API_TOKEN}\"}"
            } else if name.lowercased() == "authorization", lower.hasPrefix("basic ") {
                line = "# auth: {type: basic, username: \"${API_USER}\", password: \"${API_PASSWORD}\"}"
            } else if name.lowercased() != "cookie" {
                line = "# auth: {type: apiKey, name: \(YAMLScalar.key(name)), value: \"${API_KEY}\"}"
            }
            if auth == nil { auth = line }
        }
        for item in URLComponents(string: input.url)?.queryItems ?? [] where secretParams.contains(item.name.lowercased()) {
            given.append("query param \(item.name)")
            if auth == nil { auth = "# auth: {type: apiKey, in: query, name: \(YAMLScalar.key(item.name)), value: \"${API_KEY}\"}" }
        }
        guard !given.isEmpty else { return [] }
        var out = [Sanitizer.clean("# The probe sent \(given.count == 1 ? "a credential" : "\(given.count) credentials"), "
                                   + "none of them written here: \(given.joined(separator: ", ")).", limit: 400)]
        if given.count > 1 {
            out.append("# auth: carries one of them; send the others with headers: or params: that read ${NAME} variables.")
        }
        if let auth {
            out += ["# Uncomment and set the variable:", auth]
        } else {
            out.append("# auth: has no type for a cookie; send it with headers: reading a ${NAME} variable.")
        }
        return out + [""]
    }

    /// The start of a body that is not JSON: text as a short quote, other
    /// bytes (an image, compressed data) only counted, never printed.
    static func preview(_ body: [UInt8]) -> String {
        let head = body.prefix(256)
        // (The first 256 bytes may end inside a character.)
        let cut = head.count < body.count ? min(3, head.count) : 0
        let isText = (0...cut).contains { String(validating: head.dropLast($0), as: UTF8.self) != nil }
        guard isText, !head.contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else {
            return "\(body.count) bytes that are not text"
        }
        return PageDecoder.preview(body)
    }

    /// What a response without a list holds, in a few words.
    static func shape(_ root: JSONValue) -> String {
        switch root {
        case .object(let o) where o.isEmpty: return "an empty object"
        case .object(let o):
            let keys = o.keys.sorted()
            let shown = keys.prefix(6).map { Sanitizer.clean($0, limit: 40) }.joined(separator: ", ")
            return "one object with keys \(shown)\(keys.count > 6 ? ", …" : "")"
        case .array(let values) where values.isEmpty: return "an empty array"
        case .array(let values): return "an array of \(values.count) values that are not objects"
        default: return "a single value"
        }
    }

    /// `url` without secret query values.
    static func scrubbedURL(_ url: String) -> String {
        guard var c = URLComponents(string: url), let items = c.queryItems else { return Sanitizer.clean(url, limit: 300) }
        c.queryItems = items.map { secretParams.contains($0.name.lowercased()) ? URLQueryItem(name: $0.name, value: "***") : $0 }
        return Sanitizer.clean(c.string ?? url, limit: 300)
    }

    /// `success:` and `message:` for an envelope with a status field.
    static func envelopeLines(_ root: JSONValue, list: ListGuess?) -> [String] {
        guard case .object(let o) = root, list?.path.steps.isEmpty == false else { return [] }
        for key in ["ok", "success", "status", "code", "stat"] {
            guard let value = o[key]?.scalarText, ["true", "1", "200", "0", "ok", "success"].contains(value) else { continue }
            var out = [commented("      success: \(key)", "\(value) here means success")]
            if key == "status" || key == "code" { out.append("      successValues: [\(YAMLScalar.value(value))]") }
            if let message = ["message", "msg", "error", "error_description", "errmsg"].first(where: { o[$0] != nil }) {
                out.append(commented("      message: \(message)", "the server's message on failure"))
            }
            return out
        }
        return []
    }

    /// A JSON value as YAML lines under `body:` (YAML types kept; `$` doubled).
    static func bodyLines(_ value: JSONValue) -> [String] {
        let text = (try? Yams.serialize(node: node(value), width: -1, allowUnicode: true)) ?? "{}"
        return text.split(separator: "\n").map { "      " + $0 }
    }

    static func node(_ value: JSONValue) -> Node {
        switch value {
        case .null: return Node("null", Tag(.null))
        case .bool(let b): return Node(b ? "true" : "false", Tag(.bool))
        case .int(let i): return Node(String(i), Tag(.int))
        case .double(let d): return Node(String(d), Tag(.float))
        case .numberText(let t): return Node(t, Tag(JSONNumberText.isInteger(t) ? .int : .float))
        case .string(let s):
            let escaped = s.replacingOccurrences(of: "$", with: "$$")
            return Node(escaped, Tag(.str), s.contains("\n") ? .literal : .doubleQuoted)
        case .array(let values): return .sequence(Node.Sequence(values.map(node)))
        case .object(let o):
            return .mapping(Node.Mapping(o.keys.sorted().map { (Node($0, Tag(.str)), node(o[$0]!)) }))
        }
    }
}
