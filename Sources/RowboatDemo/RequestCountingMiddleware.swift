import Hummingbird

/// Router middleware that records every request's path in a `RequestLog`
/// before handing it on (unmatched paths are counted too).
struct RequestCountingMiddleware<Context: RequestContext>: RouterMiddleware {
    let counter: RequestLog<Void>

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        counter.record(path: request.uri.path)
        return try await next(request, context)
    }
}
