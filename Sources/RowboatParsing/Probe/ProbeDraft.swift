import Foundation
import Yams
import RowboatSpec

/// Writes a commented YAML config draft from a probed response: the list
/// path, the item fields and one paging guess, each with the reason in a
/// comment; what the probe verified by walking the guess (or could not);
/// the credentials it was given as an `auth:` section reading environment
/// variables; then the first rows as the table would show them and what
/// could not be decided. The draft is loaded back with `ConfigLoader` and
/// the response decoded with it before it is returned, so it always passes
/// `rowboat config check` (with those variables set).
///
/// Every value from the server or the user (keys, paths, params, header
/// values) is written as a YAML scalar (`YAMLScalar`): quotes, colons,
/// newlines, `&`/`*` anchors or `${` in them cannot change the draft's
/// structure or read a variable.
public enum ProbeDraft {
    /// The draft for `input` with its likeliest paging guess, unwalked.
    public static func write(_ input: ProbeInput, width: Int = 100, now: Double) throws(ProbeError) -> String {
        let analysis = try ProbeAnalysis(input)
        return try write(analysis, paging: analysis.likeliest, check: nil, width: width, now: now)
    }

    /// The draft for `analysis` with `paging`; `check` says what a walk verified.
    public static func write(_ analysis: ProbeAnalysis, paging: PagingGuess, check: ProbeCheck?, width: Int = 100,
                             now: Double) throws(ProbeError) -> String {
        let draft = text(analysis, paging: paging, check: check)
        return draft + (try trailer(draft, analysis: analysis, paging: paging, check: check, width: width, now: now))
    }

    /// The draft's config part (no preview), as `ConfigLoader` reads it.
    public static func text(_ analysis: ProbeAnalysis, paging: PagingGuess, check: ProbeCheck?) -> String {
        let input = analysis.input
        let list = analysis.list
        let credentials = analysis.credentials
        var out: [String] = [
            "# Rowboat config drafted by `rowboat config probe` from",
            "#   \(input.method.rawValue) \(scrubbedURL(input.url))",
            "# (HTTP \(input.status), \(Sanitizer.clean(analysis.contentType ?? "no content type", limit: 80)), \(list.count) items in the first response).",
            "# Comments say why each key was chosen; check those marked \"guess\".",
            "#   rowboat config check FILE && rowboat --config FILE",
        ]
        out += checkLines(check, paging: paging)
        if analysis.xssi { out.append("# The body starts with an anti-XSSI prefix; Rowboat drops it when reading.") }
        out += ["server: \(YAMLScalar.value(analysis.server))", ""]
        if !credentials.isEmpty {
            out += credentials.commentLines
            out += credentials.authLines
            out.append("")
        }
        out.append("interfaces:")
        out.append("  \(analysis.key):")
        if let url = paging.url {
            out.append(commented("    url: \(YAMLScalar.value(url))", "the page number is part of the path"))
        } else {
            out.append("    url: \(YAMLScalar.value(analysis.path.removingPercentEncoding ?? analysis.path))")
        }
        if input.method == .post { out.append("    method: POST") }
        let query = URLComponents(string: input.url)?.queryItems ?? []
        let params = query.filter { !paging.consumedParams.contains($0.name) && !credentials.paramNames.contains($0.name) }
        if !params.isEmpty || !credentials.params.isEmpty {
            out.append("    params:")
            var seen = Set<String>()
            for item in params where seen.insert(item.name).inserted {
                let values = params.filter { $0.name == item.name }.map { $0.value ?? "" }
                let value = values.count == 1 ? YAMLScalar.value(values[0])
                    : "[" + values.map(YAMLScalar.value).joined(separator: ", ") + "]"
                out.append("      \(YAMLScalar.key(item.name)): \(value)")
            }
            for (name, yaml) in credentials.params { out.append(commented("      \(YAMLScalar.key(name)): \(yaml)", "a credential")) }
        }
        let plainHeaders = input.headers.filter { !credentials.headerNames.contains($0.0.lowercased()) }
        if !plainHeaders.isEmpty || !credentials.headers.isEmpty {
            out.append("    headers:")
            for (name, value) in plainHeaders { out.append("      \(YAMLScalar.key(name)): \(YAMLScalar.value(value))") }
            for (name, yaml) in credentials.headers { out.append(commented("      \(YAMLScalar.key(name)): \(yaml)", "a credential")) }
        }
        if let requestBody = analysis.requestBody, input.method == .post {
            out.append("    body:                      # the request body, typed as YAML")
            out += bodyLines(requestBody)
        }
        out.append(check?.walked == nil ? "    paging:" : commented("    paging:", "verified: " + (check?.walked ?? "")))
        for line in paging.lines { out.append(commented("      \(line.key): \(line.value)", line.why)) }
        let format = analysis.ndjson && !ResponseFraming.isNDJSON(.auto, contentType: analysis.contentType)
        out += mappingLines(list: list, fields: analysis.fields, envelope: envelopeLines(analysis.root, list: list),
                            ndjson: format)
        return out.joined(separator: "\n") + "\n"
    }

