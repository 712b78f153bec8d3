import Hummingbird
import LinkCore
import Logging

/// Answers every error of FDL's calls (`shortLinks`, `managedShortLinks:create`, `linkStats`,
/// the two attribution calls) in FDL's shape
/// (`{"error": {"code", "message", "status"}}`): a ``FirebaseAPIError`` as it is, anything else as
/// ``Problem/init(answering:path:logger:)`` decides (status, message and `Retry-After`).
package struct FirebaseAPIErrorMiddleware: RouterMiddleware {
    package let logger: Logger

    package func handle(
        _ request: Request, context: LinkRequestContext, next: (Request, LinkRequestContext) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as FirebaseAPIError {
            return error.response()
        } catch {
            let problem = Problem(answering: error, path: request.uri.path, logger: logger)
            return FirebaseAPIError(problem).response(retryAfter: problem.retryAfter)
        }
    }
}
