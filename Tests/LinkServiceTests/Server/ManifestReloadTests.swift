import DeepLinkRouting
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

/// Reloading the manifests while the server runs (`SIGHUP` in `wayfinder serve`): a good set is
/// served whole from the next request, a bad one is refused and the old set keeps serving.
@Suite("Manifest reload")
struct ManifestReloadTests {
    static let aasa = "/.well-known/apple-app-site-association"

    static func host(_ name: String) -> HTTPFields { [HTTPField.Name("Host")!: name, .userAgent: Agents.desktop] }

    @Test("a good set is served at once: a new tenant's domain gets its association file and /tls/ask says yes")
    func goodSetIsServed() async throws {
        let storyteller = try TestService.example("storyteller")
        let chat = try TestService.example("chat")
        let service = try await TestService.make(manifests: [storyteller])
        try await service.server.makeApplication().testLive { client in
            #expect(
                try await client.execute(uri: Self.aasa, method: .get, headers: Self.host("chat.example.com")).status
                    == .notFound)
            #expect(try await client.execute(uri: "/tls/ask?domain=chat.example.com", method: .get).status == .notFound)

            #expect(await service.server.reload { [storyteller, chat] })

            let file = try await client.execute(uri: Self.aasa, method: .get, headers: Self.host("chat.example.com"))
            #expect(file.status == .ok)
            #expect(file.headers[.contentType] == "application/json")
            #expect(file.text.contains("FGHIJ67890.com.example.chat"))
            #expect(try await client.execute(uri: "/tls/ask?domain=chat.example.com", method: .get).status == .ok)
            #expect(
                try await client.execute(uri: Self.aasa, method: .get, headers: Self.host("stories.example.com")).status
                    == .ok)
        }
        let metrics = try await service.server.metricsText()
        #expect(metrics.contains("wayfinder_manifest_generation 2"))
        #expect(metrics.contains("wayfinder_manifest_last_reload_success 1"))
        #expect(metrics.contains(#"wayfinder_manifest_reloads_total{result="success"} 1"#))
        await service.close()
    }

    @Test(
        "a set that cannot be loaded or served together is refused: the old set keeps serving and /metrics shows the failure"
    )
    func badSetIsRefused() async throws {
        let storyteller = try TestService.example("storyteller")
        let service = try await TestService.make(manifests: [storyteller])
        struct Unreadable: Error {}
        try await service.server.makeApplication().test(.router) { client in
            #expect(!(await service.server.reload { throw Unreadable() }))
            // Two manifests with one id: a TenantError, found when the set is built.
            #expect(!(await service.server.reload { [storyteller, storyteller] }))
            #expect(!(await service.server.reload { [] }))
            let file = try await client.execute(uri: Self.aasa, method: .get, headers: Self.host("stories.example.com"))
            #expect(file.status == .ok)
        }
        let metrics = try await service.server.metricsText()
        #expect(metrics.contains("wayfinder_manifest_generation 1"))
        #expect(metrics.contains("wayfinder_manifest_last_reload_success 0"))
        #expect(metrics.contains(#"wayfinder_manifest_reloads_total{result="failure"} 3"#))
        #expect(!metrics.contains("wayfinder_manifest_last_reload_timestamp_seconds 0\n"))
        await service.close()
    }

    @Test("a load running through twenty reloads sees no error: every request is answered by the old set or the new")
    func loadThroughReloads() async throws {
        let storyteller = try TestService.example("storyteller")
        let chat = try TestService.example("chat")
        let service = try await TestService.make(manifests: [storyteller, chat])
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().testLive { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "https://www.stories.example.com/kept", "slug": "kept"}"#))
            #expect(created.status == .created)
            let reloading = Locked(true)
            let failures = Locked<[String]>([])
            let answered = Locked(0)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<8 {
                    group.addTask {
                        var round = 0
                        while reloading.withLock({ $0 }) || round < 5 {
                            round += 1
                            let (uri, expected): (String, HTTPResponse.Status) =
                                worker % 2 == 0 ? (Self.aasa, .ok) : ("/kept", .found)
                            let response = try await client.execute(
                                uri: uri, method: .get, headers: Self.host("share.stories.example.com"))
                            answered.withLock { $0 += 1 }
                            if response.status != expected {
                                failures.withLock { $0.append("\(uri): \(response.status)") }
                            }
                        }
                    }
                }
                group.addTask {
                    for index in 0..<20 {
                        let set = index % 2 == 0 ? [storyteller] : [storyteller, chat]
                        #expect(await service.server.reload { set })
                        // Requests answered between one reload and the next.
                        let seen = answered.withLock { $0 }
                        #expect(await eventually { answered.withLock { $0 } >= seen + 2 })
                    }
                    reloading.withLock { $0 = false }
                }
                try await group.waitForAll()
            }
            #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0.prefix(5) })")
            #expect(answered.withLock { $0 } >= 40)
        }
        #expect(try await service.server.metricsText().contains("wayfinder_manifest_generation 21"))
        await service.close()
    }
}
