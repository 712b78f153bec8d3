import DeepLinkRouting
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import NIOCore
import Testing

extension TestService {
    /// Runs `body` against a service (through its router, or on a live port) that has one link
    /// of `tenant`, made through the API from the JSON `link`; the test stops unless it is `201`.
    package static func withLink(
        _ link: String, tenant: String = "storyteller", manifests: [Manifest]? = nil,
        configuration: LinkServiceConfiguration = LinkServiceConfiguration(port: 0), clock: ServiceClock = .system,
        testing: TestTransport = .router, _ body: @Sendable (any TestClientProtocol, String) async throws -> Void
    ) async throws {
        let service = try await make(manifests: manifests, configuration: configuration, clock: clock)
        let key = try await service.key(for: tenant)
        do {
            try await service.server.makeApplication().test(over: testing) { client in
                let created = try await client.execute(
                    uri: "/api/v1/links", method: .post, headers: .bearer(key), body: ByteBuffer(string: link))
                try #require(created.status == .created, "\(created.text)")
                try await body(client, key)
            }
        } catch {
            await service.close()
            throw error
        }
        await service.close()
    }
}
