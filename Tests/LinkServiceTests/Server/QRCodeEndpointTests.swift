import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import NIOCore
import Testing

/// `GET /api/v1/links/{slug}/qr`: the short URL as an SVG or PNG QR code, for the key's tenant only.
@Suite("QR code endpoint")
struct QRCodeEndpointTests {
    /// A storyteller link on its second domain, so the code must use the link's own domain.
    private static let body =
        #"{"destination": "https://www.stories.example.com/featured", "slug": "poster", "domain": "share.stories.example.com"}"#

    private func withLink(
        _ test: @Sendable (_ client: any TestClientProtocol, _ key: String, _ otherKey: String) async throws -> Void
    ) async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        let otherKey = try await service.key(for: "chat")
        try await service.server.makeApplication().test(.router) { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key), body: ByteBuffer(string: Self.body))
            #expect(created.status == .created)
            try await test(client, key, otherKey)
        }
        await service.close()
    }

    @Test("without a key or with a wrong one it is 401, like every link call")
    func needsAPIKey() async throws {
        try await withLink { client, _, _ in
            let none = try await client.execute(uri: "/api/v1/links/poster/qr", method: .get)
            #expect(none.status == .unauthorized)
            #expect(none.json?[path: "field"] == "Authorization")
            let wrong = try await client.execute(
                uri: "/api/v1/links/poster/qr", method: .get, headers: .bearer("wf_not-a-key"))
            #expect(wrong.status == .unauthorized)
        }
    }

    @Test("another tenant's link and a missing link are 404")
    func otherTenantIsNotFound() async throws {
        try await withLink { client, key, otherKey in
            let theirs = try await client.execute(
                uri: "/api/v1/links/poster/qr?format=png", method: .get, headers: .bearer(otherKey))
            #expect(theirs.status == .notFound)
            #expect(theirs.headers[.contentType] == "application/problem+json")
            let missing = try await client.execute(uri: "/api/v1/links/nothing/qr", method: .get, headers: .bearer(key))
            #expect(missing.status == .notFound)
        }
    }

    @Test(
        "a bad format or size is a 400 problem naming the parameter",
        arguments: [
            ("format=gif", "format"), ("format=SVG", "format"), ("format=", "format"), ("size=63", "size"),
            ("size=4097", "size"), ("size=big", "size"), ("size=512.5", "size"), ("size=-512", "size"),
        ])
    func badParameters(query: String, field: String) async throws {
        try await withLink { client, key, _ in
            let response = try await client.execute(
                uri: "/api/v1/links/poster/qr?\(query)", method: .get, headers: .bearer(key))
            #expect(response.status == .badRequest)
            #expect(response.headers[.contentType] == "application/problem+json")
            #expect(response.json?[path: "field"] == field)
            #expect(response.json?[path: "type"] == "urn:wayfinder:problem:invalid-field")
        }
    }

    @Test("SVG is the default: image/svg+xml with the short URL as title, cacheable privately, a file name")
    func svgByDefault() async throws {
        try await withLink { client, key, _ in
            let response = try await client.execute(uri: "/api/v1/links/poster/qr", method: .get, headers: .bearer(key))
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "image/svg+xml")
            #expect(response.headers[.cacheControl] == "private, max-age=300")
            #expect(response.headers[.contentDisposition] == "attachment; filename=\"poster-qr.svg\"")
            #expect(response.text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
            #expect(response.text.contains("<title>https://share.stories.example.com/poster</title>"))
            // 512 pixels asked; version 3 with its quiet zone is 37 modules, 14 pixels each.
            #expect(response.text.contains("width=\"518\" height=\"518\""))
        }
    }

    @Test("format=png answers image/png at the size asked for, rounded to whole pixels per module")
    func png() async throws {
        try await withLink { client, key, _ in
            let response = try await client.execute(
                uri: "/api/v1/links/poster/qr?format=png&size=1024", method: .get, headers: .bearer(key))
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "image/png")
            #expect(response.headers[.contentDisposition] == "attachment; filename=\"poster-qr.png\"")
            let bytes = Array(response.body.readableBytesView)
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            // IHDR's width and height: 37 modules of 28 pixels.
            #expect(Array(bytes[16..<24]) == [0, 0, 4, 0x0C, 0, 0, 4, 0x0C])
        }
    }

    @Test(
        "zbarimg reads exactly the short URL from the endpoint's PNG",
        .enabled(if: ZbarImage.isInstalled, "zbarimg is not installed; apt-get install zbar-tools to run this test"),
        arguments: [64, 512, 4096])
    func pngDecodesToShortURL(size: Int) async throws {
        try await withLink { client, key, _ in
            let response = try await client.execute(
                uri: "/api/v1/links/poster/qr?format=png&size=\(size)", method: .get, headers: .bearer(key))
            #expect(response.status == .ok)
            #expect(
                try await ZbarImage.decode(Array(response.body.readableBytesView))
                    == "https://share.stories.example.com/poster")
        }
    }
}

/// `zbarimg --raw -q` on a PNG in a temporary directory of its own.
private enum ZbarImage {
    static let path = ChildProcess.find("zbarimg")

    static var isInstalled: Bool { path != nil }

    static func decode(_ png: [UInt8]) async throws -> String {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Data(png).write(to: URL(fileURLWithPath: directory.path("qr.png")))
        let text = try await ChildProcess.runDetached(
            path ?? "zbarimg", ["--raw", "-q", directory.path("qr.png")], standardError: .discard
        ).stdout
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}
