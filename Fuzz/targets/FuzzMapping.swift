import RowboatSpec
import RowboatParsing

// libFuzzer target: JSON page decoding and item mapping (PageDecoder and
// its TapeItemMapper) for a few endpoint shapes. Any body must give a page or a
// DataError; every mapped text must be safe for a terminal. Streamed, the
// rows written straight from the tape (TapeRowWriter) must be the very bytes
// the Item path writes, or both must fail alike.
let endpoints: [Endpoint] = {
    let yaml = """
    server: http://127.0.0.1:1
    interfaces:
      envelope:
        url: /e
        paging: {style: page, totalPages: datas.totalPage, totalCount: datas.total, hasMore: datas.more}
        response: {list: datas.list, success: code, successValues: [200], message: msg}
        item:
          id: id
          title: title
          subtitle: subtitle
          price: {path: price, type: money}
          stars: {path: stats.stars, type: int, default: "0"}
          rating: {path: rating, type: number}
          flag: {path: flag, type: bool}
          created: {path: created_at, type: date-iso8601, relative: true}
          seconds: {path: t, type: date-seconds}
          millis: {path: ms, type: date-millis}
          first: tags[0].name
      root:
        url: /r
        paging: {style: cursor, nextCursor: next}
        item: {title: name, link: html_url}
      nexturl:
        url: /n
        paging: {style: nextURL, nextURL: links.next}
        response: {list: results}
        item: {id: id, title: name}
      lastid:
        url: /l
        paging: {style: lastId}
        response: {list: ""}
        item: {id: id, title: title}
    """
    do {
        return try ConfigLoader.parse(yaml, file: "fuzz.yaml").endpoints
    } catch {
        fatalError("the fuzz config does not load: \(error)")
    }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMapping(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    let headers = [("Link", "<http://h/next>; rel=\"next\""), ("X-Total-Count", "7")]
    for endpoint in endpoints {
        do {
            let page = try PageDecoder(endpoint: endpoint).decode(body: body, contentType: "application/json",
                                                                  headers: headers)
            let builder = RowModelBuilder(mapping: endpoint.item)
            for item in page.items {
                // The id is the server's text, whole (it goes back to the server); what is shown of it is clean.
                for (name, value) in zip(item.values.names, item.values.values) where name != "id" { check(value.plainText) }
                let row = builder.row(for: item)
                check(row.title)
                check(row.subtitle)
                for name in row.fieldOrder { check(row.text(name, now: 0)) }
            }
        } catch {
            let line = error.description
            require(!line.contains("\n"), "a multi-line error")
            check(line)
        }
        compareStreamed(body, endpoint)
    }
    for (path, keyed) in [("datas.list", false), ("", false), ("", true)] { compareScanCuts(body, path: path, keyed: keyed) }
    return 0
}


/// The list scanner fed the body in two pieces and a byte at a time (where
/// no run is passed over at once: each byte is scanned alone) finds the
/// same elements, skeleton, last element and flags. (The texts handed out
/// split the elements differently, and a text keeps what separates its
/// elements: they are compared without whitespace, commas and colons.)
func compareScanCuts(_ body: [UInt8], path: String, keyed: Bool) {
    func scan(_ pieces: [ArraySlice<UInt8>]) -> [String] {
        var scanner = JSONListScanner(path: JSONPath(path)!, keyed: keyed)!
        var elements: [UInt8] = [], taken = 0
        func add(_ text: [UInt8]?) {
            guard let text else { return }
            taken += scanner.takenCount
            // `[e1,e2]` (or `{…}`): its inside.
            elements += text.dropFirst().dropLast().filter { !" \t\r\n,:".utf8.contains($0) }
        }
        for piece in pieces { add(Array(piece).withUnsafeBytes { scanner.feed($0) }) }
        let (rest, skeleton) = scanner.finish()
        add(rest)
        return [String(decoding: elements, as: UTF8.self), String(decoding: skeleton, as: UTF8.self),
                "\(taken) \(scanner.elementCount) \(scanner.foundList) \(scanner.tooDeep) \(scanner.longScalar)",
                scanner.lastElement.map { String(decoding: $0, as: UTF8.self) } ?? "none"]
    }
    let cut = body.count / 2
    require(scan([body[..<cut], body[cut...]]) == scan(body.indices.map { body[$0...$0] }),
            "the list scanner reads two pieces otherwise than single bytes")
}

/// The body streamed in two pieces both ways: the Item path's rows
/// (`RowModelBuilder.row`, `RowBytes.write`) and `TapeRowWriter`'s.
func compareStreamed(_ body: [UInt8], _ endpoint: Endpoint) {
    let decoder = PageDecoder(endpoint: endpoint)
    let builder = RowModelBuilder(mapping: endpoint.item)
    let writer = TapeRowWriter(mapper: decoder.tapeMapper, builder: builder)
    guard var byItems = StreamingPageDecoder(decoder: decoder), byItems.frame(contentType: "application/json") else { return }
    var byRows = byItems
    var items: [Item] = [], rows = writer.rows()
    var itemFailure: DataError?, rowFailure: DataError?
    let cut = body.count / 2
    for piece in [Array(body[..<cut]), Array(body[cut...])] {
        piece.withUnsafeBytes { raw in
            if itemFailure == nil {
                do throws(DataError) { items += try byItems.feed(raw) } catch { itemFailure = error }
            }
            if rowFailure == nil {
                do throws(DataError) { try byRows.feed(raw, writer: writer, into: &rows) } catch { rowFailure = error }
            }
        }
    }
    if itemFailure == nil {
        do throws(DataError) { items += try byItems.finish(contentType: nil, headers: []).items } catch { itemFailure = error }
    }
    if rowFailure == nil {
        do throws(DataError) {
            let page = try byRows.finish(contentType: nil, headers: [], writer: writer, into: &rows)
            // A list never found was decoded whole, into items.
            for item in page.items {
                rows.append(builder.row(for: item))
            }
        } catch { rowFailure = error }
    }
    require(itemFailure == rowFailure, "the two paths fail differently: \(String(describing: itemFailure)) / \(String(describing: rowFailure))")
    guard itemFailure == nil else { return }
    var expected = writer.rows()
    for item in items {
        expected.append(builder.row(for: item))
    }
    require(rows == expected, "the rows written from the tape differ from the Item path's")
}

/// Text from mapping must hold no control, bidi or invisible characters.
func check(_ text: String) {
    for scalar in text.unicodeScalars {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF, 0x200B, 0x200E, 0x200F:
            fatalError("unsafe scalar U+\(String(scalar.value, radix: 16)) in \(text.debugDescription)")
        default: break
        }
    }
}
