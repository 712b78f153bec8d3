import Foundation
import HTTPTypes
import Hummingbird
import LinkCore

/// Resolves `Authorization: Bearer <key>` to the key's tenant (through the server's
/// ``APIKeyAuthenticator``) before any handler of the links API runs; the handlers get it as
/// ``APIRequestContext/tenant`` and ``APIRequestContext/actor`` (register them with
/// `requiring(_:)` after this middleware, which checks the route's permission).
///
/// The key alone picks the tenant, never the `Host`: another tenant's link is `404` to it, as if it
/// did not exist. No key is `401` (`missing-api-key`), an unknown or revoked key `401`
/// (`invalid-api-key`), a key over its budget `429` with `Retry-After`. A request without a valid
/// key is unauthenticated, so it is held to its address's public budget
/// (``LinkServiceConfiguration/publicRateLimit``): guessing keys is `429` beyond it, like any
/// other public call.
package struct BearerKeyMiddleware: RouterMiddleware {
    package let authenticator: APIKeyAuthenticator
    package let publicLimit: PublicRateLimit

    package func handle(
        _ request: Request, context: LinkRequestContext, next: (Request, LinkRequestContext) async throws -> Response
    ) async throws -> Response {
        var context = context
        let (tenant, actor) = try await key(of: request, context: context)
        context.keyTenant = tenant
        context.actor = actor
        return try await next(request, context)
    }

    /// The token of an `Authorization: Bearer <token>` value; the scheme is matched without
    /// regard to case (RFC 9110 §11.1).
    package static func bearerToken(_ header: String) -> String? {
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }

    package func key(of request: Request, context: LinkRequestContext) async throws -> (Tenant, Actor) {
        let outcome = try await authenticator.authenticate(request.headers[.authorization].flatMap(Self.bearerToken))
        switch outcome {
        case .authenticated(let tenant, let actor):
            return (tenant, actor)
        case .overBudget(let wait):
            throw Problem.rateLimited("this key is over its budget", retryAfter: wait)
        case .missing, .invalid:
            // No valid key: an unauthenticated request, held to its address's public budget.
            if let problem = publicLimit.problem(request, context: context) { throw problem }
            throw outcome.isMissing ? Self.missingKey : Self.invalidKey
        }
    }

    private static let missingKey = Problem(
        .unauthorized, .missingAPIKey, title: "An API key is needed",
        detail: "send Authorization: Bearer <key>; make a key with `wayfinder keys create --tenant ID`",
        field: "Authorization")
    private static let invalidKey = Problem(
        .unauthorized, .invalidAPIKey, title: "The API key is not valid",
        detail: "the key is unknown, revoked, or its tenant is not served here", field: "Authorization")
}

extension APIKeyAuthenticator.Outcome {
    fileprivate var isMissing: Bool {
        if case .missing = self { return true }
        return false
    }
}
