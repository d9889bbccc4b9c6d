import Foundation
import RowboatDemo
import Testing

/// The classes of paging the search must find, each as a look-alike of a
/// real server's list on the demo server (a container registry, a message
/// broker's management API, a mailing-list server, an experiment tracker,
/// a workflow engine, search engines, web frameworks, …): the URL a user
/// would give the probe and `rowboat URL`, and an OpenAPI document that
/// describes it as its project publishes one (`paths:` only; the server is
/// the demo's). Every class walks to its exact total, 47 items.
struct PagingClass: Sendable, CustomTestStringConvertible {
    var name: String
    var path: String
    var arguments: [String] = []
    /// The paging style the probe verifies.
    var style: String
    /// The document's `paths:` entries (YAML, indented two spaces).
    var paths: String
    var testDescription: String { name }

    /// The whole document for a server at `base`.
    func document(base: String) -> String {
        """
        openapi: 3.0.3
        info: {title: \(name), version: "1"}
        servers: [{url: "\(base)"}]
        paths:
        \(paths)
        """
    }

    /// A `responses:` block whose 200 answer is JSON of `schema` (YAML,
    /// a line or a block), with its `headers`; its lines after the first
    /// indented to stand under an operation in `paths`.
    static func ok(_ schema: String, headers: String? = nil) -> String {
        var lines = ["responses:", "  '200':", "    description: OK"]
        if let headers { lines.append("    headers: \(headers)") }
        lines += ["    content:", "      application/json:"]
        if schema.contains("\n") {
            lines.append("        schema:")
            lines += schema.split(separator: "\n").map { "          " + $0 }
        } else {
            lines.append("        schema: \(schema)")
        }
        return lines.enumerated().map { $0.offset == 0 ? $0.element : "      " + $0.element }.joined(separator: "\n")
    }

