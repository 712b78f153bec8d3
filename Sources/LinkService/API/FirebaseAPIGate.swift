import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// What every call of Firebase Dynamic Links' REST surface does before and after its own work:
/// the per-address public budget, the tenant of the `Host`, the `?key=` of that tenant (missing:
/// `403 PERMISSION_DENIED`; unknown, revoked or another tenant's: `400 INVALID_ARGUMENT`, as FDL
/// answered), the key's API budget, and every error rendered in FDL's shape
/// (``FirebaseAPIError``).
struct FirebaseAPIGate: Sendable {
    let tenants: TenantDirectory
    let store: CachingLinkStore
    /// Keys are held to their API budget (``LinkServiceConfiguration/apiRateLimit``).
    let apiLimiter: RateLimiter
    let publicLimit: PublicRateLimit
    let maxBodySize: Int
    let logger: Logger

    /// Runs `call` for the request's tenant once its key is checked; errors become FDL's shape.
    func answer(
        _ request: Request, context: LinkRequestContext, _ call: (Tenant) async throws -> Response
    ) async -> Response {
        if let problem = publicLimit.problem(request, context: context) {
            return FirebaseAPIError(.tooManyRequests, problem.detail).response(retryAfter: problem.retryAfter)
        }
        do {
            guard let tenant = tenants.tenant(forHost: request.hostName) else {
                throw FirebaseAPIError(.notFound, "\(request.hostName) is not a Dynamic Links domain of this server.")
            }
            try await authenticate(request, tenant: tenant)
            return try await call(tenant)
        } catch let error as FirebaseAPIError {
            return error.response()
        } catch let error as LinkStoreError where error.code == .unavailable {
            return FirebaseAPIError(.serviceUnavailable, "The link database is unavailable; retry in a few seconds.")
                .response()
        } catch let error as LinkStoreError where error.code == .storageFull {
            return FirebaseAPIError(.serviceUnavailable, "The link database's disk is full; retry once space is freed.")
                .response()
        } catch {
            logger.error(
                "FDL call failed", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
            return FirebaseAPIError(.internalServerError, "The server could not answer; the error is in its log.")
                .response()
        }
    }

    /// The request's JSON object body, at most ``maxBodySize`` bytes.
    func body(of request: Request) async throws -> JSONNode {
        let bytes: ByteBuffer
        do {
            bytes = try await LinksAPI.readBody(request, limit: maxBodySize)
        } catch {
            throw FirebaseAPIError(.contentTooLarge, "The request body is larger than \(maxBodySize) bytes.")
        }
        let body: JSONNode
        do {
            body = try JSONParser(maximumDepth: 16).parse(bytes.readableBytesView)
        } catch {
            throw FirebaseAPIError(.badRequest, "Invalid JSON payload received. \(error)")
        }
        guard body.objectValue != nil else {
            throw FirebaseAPIError(.badRequest, "Invalid JSON payload received. The body must be an object.")
        }
        return body
    }

    /// The key of `?key=` must be a valid key of the domain's tenant.
    private func authenticate(_ request: Request, tenant: Tenant) async throws {
        guard let key = request.uri.queryParameters.get("key"), !key.isEmpty else {
            throw FirebaseAPIError(
                .forbidden, "The request is missing a valid API key: pass ?key= with a key of `wayfinder keys create`.")
        }
        let hash = APIKey.hash(key)
        guard let record = try await store.apiKey(hash: hash), record.revokedAt == nil, record.tenant == tenant.id
        else {
            throw FirebaseAPIError(.badRequest, "API key not valid. Please pass a valid API key.")
        }
        if let wait = apiLimiter.acquire(hash) {
            throw FirebaseAPIError(.tooManyRequests, "This key is over its budget; retry in \(wait) s.")
        }
    }

    /// A `200` JSON answer as Google's APIs send it.
    static func json(_ node: JSONNode) -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/json; charset=UTF-8"],
            body: .init(byteBuffer: ByteBuffer(string: node.jsonText(style: .compact))))
    }
}
