import HTTPTypes
import Hummingbird
import Logging

/// Turns every error into a proper answer: problem documents under `/api/`, and never a `500`
/// for what was the client's fault. Also counts responses by status class for `/metrics`.
struct ProblemMiddleware: RouterMiddleware {
    let metrics: LinkServiceMetrics

    func handle(
        _ request: Request, context: LinkRequestContext, next: (Request, LinkRequestContext) async throws -> Response
    ) async throws -> Response {
        let response: Response
        do {
            response = try await next(request, context)
        } catch let problem as Problem {
            response = problem.response()
        } catch let error as LinkStoreError where error.code == .unavailable {
            context.logger.warning(
                "database unavailable", metadata: ["error": "\(error.detail)", "path": "\(request.uri.path)"])
            response = Problem(
                .serviceUnavailable, "database-unavailable", title: "The database is unavailable",
                detail: "the link database cannot be reached right now; retry in a few seconds", retryAfter: 5
            ).response()
        } catch let error as LinkStoreError where error.code == .storageFull {
            context.logger.error(
                "database disk full", metadata: ["error": "\(error.detail)", "path": "\(request.uri.path)"])
            response = Problem(
                .serviceUnavailable, "storage-full", title: "The database's disk is full",
                detail:
                    "the server cannot write to its database until space is freed on its disk; existing links keep redirecting; retry later",
                retryAfter: 30
            ).response()
        } catch let error as HTTPError {
            response = Problem(error).response()
        } catch {
            context.logger.error("request failed", metadata: ["error": "\(error)", "path": "\(request.uri.path)"])
            response = Problem(
                .internalServerError, "internal-error", title: "Internal error",
                detail: "the server could not answer; the error is in its log"
            ).response()
        }
        metrics.countResponse(status: response.status.code)
        return response
    }
}
