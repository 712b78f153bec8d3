import DeepLinkRouting
import Hummingbird
import LinkCore
import LinkStorage
import Logging
import NIOCore

/// What the calls of Firebase Dynamic Links' REST surface share: the dependencies of their key
/// check (``FirebaseKeyMiddleware``, in front of every call, with ``FirebaseAPIErrorMiddleware``
/// rendering every error in FDL's shape) and the reading of a JSON body.
package struct FirebaseAPIGate: Sendable {
    package let tenants: TenantDirectory
    package let store: CachingLinkStore
    /// Checks the key of every call against the tenant of its `Host`.
    package let authenticator: APIKeyAuthenticator
    package let publicLimit: PublicRateLimit
    package let maxBodySize: Int
    package let clock: ServiceClock
    package let logger: Logger

    /// The request's JSON object body, at most ``maxBodySize`` bytes.
    package func body(of request: Request) async throws -> JSONNode {
        let bytes: ByteBuffer
        do {
            bytes = try await request.collectBody(upTo: maxBodySize)
        } catch let problem as Problem where problem.status == .contentTooLarge {
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
}
