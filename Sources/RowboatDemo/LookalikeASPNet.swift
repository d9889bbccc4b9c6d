import Foundation
import Hummingbird

/// An ASP.NET Core API in the style its tutorials teach, `GET
/// /api/orders?pageNumber=1&pageSize=20`: a bare array, and the paging
/// facts as JSON in a response header, `X-Pagination: {"TotalCount": 47,
/// "PageSize": 20, "CurrentPage": 1, "TotalPages": 3, "HasNext": true,
/// "HasPrevious": false}`, the count also in `X-Total-Count`. A page past
/// the end is empty.
enum LookalikeASPNet {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/api/orders") { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let size = DemoLookalikeRoutes.int(request, "pageSize", default: 10, in: 1...50)
            let number = DemoLookalikeRoutes.int(request, "pageNumber", default: 1, in: 1...10_000)
            let totalPages = (items.count + size - 1) / size
            let page = items.dropFirst((number - 1) * size).prefix(size)
            let facts: LookalikeJSON = .object([
                ("TotalCount", .int(items.count)), ("PageSize", .int(size)), ("CurrentPage", .int(number)),
                ("TotalPages", .int(totalPages)), ("HasNext", .bool(number < totalPages)), ("HasPrevious", .bool(number > 1)),
            ])
            return LookalikeResponse.json(.array(page.map { item in
                .object([("orderId", .int(5000 + item.id)), ("product", .string(item.title)),
                         ("customer", .string(item.subtitle)), ("total", .number(item.price)),
                         ("placedAt", .string("2026-05-\(String(format: "%02d", 1 + item.id % 28))T09:15:00Z"))])
            }), headers: [("X-Pagination", facts.text), ("X-Total-Count", String(items.count))])
        }
    }
}
