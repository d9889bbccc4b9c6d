import RowboatSpec
import RowboatParsing

// libFuzzer target: JSON page decoding and item mapping (PageDecoder and
// its TapeItemMapper) for a few endpoint shapes. Any body must give a page or a
// DataError; every mapped text must be safe for a terminal.
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
            for item in page.items {
                check(item.id)
                for value in item.values.values { check(value.plainText) }
            }
        } catch {
            let line = error.description
            require(!line.contains("\n"), "a multi-line error")
            check(line)
        }
    }
    return 0
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