    static let all: [PagingClass] = [
        // A token in the body at a nested path, sent back under its own name (Kubernetes `metadata.continue`).
        PagingClass(name: "kubernetes", path: "/api/v1/namespaces/default/pods?limit=20", style: "cursor", paths: """
          /api/v1/namespaces/default/pods:
            get:
              operationId: listCoreV1NamespacedPod
              parameters: [{name: limit, in: query, schema: {type: integer}}, {name: continue, in: query, schema: {type: string}}, {name: labelSelector, in: query, schema: {type: string}}]
              \(ok("""
          type: object
          properties:
            kind: {type: string}
            metadata:
              type: object
              properties: {resourceVersion: {type: string}, continue: {type: string}, remainingItemCount: {type: integer}}
            items:
              type: array
              items:
                type: object
                properties:
                  metadata:
                    type: object
                    properties:
                      name: {type: string}
                      uid: {type: string}
                      creationTimestamp: {type: string, format: date-time}
                  status: {type: object, properties: {phase: {type: string}}}
          """))
        """),
        // A list of plain values with the next page in a relative Link header (a Docker registry's catalog).
        PagingClass(name: "docker-registry", path: "/v2/_catalog?n=20", style: "link", paths: """
          /v2/_catalog:
            get:
              summary: Repositories
              parameters: [{name: n, in: query, schema: {type: integer}}, {name: last, in: query, schema: {type: string}}]
              \(ok("{type: object, properties: {repositories: {type: array, items: {type: string}}}}", headers: "{Link: {schema: {type: string}}}"))
        """),
        // Page numbers with page_count and total_count; a page past the end is a 400 (RabbitMQ management).
        PagingClass(name: "rabbitmq", path: "/api/queues?page=1&page_size=20", style: "page", paths: """
          /api/queues:
            get:
              summary: Queues
              parameters: [{name: page, in: query, schema: {type: integer, minimum: 1}}, {name: page_size, in: query, schema: {type: integer, maximum: 500}}]
              \(ok("""
          type: object
          properties:
            filtered_count: {type: integer}
            item_count: {type: integer}
            items: {type: array, items: {type: object, properties: {name: {type: string}, vhost: {type: string}, messages: {type: integer}}}}
            page: {type: integer}
            page_count: {type: integer}
            page_size: {type: integer}
            total_count: {type: integer}
          """))
        """),
        // A total under its own name (total_size); past the end the envelope lacks the list (Mailman 3).
        PagingClass(name: "mailman", path: "/3.1/lists?count=20&page=1", style: "page", paths: """
          /3.1/lists:
            get:
              summary: Mailing lists
              parameters: [{name: count, in: query, schema: {type: integer}}, {name: page, in: query, schema: {type: integer}}]
              \(ok("""
          type: object
          properties:
            start: {type: integer}
            total_size: {type: integer}
            entries: {type: array, items: {type: object, properties: {list_id: {type: string}, display_name: {type: string}, member_count: {type: integer}}}}
            http_etag: {type: string}
          """))
        """),
        // A POST search: the token comes as next_page_token and goes back in the body as page_token (MLflow).
        PagingClass(name: "mlflow-runs", path: "/api/2.0/mlflow/runs/search",
                    arguments: ["--method", "POST", "--data", #"{"experiment_ids":["1"],"max_results":20}"#], style: "cursor", paths: """
          /api/2.0/mlflow/runs/search:
            post:
              summary: Runs
              requestBody:
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        experiment_ids: {type: array, items: {type: string}, example: ["1"]}
                        filter: {type: string}
                        max_results: {type: integer, maximum: 50000}
                        order_by: {type: array, items: {type: string}}
                        page_token: {type: string}
              \(ok("""
          type: object
          properties:
            runs:
              type: array
              items:
                type: object
                properties:
                  info: {type: object, properties: {run_id: {type: string}, run_name: {type: string}, status: {type: string}, start_time: {type: integer, format: int64}}}
            next_page_token: {type: string}
          """))
        """),
        // The same token in the query (MLflow experiments).
        PagingClass(name: "mlflow-experiments", path: "/api/2.0/mlflow/experiments/search?max_results=20", style: "cursor", paths: """
          /api/2.0/mlflow/experiments/search:
            get:
              summary: Experiments
              parameters: [{name: max_results, in: query, schema: {type: integer}}, {name: page_token, in: query, schema: {type: string}}]
              \(ok("""
          type: object
          properties:
            experiments: {type: array, items: {type: object, properties: {experiment_id: {type: string}, name: {type: string}, creation_time: {type: integer, format: int64}}}}
            next_page_token: {type: string}
          """))
        """),
        // An offset the first URL does not send, found from the size's partner; the total as total_entries (Airflow).
        PagingClass(name: "airflow", path: "/api/v1/dags?limit=20", style: "offset", paths: """
          /api/v1/dags:
            get:
              summary: DAGs
              parameters: [{name: limit, in: query, schema: {type: integer, minimum: 1}}, {name: offset, in: query, schema: {type: integer, minimum: 0}}]
              \(ok("""
          allOf:
            - {type: object, properties: {dags: {type: array, items: {$ref: '#/components/schemas/DAG'}}}}
            - {$ref: '#/components/schemas/CollectionInfo'}
          """))
        components:
          schemas:
            DAG: {type: object, properties: {dag_id: {type: string}, description: {type: string, nullable: true}, is_paused: {type: boolean}}}
            CollectionInfo: {type: object, properties: {total_entries: {type: integer}}}
        """),
        // An offset named by the response's own fact (start), the total as numFound (Solr).
        PagingClass(name: "solr", path: "/solr/products/select?q=*:*&rows=20", style: "offset", paths: """
          /solr/products/select:
            get:
              summary: Products
              parameters: [{name: q, in: query, schema: {type: string, example: "*:*"}, required: true}, {name: rows, in: query, schema: {type: integer}}, {name: start, in: query, schema: {type: integer}}]
              \(ok("""
          type: object
          properties:
            response:
              type: object
              properties:
                numFound: {type: integer}
                start: {type: integer}
                docs: {type: array, items: {type: object, properties: {sku: {type: string}, manu: {type: string}, price: {type: number}}}}
          """))
        """),
        // A cursor envelope: next_page beside items, sent back as cursor (fastapi-pagination's CursorPage).
        PagingClass(name: "fastapi-cursor", path: "/api/v1/notes?size=20", style: "cursor", paths: """
          /api/v1/notes:
            get:
              summary: Notes
              parameters: [{name: cursor, in: query, schema: {anyOf: [{type: string}, {type: 'null'}]}}, {name: size, in: query, schema: {type: integer, default: 50, maximum: 100}}]
              \(ok("""
          type: object
          properties:
            items: {type: array, items: {type: object, properties: {uuid: {type: string}, text: {type: string}, author: {type: string}}}}
            total: {type: integer, nullable: true}
            current_page: {type: string, nullable: true}
            previous_page: {type: string, nullable: true}
            next_page: {type: string, nullable: true}
          """))
        """),
        // A page-number envelope with current_page and total_pages, no next link (Rails with Kaminari).
        PagingClass(name: "kaminari", path: "/api/v2/tickets?per_page=20", style: "page", paths: """
          /api/v2/tickets:
            get:
              summary: Tickets
              parameters: [{name: page, in: query, schema: {type: integer}}, {name: per_page, in: query, schema: {type: integer}}]
              \(ok("""
          type: object
          properties:
            tickets: {type: array, items: {type: object, properties: {id: {type: integer}, subject: {type: string}}}}
            meta:
              type: object
              properties: {current_page: {type: integer}, next_page: {type: integer, nullable: true}, total_pages: {type: integer}, total_count: {type: integer}}
          """))
        """),
        // The position travels in a header both ways (Azure Cosmos DB's x-ms-continuation).
        PagingClass(name: "cosmos", path: "/dbs/shop/colls/orders/docs", arguments: ["--header", "x-ms-max-item-count: 20"],
                    style: "cursor", paths: """
          /dbs/shop/colls/orders/docs:
            get:
              summary: Documents
              parameters: [{name: x-ms-max-item-count, in: header, schema: {type: integer}}, {name: x-ms-continuation, in: header, schema: {type: string}}]
              \(ok("""
          type: object
          properties:
            Documents: {type: array, items: {type: object, properties: {id: {type: string}, product: {type: string}, total: {type: number}}}}
            _count: {type: integer}
          """, headers: "{x-ms-continuation: {schema: {type: string}}}"))
        """),
        // The page number is a path segment; past the end, 404 (a static site's JSON archive).
        PagingClass(name: "path-pages", path: "/archive/page/1.json", style: "page", paths: """
          /archive/page/{page}.json:
            get:
              summary: Archive
              parameters: [{name: page, in: path, required: true, schema: {type: integer, minimum: 1}}]
              \(ok("{type: array, items: {type: object, properties: {slug: {type: string}, title: {type: string}, date: {type: string, format: date}}}}"))
        """),
        // An offset with the total in Content-Range; past the end, 416 (PostgREST).
        PagingClass(name: "postgrest", path: "/rest/films?limit=20", style: "offset", paths: """
          /rest/films:
            get:
              summary: Films
              parameters: [{name: limit, in: query, schema: {type: integer}}, {name: offset, in: query, schema: {type: integer}}]
              \(ok("{type: array, items: {type: object, properties: {film_id: {type: integer}, title: {type: string}, director: {type: string}}}}", headers: "{Content-Range: {schema: {type: string}}}"))
        """),
        // next_token sent back as from (Synapse's admin API).
        PagingClass(name: "synapse", path: "/_synapse/admin/v2/users?limit=20", style: "cursor", paths: """
          /_synapse/admin/v2/users:
            get:
              summary: Users
              parameters: [{name: from, in: query, schema: {type: string}}, {name: limit, in: query, schema: {type: integer}}]
              \(ok("""
          type: object
          properties:
            users: {type: array, items: {type: object, properties: {name: {type: string}, displayname: {type: string}, creation_ts: {type: integer}}}}
            next_token: {type: string}
            total: {type: integer}
          """))
        """),
        // end sent back as from; the end is no end (Matrix room history).
        PagingClass(name: "matrix", path: "/_matrix/client/v3/rooms/!demo:example.org/messages?dir=b&limit=20", style: "cursor", paths: """
          /_matrix/client/v3/rooms/!demo:example.org/messages:
            get:
              summary: Room messages
              parameters: [{name: dir, in: query, required: true, schema: {type: string, enum: [b, f]}, example: b}, {name: from, in: query, schema: {type: string}}, {name: limit, in: query, schema: {type: integer}}]
              \(ok("""
          type: object
          properties:
            chunk: {type: array, items: {type: object, properties: {event_id: {type: string}, sender: {type: string}, origin_server_ts: {type: integer}}}}
            start: {type: string}
            end: {type: string}
          """))
        """),
        // A next URL in the body; past the end 404 (Django REST framework's PageNumberPagination).
        PagingClass(name: "drf", path: "/api/authors/", style: "nextURL", paths: """
          /api/authors/:
            get:
              summary: Authors
              parameters: [{name: page, in: query, schema: {type: integer}}]
              \(ok("""
          type: object
          properties:
            count: {type: integer}
            next: {type: string, format: uri, nullable: true}
            previous: {type: string, format: uri, nullable: true}
            results: {type: array, items: {type: object, properties: {id: {type: integer}, title: {type: string}}}}
          """))
        """),
        // $top paired with $skip, no next link (OData without server-driven paging).
        PagingClass(name: "odata-skip", path: "/odata/People?$top=20&$count=true", style: "offset", paths: """
          /odata/People:
            get:
              summary: People
              parameters: [{name: $top, in: query, schema: {type: integer}}, {name: $skip, in: query, schema: {type: integer}}, {name: $count, in: query, schema: {type: boolean}}]
              \(ok("""
          type: object
          properties:
            '@odata.count': {type: integer}
            value: {type: array, items: {type: object, properties: {UserName: {type: string}, FirstName: {type: string}}}}
          """))
        """),
        // from and size in a POST body (Elasticsearch).
        PagingClass(name: "es-from-size", path: "/logs/_search",
                    arguments: ["--method", "POST", "--data", #"{"from":0,"size":20,"query":{"match_all":{}}}"#], style: "offset", paths: """
          /logs/_search:
            post:
              summary: Logs
              requestBody:
                content:
                  application/json:
                    schema: {type: object, properties: {from: {type: integer}, size: {type: integer}, query: {type: object}}}
              \(ok("""
          type: object
          properties:
            hits:
              type: object
              properties:
                total: {type: object, properties: {value: {type: integer}}}
                hits: {type: array, items: {type: object, properties: {_id: {type: string}, _source: {type: object, properties: {message: {type: string}}}}}}
          """))
        """),
        // offset and limit in a POST body, a bare array back (Prefect's filter endpoints).
        PagingClass(name: "prefect", path: "/api/flows/filter", arguments: ["--method", "POST", "--data", #"{"limit":20,"offset":0}"#],
                    style: "offset", paths: """
          /api/flows/filter:
            post:
              summary: Flows
              requestBody:
                content:
                  application/json:
                    schema: {type: object, properties: {offset: {type: integer}, limit: {type: integer}, sort: {type: string}}}
              \(ok("{type: array, items: {type: object, properties: {id: {type: string, format: uuid}, name: {type: string}, created: {type: string, format: date-time}}}}"))
        """),
        // A code unique on the first page but used again on the next: the id the walk keeps is sku.
        PagingClass(name: "shelf-codes", path: "/api/stock?page_size=20", style: "page", paths: """
          /api/stock:
            get:
              summary: Stock
              parameters: [{name: page, in: query, schema: {type: integer}}, {name: page_size, in: query, schema: {type: integer}}]
              \(ok("""
          type: object
          properties:
            results: {type: array, items: {type: object, properties: {code: {type: string}, sku: {type: string}, name: {type: string}}}}
            total: {type: integer}
          """))
        """),
    ]
}
