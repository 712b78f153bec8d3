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
import TestSupport
import Testing

/// A live server under a steady mixed load while its PostgreSQL stops and starts again.
@Suite(
    "PostgreSQL outage under load",
    .enabled(if: PrivatePostgresCluster.isAvailable, PrivatePostgresCluster.skipNote), .timeLimit(.minutes(4)))
struct DatabaseOutageUnderLoadTests {
    /// What the load does, and what each kind may answer while the database comes and goes.
    enum Kind: String, CaseIterable, Sendable {
        case create, read, cachedRedirect, unknownSlug

        var allowed: Set<Int> {
            switch self {
            case .create: [201, 503]
            case .read: [200, 503]
            case .cachedRedirect: [302]
            case .unknownSlug: [404, 503]
            }
        }
    }

    struct Answer: Sendable {
        var kind: Kind
        var status: Int
        var seconds: Double
        var retryAfter: Bool
        var problemType: String?
        var phase: Phase
        var slug: String
    }

    enum Phase: Sendable { case before, outage, after }

    static let queryTimeout = Duration.seconds(3)

    @Test(
        "with creates, reads and redirects in flight while PostgreSQL restarts: database calls fail fast with 503 and Retry-After, cached redirects go on, no other 5xx, and everything recovers without a restart"
    )
    func restartUnderLoad() async throws {
        let cluster = try await PrivatePostgresCluster.start()
        do {
            try await Self.run(cluster)
            await cluster.remove()
        } catch {
            await cluster.remove()
            throw error
        }
    }

    private static func run(_ cluster: PrivatePostgresCluster) async throws {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.linkCacheLifetime = .seconds(3600)
        configuration.clickFlushInterval = .milliseconds(100)
        configuration.apiRateLimit = RateLimit(requests: 1_000_000, per: .seconds(60))
        // The schema is migrated first under the suite's patient limits: only the calls made
        // while the database comes and goes are held to the short one.
        try await PostgresLinkStore.open(url: cluster.url, options: PostgresTestDatabase.storeOptions).close()
        let store = try await PostgresLinkStore.open(
            url: cluster.url, options: .init(queryTimeout: queryTimeout, connectTimeout: .seconds(10)))
        let server = try LinkServer(configuration: configuration, manifests: [LocalTenant.manifest], store: store)
        let (key, record) = APIKey.make(tenant: "local")
        try await store.insertAPIKey(record)
        let hot = (0..<8).map { "hot\($0)" }
        let answers = Locked<[Answer]>([])
        let phase = Locked(Phase.before)
        let running = Locked(true)

        try await server.makeApplication().testLive { client in
            for slug in hot {
                #expect(
                    try await LocalTenant.create(
                        slug, destination: "https://www.local.example.com/\(slug)", key: key, via: client
                    )
                    .status == .created)
                #expect(try await LocalTenant.location(of: slug, via: client) != nil)
            }
            let port = try #require(client.port)
            try await withThrowingTaskGroup(of: Void.self) { group in
                // Two workers of each kind, each on a connection of its own, so that a call
                // waiting for the database holds up no other.
                for (index, kind) in (Kind.allCases + Kind.allCases).enumerated() {
                    group.addTask {
                        let connection = TestClient(
                            host: "localhost", port: port, configuration: .init(timeout: .seconds(30)))
                        connection.connect()
                        do {
                            var number = 0
                            while running.withLock({ $0 }) {
                                number += 1
                                let started = phase.withLock { $0 }
                                var answer = try await Self.send(
                                    kind, number: number, worker: index, hot: hot, key: key, via: connection)
                                // A call that overlapped the outage at either end belongs to it.
                                let ended = phase.withLock { $0 }
                                answer.phase = started == .outage || ended == .outage ? .outage : started
                                answers.withLock { $0.append(answer) }
                                await Task.yield()
                            }
                            try await connection.shutdown()
                        } catch {
                            try? await connection.shutdown()
                            throw error
                        }
                    }
                }
                // Each phase lasts until every kind has answered in it as it should, not for a
                // set time: on a busy machine a second may hold no answer at all.
                #expect(await eventually(within: .seconds(60)) { answered(all: answers, in: .before) })
                phase.withLock { $0 = .outage }
                try await cluster.stop()
                // Until the API has refused a create and a read (503), and a cached redirect and
                // an unknown slug have been answered, while the database was away.
                let refused = await eventually(within: .seconds(60)) {
                    answers.withLock { all in
                        Kind.allCases.allSatisfy { kind in
                            all.contains {
                                $0.kind == kind && $0.phase == .outage
                                    && (kind == .create || kind == .read
                                        ? $0.status == 503 : kind.allowed.contains($0.status))
                            }
                        }
                    }
                }
                #expect(refused, "not every kind answered while the database was away")
                try await cluster.startServer()
                // Recovered when a read (which needs the database) succeeds again.
                let back = await eventually(within: .seconds(30)) {
                    (try? await client.execute(uri: "/api/v1/links/hot0", method: .get, headers: .bearer(key)).status)
                        == .ok
                }
                #expect(back, "the server did not reconnect within 30 s")
                // Settled when every kind has succeeded again in a call answered after that read:
                // until then a call may still meet a connection to the stopped server.
                let settledFrom = answers.withLock { $0.count }
                let settled = await eventually(within: .seconds(30)) {
                    answers.withLock { all in
                        Kind.allCases.allSatisfy { kind in
                            all[settledFrom...].contains { $0.kind == kind && $0.status != 503 }
                        }
                    }
                }
                #expect(settled, "not every kind succeeded again within 30 s")
                phase.withLock { $0 = .after }
                #expect(await eventually(within: .seconds(60)) { answered(all: answers, in: .after) })
                running.withLock { $0 = false }
                try await group.waitForAll()
            }
            #expect(await eventually(within: .seconds(20)) { await server.pendingClicks == 0 })
        }

