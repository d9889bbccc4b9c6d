import Foundation
import Hummingbird

/// MLflow's tracking API. `GET /api/2.0/mlflow/experiments/search?max_results=20`
/// and `POST /api/2.0/mlflow/runs/search` with `{"experiment_ids": [...],
/// "max_results": 20}`: `{"experiments" | "runs": […], "next_page_token":
/// "…"}`, the token absent on the last page; it goes back as `page_token`
/// (a query param, or a field of the POST body). A run's id is nested
/// (`info.run_id`); its times are unique too. A token it did not make is
/// a 400 `INVALID_PARAMETER_VALUE`.
enum LookalikeMLflow {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/api/2.0/mlflow/experiments/search") { request, _ in
            let size = DemoLookalikeRoutes.int(request, "max_results", default: 1000, in: 1...50_000)
            return page("experiments", state: state, size: size, token: DemoLookalikeRoutes.query(request, "page_token"),
                        shape: experiment)
        }
        router.post("/api/2.0/mlflow/runs/search") { request, _ in
            let body = await DemoLookalikeRoutes.jsonBody(request) ?? [:]
            let size = (body["max_results"] as? NSNumber)?.intValue ?? 1000
            return page("runs", state: state, size: min(max(size, 1), 50_000), token: body["page_token"] as? String, shape: run)
        }
    }

    static func page(_ key: String, state: DemoServerState, size: Int, token: String?,
                     shape: (DemoItem) -> LookalikeJSON) -> Response {
        let items = DemoLookalikeRoutes.items(state)
        var start = 0
        if let token, !token.isEmpty {
            guard let offset = LookalikeOffsetToken.decode(token, count: items.count) else {
                return LookalikeResponse.json(.object([("error_code", "INVALID_PARAMETER_VALUE"),
                                                       ("message", "Invalid page token, could not base64-decode")]),
                                              status: .badRequest)
            }
            start = offset
        }
        let page = items.dropFirst(start).prefix(size)
        var body: [(String, LookalikeJSON)] = [(key, .array(page.map(shape)))]
        if start + page.count < items.count { body.append(("next_page_token", .string(LookalikeOffsetToken.encode(start + page.count)))) }
        return LookalikeResponse.json(.object(body))
    }

    static func experiment(_ item: DemoItem) -> LookalikeJSON {
        .object([("experiment_id", .string(String(100 + item.id))), ("name", .string(item.title)),
                 ("artifact_location", .string("mlflow-artifacts:/\(100 + item.id)")), ("lifecycle_stage", "active"),
                 ("last_update_time", .int(item.createdAt * 1000 + 500)), ("creation_time", .int(item.createdAt * 1000))])
    }

    static func run(_ item: DemoItem) -> LookalikeJSON {
        let id = String(format: "%08x%024x", item.id * 2_654_435, item.id)
        return .object([
            ("info", .object([("run_uuid", .string(id)), ("experiment_id", "1"), ("run_name", .string(LookalikeOffsetToken.slug(item.title))),
                              ("user_id", .string(item.subtitle)), ("status", "FINISHED"), ("start_time", .int(item.createdAt * 1000)),
                              ("end_time", .int(item.createdAt * 1000 + 90_000)), ("artifact_uri", .string("mlflow-artifacts:/1/\(id)/artifacts")),
                              ("lifecycle_stage", "active"), ("run_id", .string(id))])),
            ("data", .object([("metrics", .array([.object([("key", "accuracy"), ("value", .number(item.rating / 5)),
                                                            ("timestamp", .int(item.createdAt * 1000)), ("step", 0)])])),
                              ("params", .array([.object([("key", "lr"), ("value", "0.01")])]))])),
            ("inputs", .object([])),
        ])
    }
}
