import Foundation
import RowboatSpec
import RowboatParsing

// libFuzzer target: numbers stay exact (issue #28). Two properties on any
// bytes:
// 1. The exact reader (simdjson's On-Demand API, numbers kept as their text
//    where a double or an Int64 would change them) and the reader pages go
//    through (the DOM parser, with the exact reader behind it) agree: what
//    the one reads the other reads the same.
// 2. The first line, when it is one JSON number, reads as `JSONNumberText`
//    says it does, is shown as the same number (an integer with its very
//    digits) and is sent back in a JSON body as the same number.
let builder: (RowboatConfig, Endpoint) = {
    let yaml = """
    server: http://127.0.0.1:1
    interfaces:
      sa:
        url: /s
        method: POST
        body: {size: 1}
        paging: {style: cursor, lastItemCursor: sort, cursorFormat: json, cursorParam: $.search_after}
        response: {list: hits}
        item: {id: id, title: title, v: v}
    """
    do {
        let config = try ConfigLoader.parse(yaml, file: "fuzz.yaml")
        return (config, config.endpoints[0])
    } catch {
        fatalError("the fuzz config does not load: \(error)")
    }
}()

/// True when `shown` is the number `written`: an integer's very digits, a decimal's value.
func same(_ shown: String, _ written: String) -> Bool {
    // An integer keeps its digits (`-0`, JSON's one other spelling of 0, reads as 0).
    if JSONNumberText.isInteger(written) { return shown == written || (shown == "0" && written == "-0") }
    guard let a = JSONNumberText.value(of: shown), let b = JSONNumberText.value(of: written) else { return false }
    return a == b
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNumbers(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let usual = try? JSONTape.tree(bytes[...])
    let exact = try? JSONTape.tree(bytes[...], exactPath: true)
    if let usual {
        require(exact == usual, "the readers disagree: \(usual) against \(String(describing: exact))")
    }

    let line = bytes.prefix { $0 != 0x0A }.prefix(400)
    let text = String(decoding: line, as: UTF8.self)
    guard let expected = JSONNumberText.jsonValue(text) else { return 0 }
    let page = Array("{\"hits\":[{\"id\":\(text),\"title\":\"t\",\"v\":\(text),\"sort\":[\(text),\"x\"]}]}".utf8)
    do {
        require(try JSONTape.tree(Array("[\(text)]".utf8)[...]) == .array([expected]), "\(text) read as something else")
        let decoded = try PageDecoder(endpoint: builder.1).decode(body: page, contentType: nil)
        guard let item = decoded.items.first, let token = decoded.nextToken else { fatalError("\(text): no item or cursor") }
        require(same(item.id, text) && same(item.text("v"), text), "\(text) shown as \(item.id) / \(item.text("v"))")
        let request = RequestBuilder(config: builder.0, endpoint: builder.1).request(cursor: .token(token))
        guard let body = request.body, case .array(let sent)? = try JSONValue.parse(Data(body)).member("search_after"),
              let first = sent.first?.scalarText else { fatalError("\(text): no search_after sent") }
        require(same(first, text), "\(text) sent back as \(first)")
    } catch {
        // A number longer than the limit is refused with the limit; nothing else may fail.
        require(text.utf8.count > 1 << 20, "\(text): \(error)")
    }
    return 0
}