        let all = answers.withLock { $0 }
        for kind in Kind.allCases {
            let ofKind = all.filter { $0.kind == kind }
            #expect(ofKind.contains { $0.phase == .after }, "no \(kind) answered after the outage")
            let unexpected = ofKind.filter { !kind.allowed.contains($0.status) }
            #expect(unexpected.isEmpty, "\(kind): \(unexpected.prefix(5).map { "\($0.status) \($0.slug)" })")
            // Before and after the outage, everything succeeds.
            let failedOutside = ofKind.filter { $0.phase != .outage && $0.status == 503 }
            #expect(failedOutside.isEmpty, "\(kind) answered 503 outside the outage: \(failedOutside.count)")
        }
        let unavailable = all.filter { $0.status == 503 }
        #expect(unavailable.contains { $0.kind == .create } && unavailable.contains { $0.kind == .read })
        for answer in unavailable {
            #expect(answer.retryAfter, "503 without Retry-After (\(answer.kind))")
            // The API answers a problem document; a redirect, a page for people.
            if answer.kind == .create || answer.kind == .read {
                #expect(answer.problemType == "urn:wayfinder:problem:database-unavailable", "\(answer.kind)")
            }
        }
        // Fail fast: within the query time limit (plus room for a busy machine), never a hang.
        let slowest = unavailable.map(\.seconds).max() ?? 0
        #expect(slowest < Double(queryTimeout.components.seconds) + 7, "slowest 503: \(slowest) s")
        // Cached redirects went on through the outage.
        #expect(all.contains { $0.kind == .cachedRedirect && $0.phase == .outage && $0.status == 302 })

        // Every acknowledged create is there; every answered redirect was counted (a batch sent
        // just as the database vanished may be counted twice, see Documentation/PostgreSQL.md).
        for answer in all where answer.kind == .create && answer.status == 201 {
            #expect(try await store.link(tenant: "local", slug: answer.slug) != nil, "\(answer.slug) lost")
        }
        var clicks = 0
        for slug in hot {
            let link = try #require(try await store.link(tenant: "local", slug: slug))
            clicks += try await store.stats(tenant: "local", linkID: link.id).clicks
        }
        let redirects = all.filter { $0.kind == .cachedRedirect && $0.status == 302 }.count
        #expect(clicks >= redirects + hot.count, "clicks \(clicks), redirects \(redirects) + \(hot.count)")
        try await store.close()
    }

    /// Whether each kind has answered at least a few calls that began and ended in `phase`.
    private static func answered(all answers: Locked<[Answer]>, in phase: Phase) -> Bool {
        answers.withLock { all in
            Kind.allCases.allSatisfy { kind in all.count { $0.kind == kind && $0.phase == phase } >= 5 }
        }
    }

    private static func send(
        _ kind: Kind, number: Int, worker: Int, hot: [String], key: String, via client: TestClient
    ) async throws -> Answer {
        let slug: String
        let request: TestClient.Request
        switch kind {
        case .create:
            slug = "load-\(worker)-\(number)"
            request = TestClient.Request(
                "/api/v1/links", method: .post, authority: "localhost", headers: .bearer(key),
                body: ByteBuffer(
                    string: #"{"destination": "https://www.local.example.com/\#(slug)", "slug": "\#(slug)"}"#))
        case .read:
            slug = hot[number % hot.count]
            request = TestClient.Request(
                "/api/v1/links/\(slug)", method: .get, authority: "localhost", headers: .bearer(key))
        case .cachedRedirect:
            slug = hot[number % hot.count]
            request = TestClient.Request(
                "/\(slug)", method: .get, authority: "localhost", headers: [.userAgent: Agents.desktop])
        case .unknownSlug:
            slug = "nothing-\(worker)-\(number)"
            request = TestClient.Request(
                "/\(slug)", method: .get, authority: "localhost", headers: [.userAgent: Agents.desktop])
        }
        let start = ContinuousClock.now
        let response = try await client.execute(request)
        let elapsed = ContinuousClock.now - start
        let body = response.body.map { String(buffer: $0) } ?? ""
        let type = (try? JSONParser().parse(body))?[path: "type"]
        return Answer(
            kind: kind, status: Int(response.head.status.code),
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            retryAfter: response.head.headerFields[.retryAfter] != nil, problemType: type, phase: .before, slug: slug)
    }
}
