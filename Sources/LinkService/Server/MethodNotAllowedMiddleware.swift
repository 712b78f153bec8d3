import Foundation
import HTTPTypes
import Hummingbird
import LinkCore

/// Answers `405` with `Allow` when the request's path has routes but none for its method
/// (RFC 9110 §15.5.6), where the router alone would answer `404`.
package struct MethodNotAllowedMiddleware: RouterMiddleware {
    package let allowed: AllowedMethods

    package func handle(
        _ request: Request, context: LinkRequestContext, next: (Request, LinkRequestContext) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound && context.endpointPath == "NotFound" {
            // "NotFound" is the router's own mark: no route took the request (a handler's 404 is
            // left alone).
            guard let allow = await allowed.allow(for: request.uri.path, context: context),
                !allow.split(separator: ",").contains(where: {
                    $0.trimmingCharacters(in: .whitespaces) == request.method.rawValue
                })
            else { throw error }
            throw Problem.methodNotAllowed(request.method, path: request.uri.path, allow: allow)
        }
    }
}
