import Foundation
import RowboatSpec
import RowboatParsing

// libFuzzer target: typed JSON request bodies. The first line is a JSON
// template; each further line is `name=value`: a value placed at a body
// path when the name is one (`$.a.b`, `$["k"]`), given to a POST endpoint
// with that template as a dynamic param, and once as its cursor. A value
// placed at a path must be found there; the body must be valid JSON that
// reads back the same.
let endpoint: (RowboatConfig, Endpoint) = {
    let yaml = """
    server: http://127.0.0.1:1
    interfaces:
      search:
        url: /graphql
        method: POST
        body: {query: "q", variables: {first: 1, after: null}}
        paging: {style: cursor, cursorParam: $.variables.after, nextCursor: next, cursorFormat: json,
                 sizeParam: $.variables.first, size: 20}
        item: {title: t}
    """
    do {
        let config = try ConfigLoader.parse(yaml, file: "fuzz.yaml")
        return (config, config.endpoints[0])
    } catch {
        fatalError("the fuzz config does not load: \(error)")
    }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBody(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let template = lines.isEmpty ? JSONValue.null : ((try? JSONValue.parse(Data(lines.removeFirst().utf8))) ?? .null)
    var body = template
    var params: [String: ParamValue] = [:]
    var cursor = PageCursor.first
    for line in lines.prefix(32) {
        let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        let raw = parts.count > 1 ? String(parts[1]) : ""
        let value = (try? JSONValue.parse(Data(raw.utf8))) ?? .string(raw)
        if let path = JSONBody.path(name) {
            JSONBody.place(value, at: path, in: &body)
            require(path.lookup(in: body) == value, "a placed value is not at its path \(name.debugDescription)")
        }
        params[name] = .one(raw)
        cursor = .token(raw)
    }
    if let bytes = body.jsonBytes {
        let back = try? JSONValue.parse(Data(bytes))
        require(back?.jsonBytes == bytes, "the body does not read back the same")
    }
    let (config, search) = endpoint
    var withTemplate = search
    withTemplate.body = template
    for e in [search, withTemplate] {
        let spec = RequestBuilder(config: config, endpoint: e).request(cursor: cursor, params: params)
        let sent = try? JSONValue.parse(Data(spec.body ?? []))
        require(sent != nil, "a request body that is not JSON")
        require(spec.url.hasPrefix("http://127.0.0.1:1/graphql"), "the URL changed: \(spec.url)")
    }
    return 0
}
