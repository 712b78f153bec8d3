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

@Suite("One clock: the server's time is the clock it is given")
struct ServiceClockTests {
    @Test("a link made through the API is stamped with the server's clock and expires by that clock")
    func expiryFollowsTheClock() async throws {
        let time = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
        let service = try await TestService.make(clock: time.clock)
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(
                    string:
                        #"{"destination": "https://www.stories.example.com/a", "slug": "soon", "expiresAt": "2027-01-15T08:01:00Z"}"#
                ))
            #expect(created.status == .created)
            #expect(created.json?[path: "createdAt"] == "2027-01-15T08:00:00.000Z")
            let desktop = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)"
            #expect(try await client.execute(uri: "/soon", method: .get, headers: .visitor(desktop)).status == .found)
            time.advance(by: .seconds(61))
            let expired = try await client.execute(uri: "/soon", method: .get, headers: .visitor(desktop))
            #expect(expired.status == .gone)
        }
        await service.close()
    }

    @Test("a key over its budget is 429 until the server's clock has refilled it, as Retry-After says")
    func rateLimitsFollowTheClock() async throws {
        let time = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.apiRateLimit = RateLimit(requests: 2, per: .seconds(60))
        let service = try await TestService.make(configuration: configuration, clock: time.clock)
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            for _ in 0..<2 {
                #expect(
                    try await client.execute(uri: "/api/v1/links", method: .get, headers: .bearer(key)).status == .ok)
            }
            let limited = try await client.execute(uri: "/api/v1/links", method: .get, headers: .bearer(key))
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] == "30")
            time.advance(by: .seconds(29))
            #expect(
                try await client.execute(uri: "/api/v1/links", method: .get, headers: .bearer(key)).status
                    == .tooManyRequests)
            time.advance(by: .seconds(31))
            #expect(try await client.execute(uri: "/api/v1/links", method: .get, headers: .bearer(key)).status == .ok)
        }
        await service.close()
    }
}
