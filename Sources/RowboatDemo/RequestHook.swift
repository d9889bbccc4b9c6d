import Hummingbird

/// Router middleware that tells `onRequest` every request's path before
/// handing it on (unmatched paths too): how a starter of the demo server
/// hears what was asked (the tests' request counts).
struct RequestHook<Context: RequestContext>: RouterMiddleware {
    let onRequest: @Sendable (String) -> Void

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        onRequest(request.uri.path)
        return try await next(request, context)
    }
}
