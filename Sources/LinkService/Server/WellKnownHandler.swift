import DeepLinkRouting
import HTTPTypes
import Hummingbird
import LinkCore
import NIOCore

/// `/.well-known/apple-app-site-association`, `/apple-app-site-association` and
/// `/.well-known/assetlinks.json` on every domain of every tenant: `200`, `application/json`,
/// never a redirect, cacheable.
package struct WellKnownHandler: Sendable {
    package let tenants: TenantDirectory
    package let publicLimit: PublicRateLimit
    /// ``LinkServiceConfiguration/wellKnownMaxAge``, in seconds.
    package let maxAge: Int

    package enum File: Sendable {
        case appleAppSiteAssociation
        case assetLinks
    }

    package func register(on router: Hummingbird.Router<LinkRequestContext>) {
        let files = router.group().add(middleware: PublicRateLimitMiddleware(limit: publicLimit))
        files.get("/.well-known/apple-app-site-association") { request, _ in respond(request, .appleAppSiteAssociation)
        }
        files.get("/apple-app-site-association") { request, _ in respond(request, .appleAppSiteAssociation) }
        files.get("/.well-known/assetlinks.json") { request, _ in respond(request, .assetLinks) }
    }

    package func respond(_ request: Request, _ file: File) -> Response {
        guard let tenant = tenants.tenant(forHost: request.hostName) else {
            return Response(
                status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: "unknown host\n")))
        }
        let files = tenant.wellKnown
        let bytes = file == .appleAppSiteAssociation ? files.appleAppSiteAssociation : files.assetLinks
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/json",
                .cacheControl: "public, max-age=\(maxAge)",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
