import Hummingbird
import LinkCore

/// Authenticates every FDL call (`?key=<API key>`, through the server's ``APIKeyAuthenticator``)
/// before its handler runs: the `Host` picks the tenant, the key must be one of that tenant's; the
/// handler gets the tenant as ``APIRequestContext/tenant``. The failures are FDL's (rendered by
/// ``FirebaseAPIErrorMiddleware``): an unknown host `404`, no key `403`, a wrong key `400`, a
/// key over its budget `429`. The address's public budget is spent first, as for every call.
package struct FirebaseKeyMiddleware: RouterMiddleware {
    package let tenants: TenantDirectory
    package let authenticator: APIKeyAuthenticator
    package let publicLimit: PublicRateLimit

    package func handle(
        _ request: Request, context: LinkRequestContext, next: (Request, LinkRequestContext) async throws -> Response
    ) async throws -> Response {
        if let problem = publicLimit.problem(request, context: context) { throw problem }
        guard let tenant = tenants.tenant(forHost: request.hostName) else {
            throw FirebaseAPIError(.notFound, "\(request.hostName) is not a Dynamic Links domain of this server.")
        }
        let key = request.uri.queryParameters.get("key").flatMap { $0.isEmpty ? nil : $0 }
        var context = context
        switch try await authenticator.authenticate(key, for: tenant) {
        case .missing:
            throw FirebaseAPIError(
                .forbidden, "The request is missing a valid API key: pass ?key= with a key of `wayfinder keys create`.")
        case .invalid:
            throw FirebaseAPIError(.badRequest, "API key not valid. Please pass a valid API key.")
        case .overBudget(let wait):
            throw FirebaseAPIError(.tooManyRequests, "This key is over its budget; retry in \(wait) s.")
        case .authenticated(let tenant, let actor):
            context.keyTenant = tenant
            context.actor = actor
        }
        return try await next(request, context)
    }
}
