import Hummingbird
import LinkCore
import NIOCore

/// `GET /favicon.ico`: the server's icon (`Templates/Resources/favicon.svg`), on every host, so
/// that a browser's first request to the console or a link page is not a `404` in the log and a
/// tab has an icon. Browsers take an SVG icon at this path by its content type.
package struct FaviconHandler: Sendable {
    package static let path = "/favicon.ico"

    package init() {}

    package func register(on router: Router<LinkRequestContext>) {
        router.get(RouterPath(Self.path)) { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "image/svg+xml", .cacheControl: "public, max-age=86400"],
                body: .init(byteBuffer: ByteBuffer(bytes: PackageResources.favicon_svg)))
        }
    }
}
