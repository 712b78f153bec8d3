import HTTPTypes
import Hummingbird
import LinkCore
import Logging

/// Turns every error into a proper answer: problem documents (``Problem/init(answering:path:logger:)``
/// decides which), and never a `500` for what was the client's fault. Also counts responses by
/// status class for `/metrics`.
package struct ProblemMiddleware: RouterMiddleware {
    package let metrics: LinkServiceMetrics

    package func handle(
        _ request: Request, context: LinkRequestContext, next: (Request, LinkRequestContext) async throws -> Response
    ) async throws -> Response {
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            response = Problem(answering: error, path: request.uri.path, logger: context.logger).response()
        }
        metrics.countResponse(status: response.status.code)
        return response
    }
}
