import RowboatCore
import RowboatSpec

/// One page request as the runtime hands it to a provider: which list asks,
/// for which endpoint (a `ListController` has one: its title), which request
/// it is, the cursor, and the params in force.
package struct PageRequest: Sendable, Equatable {
    package var list: ListID
    package var endpoint: String
    package var requestID: Int
    package var cursor: PageCursor
    package var params: [String: String]
    /// A live tick's request: the first page again, from the network.
    package var live: Bool

    package init(list: ListID, endpoint: String, requestID: Int, cursor: PageCursor, params: [String: String],
                 live: Bool = false) {
        self.list = list
        self.endpoint = endpoint
        self.requestID = requestID
        self.cursor = cursor
        self.params = params
        self.live = live
    }
}

/// Where lists get their pages: a `ListController`'s closures, or (in the
/// rowboat app) the config-driven data client. `load` delivers the page
/// (twice when a cached page comes first and is not `final`) or throws;
/// it runs in a task that is cancelled when the request is superseded.
package protocol PageProvider: Sendable {
    func load(_ request: PageRequest, deliver: @escaping @Sendable (PageLoad<RowTable>) -> Void) async throws
    /// Sends a request action's request (see the extension's default).
    func perform(_ request: ActionRequest) async throws -> RowModel?
    /// The fresh detail of `row` of an endpoint that loads its own
    /// (`EndpointInfo.loadsDetail`; see the extension's default).
    func detail(of row: RowModel, endpoint: String) async throws -> RowModel
    /// The request of `endpoint`'s list (its first page with `params`) as
    /// a curl command, secrets as `${VARIABLE}`; nil: it has none.
    func curl(endpoint: String, params: [String: String]) -> String?
}

/// A request action's request, as the runtime hands it to a provider: the
/// endpoint whose server (and auth) it goes to, the method, a path on that
/// server with its query, and the JSON body.
package struct ActionRequest: Sendable, Equatable {
    package var endpoint: String
    package var method: HTTPMethodName
    package var path: String
    package var body: [UInt8]?

    package init(endpoint: String, method: HTTPMethodName, path: String, body: [UInt8]?) {
        self.endpoint = endpoint
        self.method = method
        self.path = path
        self.body = body
    }
}

extension PageProvider {
    /// Sends a request action's request; the row its answer holds, mapped
    /// as the endpoint's items are, when it holds one. Providers without a
    /// server say so.
    package func perform(_ request: ActionRequest) async throws -> RowModel? {
        throw DataError.network("this list has no server to send requests to")
    }

    /// Providers without requests of their own have none to copy.
    package func curl(endpoint: String, params: [String: String]) -> String? { nil }

    /// Providers without a detail loader hand the row back as it is.
    package func detail(of row: RowModel, endpoint: String) async throws -> RowModel { row }
}
