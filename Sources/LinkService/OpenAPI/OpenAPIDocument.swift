import HTTPTypes
import Hummingbird
import LinkCore
import NIOCore

/// `GET /api/v1/openapi.json`: the OpenAPI 3.1 document of the HTTP API, no key needed.
///
/// The document is kept by hand in `openapi.json` beside this file and compiled into the module,
/// so the server answers exactly the checked-in bytes. Tests keep it honest: every route the router
/// registers is an operation of the document or one of its `x-wayfinder-unlisted-routes`, and the
/// statuses and bodies the handlers answer are the ones it lists.
package struct OpenAPIDocument: Sendable {
    package static let path = "/api/v1/openapi.json"

    /// The document's bytes (UTF-8 JSON).
    package static var bytes: [UInt8] { PackageResources.openapi_json }

    package func register(on router: Hummingbird.Router<LinkRequestContext>) {
        router.get(RouterPath(Self.path)) { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "application/json", .cacheControl: "public, max-age=3600"],
                body: .init(byteBuffer: ByteBuffer(bytes: Self.bytes)))
        }
    }
}
