import Hummingbird
import LinkCore

/// Holds every request of its routes to the per-address public budget
/// (``LinkServiceConfiguration/publicRateLimit``): a `429` problem with `Retry-After` beyond it.
package struct PublicRateLimitMiddleware: RouterMiddleware {
    package let limit: PublicRateLimit

    package func handle(
        _ request: Request, context: LinkRequestContext, next: (Request, LinkRequestContext) async throws -> Response
    ) async throws -> Response {
        if let problem = limit.problem(request, context: context) { throw problem }
        return try await next(request, context)
    }
}
