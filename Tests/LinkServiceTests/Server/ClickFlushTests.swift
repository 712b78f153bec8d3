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

/// When a click reaches the database: batched (the default) or before its answer.
@Suite("Click flush modes")
struct ClickFlushTests {
    func visits(_ mode: ClickFlushMode, count: Int) async throws -> (pendingAfterVisits: Int, stored: Int) {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.clickFlushInterval = .seconds(3600)  // no timer flush during the test
        configuration.clickBatchSize = 1000
        configuration.clickFlush = mode
        let service = try await TestService.make(configuration: configuration)
        let key = try await service.key(for: "storyteller")
        let result = try await service.server.makeApplication().test(.router) { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "https://www.stories.example.com/x", "slug": "flush"}"#))
            #expect(created.status == .created)
            for _ in 0..<count {
                let response = try await client.execute(uri: "/flush", method: .get, headers: .visitor(Agents.desktop))
                #expect(response.status == .found)
            }
            return (
                pendingAfterVisits: await service.server.pendingClicks,
                stored: try await service.store.clickCount(tenant: "storyteller")
            )
        }
        await service.close()
        return result
    }

    @Test("synchronous: every click is in the database when its redirect is answered")
    func synchronousWritesBeforeAnswer() async throws {
        let result = try await visits(.synchronous, count: 5)
        #expect(result.pendingAfterVisits == 0)
        #expect(result.stored == 5)
    }

    @Test("batched (the default): clicks wait in memory for the flusher")
    func batchedBuffers() async throws {
        #expect(LinkServiceConfiguration().clickFlush == .batched)
        let result = try await visits(.batched, count: 5)
        #expect(result.pendingAfterVisits == 5)
        #expect(result.stored == 0)
    }
}
