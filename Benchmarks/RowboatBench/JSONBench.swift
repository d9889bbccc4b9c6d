import Foundation
import RowboatSpec
import RowboatParsing

/// Page decoding does not grow with nesting: `PageDecoder.decode` of a
/// page of 20 items whose unmapped `nested` field is 500 levels deep,
/// against the same page with that field flattened to a list of as many
/// bytes (one value per nesting level: `[0,0,…]`).
enum JSONBench {
    static let endpoint: Endpoint = {
        let yaml = """
        server: http://127.0.0.1
        interfaces:
          nested: {url: /n, paging: {style: none}, response: {list: datas.list}, item: {id: id, title: title, subtitle: subtitle}}
        """
        return try! ConfigLoader.parse(yaml, file: "bench.yaml").endpoints[0]
    }()

    /// 20 items with `nested` = `value`.
    static func page(_ value: (Int) -> String) -> [UInt8] {
        let items = (1...20).map { id in
            "{\"id\":\(id),\"title\":\"Nested \(id)\",\"subtitle\":\"bench\",\"nested\":\(value(id))}"
        }
        return Array(("{\"code\":200,\"datas\":{\"list\":[" + items.joined(separator: ",") + "]}}").utf8)
    }

    static func run(reps: Int) -> [BenchResult] {
        let depth = 500
        let deep = page { _ in String(repeating: "[", count: depth) + "0" + String(repeating: "]", count: depth) }
        // The same bytes, flat: depth + 1 numbers make 2 * depth + 1 bytes, as the nested field does.
        let flat = page { _ in "[" + Array(repeating: "0", count: depth).joined(separator: ",") + "]" }
        precondition(deep.count == flat.count, "\(deep.count) != \(flat.count)")
        let decoder = PageDecoder(endpoint: endpoint)
        func decode(_ body: [UInt8]) -> () -> Void {
            return {
                let page = try! decoder.decode(body: body, contentType: "application/json")
                precondition(page.items.count == 20)
            }
        }
        let (ours, reference) = Bench.compare(reps: reps, inner: 10, ours: decode(deep), reference: decode(flat))
        return [BenchResult(name: "json-depth-500", unit: "decode a \(deep.count / 1024) KB page, 20 items nested 500 deep",
                            ours: ours, reference: reference,
                            referenceName: "same bytes, the field flat", target: 2,
                            note: "limit \(JSONDepthLimit.maxDepth) levels")]
    }
}
