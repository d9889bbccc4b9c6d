import Hummingbird

/// Apache Airflow's stable REST API, `GET /api/v1/dags?limit=20`:
/// `{"dags": […], "total_entries": 47}`; the next page is asked for with
/// `offset` (absent from the first URL), the limit at most 100. Past the
/// end: an empty `dags`. A DAG is named by `dag_id`.
enum LookalikeAirflow {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/api/v1/dags") { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let limit = DemoLookalikeRoutes.int(request, "limit", default: 100, in: 1...100)
            let offset = DemoLookalikeRoutes.int(request, "offset", default: 0, in: 0...1_000_000)
            let page = items.dropFirst(offset).prefix(limit)
            return LookalikeResponse.json(.object([
                ("dags", .array(page.map { item in
                    .object([("dag_id", .string("\(LookalikeOffsetToken.slug(item.title))_\(item.id)")),
                             ("description", .string(item.subtitle)), ("is_paused", .bool(item.id % 5 == 0)),
                             ("is_active", true), ("fileloc", .string("/opt/airflow/dags/dag_\(item.id).py")),
                             ("owners", .array([.string("airflow")])),
                             ("schedule_interval", .object([("__type", "CronExpression"), ("value", "0 * * * *")])),
                             ("tags", .array([.object([("name", .string(LookalikeOffsetToken.slug(item.subtitle)))])]))])
                })),
                ("total_entries", .int(items.count)),
            ]))
        }
    }
}