    /// An endpoint's `response:`, `item:` and `columns:` lines for `list`
    /// and `fields`; `envelope` holds its success lines, `ndjson` says
    /// the format must be named.
    static func mappingLines(list: ListGuess, fields: FieldGuess, envelope: [String], ndjson: Bool) -> [String] {
        var out: [String] = []
        var response: [String] = []
        if !list.path.steps.isEmpty {
            let what = list.scalars ? "an array of \(list.count) plain values" : list.keyed ? "an object of \(list.count) objects" : list.path.hasWildcard
                ? "\(list.count) objects over nested lists" : list.columnNames != nil
                ? "\(list.count) rows of cells" : "an array of \(list.count) objects (the largest)"
            response.append(commented("      list: \(YAMLScalar.value(list.path.description))", what))
        }
        if let names = list.columnNames {
            response.append(commented("      columnNames: \(YAMLScalar.value(names.description))", "the rows' column names"))
        }
        if list.keyed { response.append(commented("      keyed: true", "its values are the items; $key is each key")) }
        if ndjson { response.append(commented("      format: ndjson", "one JSON value per line")) }
        response += envelope
        if !response.isEmpty { out.append("    response:"); out += response }
        if list.scalars {
            let unique = Set(list.sample.compactMap(\.scalarText)).count == list.sample.count
            out.append(commented("    item: \(ItemMapping.valueForm)", "each item is a plain value: its id and its title"
                                 + (unique ? " (unique in all \(list.sample.count) sampled)" : "")))
            out.append("    columns:")
            out.append("      - {field: title, weight: 3, min: 16}")
            return out
        }
        out.append("    item:")
        for field in fields.fields {
            var value = YAMLScalar.value(field.path)
            if field.path.isEmpty || field.path == ItemMapping.keyPath { value = "\"\(field.path)\"" }
            let currency = field.type == .money ? field.currency.map { ", currency: \(YAMLScalar.value($0))" } ?? "" : ""
            if field.type != .text || field.relative {
                value = "{path: \(value), type: \(field.type.rawValue)\(field.relative ? ", relative: true" : "")\(currency)}"
            }
            out.append(commented("      \(YAMLScalar.key(field.name)): \(value)", field.reason))
        }
        out.append("    columns:")
        for field in fields.fields where field.name != "id" && field.name != "image" && field.name != "link" {
            switch field.name {
            case "title": out.append("      - {field: title, weight: 3, min: 16}")
            case "subtitle": out.append("      - {field: subtitle, weight: 3, min: 10}")
            default:
                let right = [.int, .number, .money].contains(field.type)
                // A currency's sign takes a cell or two more (€1,234.50).
                let width = !right ? 12 : field.type == .money && field.currency != nil ? 10 : 8
                out.append("      - {field: \(YAMLScalar.value(field.name)), title: \(YAMLScalar.value(columnTitle(field.name))), "
                    + "width: \(width)\(right ? ", align: right" : "")}")
            }
        }
        return out
    }

