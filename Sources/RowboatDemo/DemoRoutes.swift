import Hummingbird

/// Registers the demo API on a router: `GET /api/items`,
/// `GET /api/items/{id}`, `GET /api/categories`, `GET /api/makers`,
/// `GET /api/reviews[?item=ID]`, `GET /images/{id}.(png|jpg|webp)`,
/// `GET /api/bulk` (one huge generated response: `DemoBulkRoute`),
/// `GET /api/market` and `/api/log` (streams: `DemoStreamRoutes`; the WebSocket
/// `/ws/market` is beside the router: `DemoWebSocketRoutes`),
/// `GET /api/live` (a first page that gains items over time: `DemoLiveFeed`), and the
/// write routes request actions use: `POST /api/items/{id}/sold` and
/// `DELETE /api/items/{id}/sold` (the item, as it is now, in the envelope),
/// and the API's OpenAPI document (`DemoOpenAPI`).
enum DemoRoutes {
    static func makeRouter(state: DemoServerState) -> Router<BasicRequestContext> {
        let router = Router()
        if let onRequest = state.onRequest { router.add(middleware: RequestHook(onRequest: onRequest)) }
        router.get("/api/items") { request, _ in
            listItems(request, state: state)
        }
        router.get("/api/items/{id}") { _, context in
            let catalog = state.catalog
            guard let id = context.parameters.get("id", as: Int.self), let item = catalog.item(id: id) else {
                return DemoJSONResponse.failure(.notFound, message: "no such item")
            }
            return DemoJSONResponse.success(item)
        }
        for (method, status) in [(HTTPRequest.Method.post, "sold"), (.delete, DemoItem.forSale)] {
            router.on("/api/items/{id}/sold", method: method) { _, context in
                guard let id = context.parameters.get("id", as: Int.self), let item = state.setStatus(status, of: id) else {
                    return DemoJSONResponse.failure(.notFound, message: "no such item")
                }
                return DemoJSONResponse.success(item)
            }
        }
        router.get("/api/categories") { request, _ in
            directoryPage(request) { page, limit in DemoDirectory.page(state.directory.categories, page: page, limit: limit) }
        }
        router.get("/api/makers") { request, _ in
            directoryPage(request) { page, limit in DemoDirectory.page(state.directory.makers, page: page, limit: limit) }
        }
        router.get("/api/reviews") { request, _ in
            let item = request.uri.queryParameters.get("item")
            if let item, Int(item) == nil { return DemoJSONResponse.failure(.badRequest, message: "invalid item") }
            return directoryPage(request) { page, limit in
                state.directory.reviews(item: item.flatMap { Int($0) }, page: page, limit: limit)
            }
        }
        router.get("/images/{file}") { request, context in
            try await image(request, file: context.parameters.get("file") ?? "", state: state)
        }
        DemoLookalikeRoutes.register(on: router, state: state)
        DemoBulkRoute.register(on: router)
        DemoStreamRoutes.register(on: router)
        DemoLiveFeed.register(on: router, feed: state.live)
        DemoOpenAPI.register(on: router)
        return router
    }

    /// `page` (1-based, default 1) and `limit` (default 20, clamped 1...100),
    /// narrowed and ordered by `DemoQuery`'s params; a non-numeric value, a
    /// page below 1 or an unknown sort is a 400.
    private static func listItems(_ request: Request, state: DemoServerState) -> Response {
        let query = request.uri.queryParameters
        guard let page = integer(query.get("page"), default: 1), page >= 1,
              let limit = integer(query.get("limit"), default: DemoCatalog.defaultLimit)
        else {
            return DemoJSONResponse.failure(.badRequest, message: "invalid page")
        }
        let filters: DemoQuery
        switch DemoQuery.parse({ query.get($0) }) {
        case .success(let q): filters = q
        case .failure(let e): return DemoJSONResponse.failure(.badRequest, message: e.message)
        }
        return DemoJSONResponse.conditionalSuccess(state.catalog.page(page, limit: limit, query: filters),
                                                   ifNoneMatch: request.headers[values: .ifNoneMatch].joined(separator: ","))
    }

    /// A page of one of the directory's lists (`page` and `limit` as for items).
    private static func directoryPage(_ request: Request, _ make: (Int, Int) -> some Encodable & Sendable) -> Response {
        let query = request.uri.queryParameters
        guard let page = integer(query.get("page"), default: 1), page >= 1,
              let limit = integer(query.get("limit"), default: DemoCatalog.defaultLimit)
        else {
            return DemoJSONResponse.failure(.badRequest, message: "invalid page")
        }
        return DemoJSONResponse.success(make(page, limit))
    }

    /// `fallback` when absent, nil when present but not an integer.
    private static func integer(_ text: String?, default fallback: Int) -> Int? {
        guard let text else { return fallback }
        return Int(text)
    }

    private static func image(_ request: Request, file: String, state: DemoServerState) async throws -> Response {
        let parts = file.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let id = Int(parts[0]), state.catalog.item(id: id) != nil else {
            return DemoJSONResponse.failure(.notFound, message: "no such image")
        }
        let spec = DemoImageSpec(id: id)
        guard parts[1] == spec.format.fileExtension else {
            return DemoJSONResponse.failure(.notFound, message: "no such image")
        }
        let image = try await state.images.image(for: spec)
        var headers: HTTPFields = [
            .eTag: image.etag,
            .cacheControl: "public, max-age=86400",
        ]
        let conditions = request.headers[values: .ifNoneMatch].joined(separator: ",")
        if !conditions.isEmpty, EntityTag.ifNoneMatch(conditions, matches: image.etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = spec.format.contentType
        return Response(
            status: .ok,
            headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: image.bytes))
        )
    }
}
