import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// A request to the links API without a valid key is unauthenticated: it spends its address's
/// public budget, so guessing keys meets `429` like any other public call, while a valid key keeps
/// its own budget.
@Suite("Key guessing")
struct KeyGuessingTests {
    @Test("missing and unknown keys spend the address's public budget; beyond it 429, a valid key still works")
    func unauthenticatedRequestsAreLimitedPerAddress() async throws {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.publicRateLimit = RateLimit(requests: 3, per: .seconds(60))
        let service = try await TestService.make(manifests: [LocalTenant.manifest], configuration: configuration)
        let key = try await service.key(for: "local")
        do {
            try await service.server.makeApplication().testLive { client in
                let guesses: [HTTPFields] = [[:], .bearer("wf_guess_1"), .bearer("wf_guess_2")]
                for headers in guesses {
                    let answer = try await client.execute(uri: "/api/v1/links", method: .get, headers: headers)
                    #expect(answer.status == .unauthorized)
                }
                let limited = try await client.execute(
                    uri: "/api/v1/links", method: .get, headers: .bearer("wf_guess_3"))
                #expect(limited.status == .tooManyRequests)
                #expect(limited.headers[.retryAfter] != nil)
                #expect(limited.json?[path: "type"] == "urn:wayfinder:problem:rate-limited")
                let valid = try await client.execute(uri: "/api/v1/links", method: .get, headers: .bearer(key))
                #expect(valid.status == .ok)
            }
        } catch {
            await service.close()
            throw error
        }
        await service.close()
    }
}