    /// The header's lines on what the probe verified and what it could not.
    static func checkLines(_ check: ProbeCheck?, paging: PagingGuess) -> [String] {
        guard let check else { return [] }
        var out: [String] = []
        if let walked = check.walked {
            out.append("# Verified: paging \(paging.style), \(walked).")
        } else if paging.style == "none" {
            out.append(check.dropped.isEmpty
                ? "# Paging: none found (no next link, cursor, page number or total in the first response)."
                : "# Paging: none verified (no guess brought new items; the draft asks for one page).")
        } else {
            out.append("# Not verified: paging \(paging.style) (no page after the first was fetched).")
        }
        for line in check.dropped { out.append("# Tried and dropped: \(line).") }
        for line in check.unverified { out.append("# Not verified: \(line).") }
        return out.map { Sanitizer.clean($0, limit: 400) }
    }

    /// The first rows as the table shows them and the notes, as comments;
    /// loading the draft and decoding the response with it proves it works.
    static func trailer(_ draft: String, analysis: ProbeAnalysis, paging: PagingGuess, check: ProbeCheck?, width: Int,
                        now: Double) throws(ProbeError) -> String {
        let input = analysis.input
        let config: RowboatConfig
        do {
            config = try ConfigLoader.parse(draft, file: "draft.yaml", environment: analysis.credentials.environment)
        } catch {
            throw ProbeError("the draft does not load (\(error)); please report this")
        }
        var out = ["", "# The first rows as the table shows them:"]
        let endpoint = config.endpoints[0]
        var notes = analysis.fields.notes
        if check?.walked == nil || (check?.pages ?? 0) < 2 { notes += paging.notes }
        if input.method == .post, let body = input.body, analysis.requestBody == nil, !body.isEmpty {
            notes.append("the request body is not JSON: it is not in the draft (set communication.bodyFormat: form and params)")
        }
        do {
            let page = try PageDecoder(endpoint: endpoint).decode(body: input.responseBody, contentType: analysis.contentType,
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

    /// What was guessed, as labelled lines (for the TUI's help when a URL
    /// is browsed without a config): the list, the fields, the paging and
    /// what its walk verified, the variables the credentials are read from.
    public static func summary(_ analysis: ProbeAnalysis, paging: PagingGuess,
                               check: ProbeCheck?) -> [(label: String, text: String)] {
        let list = analysis.list
        var out: [(label: String, text: String)] = [
            ("list", (list.path.steps.isEmpty ? "the root" : list.path.description)
                + " (\(list.count) items in the first response)"),
        ]
        let fields = analysis.fields.fields.filter { ["id", "title", "subtitle"].contains($0.name) }
            .map { "\($0.name) \($0.path.isEmpty ? "the value" : $0.path)" }
        if !fields.isEmpty { out.append(("fields", fields.joined(separator: ", "))) }
        out.append(("paging", paging.summary))
        out.append(("verified", check?.walked ?? "no (\(check?.unverified.first ?? "not walked"))"))
        if !analysis.credentials.isEmpty {
            out.append(("credentials", "read from " + analysis.credentials.variables.joined(separator: ", ")))
        }
        return out.map { ($0.label, Sanitizer.clean($0.text, limit: 200)) }
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
    public static func scrubbedURL(_ url: String) -> String {
        guard var c = URLComponents(string: url), let items = c.queryItems else { return Sanitizer.clean(url, limit: 300) }
        c.queryItems = items.map { CredentialNames.isCredential($0.name) ? URLQueryItem(name: $0.name, value: "***") : $0 }
        return Sanitizer.clean(c.string ?? url, limit: 300)
    }

    /// `success:` and `message:` for an envelope with a status field.
    public static func envelopeLines(_ root: JSONValue, list: ListGuess?) -> [String] {
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
