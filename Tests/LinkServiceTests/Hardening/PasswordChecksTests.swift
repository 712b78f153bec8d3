import Foundation
import HTTPTypes
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import NIOCore
import TestSupport
import Testing

/// Password checks run on a small pool of their own with a bounded queue, never on the event
/// loops, and one address has a budget of checks across all links: a burst of wrong passwords
/// leaves the server answering.
@Suite("Password checks off the event loops")
struct PasswordChecksTests {
    @Test("a check past the pool's queue is refused at once with a retry time, not queued")
    func boundedQueue() async throws {
        let checks = PasswordChecks(workers: 1, waiting: 0)
        let stored = try PasswordHash.make("correct horse")
        // The worker is held until the test lets it go, so "admitted" cannot drop back to 0 before
        // the test has seen it (a real check could finish first on a loaded machine).
        let gate = DispatchSemaphore(value: 0)
        let first = Task { try await checks.run { gate.wait() } }
        while checks.admitted == 0 { await Task.yield() }
        do {
            _ = try await checks.verify("correct horse", against: stored)
            Issue.record("a second check was admitted past the bound")
        } catch {
            #expect(error.retryAfter >= 1)
        }
        gate.signal()
        try await first.value
        #expect(try await checks.verify("correct horse", against: stored))
        #expect(checks.admitted == 0)
    }

    @Test("a link's new password is hashed on the password workers: past their queue, 503 busy with Retry-After")
    func hashingOnWorkers() async throws {
        let checks = PasswordChecks(workers: 1, waiting: 0)
        let gate = DispatchSemaphore(value: 0)
        let first = Task { try await checks.run { gate.wait() } }
        while checks.admitted == 0 { await Task.yield() }
        do {
            _ = try await PasswordChecks.hash("open sesame", on: checks)
            Issue.record("a hash was made past the workers' bound")
        } catch {
            #expect(error.status == .serviceUnavailable)
            #expect(error.code == .busy)
            #expect(error.retryAfter == 1)
        }
        gate.signal()
        try await first.value
        let hashed = try await PasswordChecks.hash("open sesame", on: checks)
        #expect(PasswordHash.verify("open sesame", against: hashed))
    }

    @Test("one address's password checks across all links are capped: 429 with Retry-After")
    func capAcrossLinks() async throws {
        // The server's clock stands still: the budget refills by it, not by how long scrypt takes.
        let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
        let service = try await TestService.make(clock: clock.clock)
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            for index in 0..<4 {
                let created = try await client.execute(
                    uri: "/api/v1/links", method: .post, headers: .bearer(key),
                    body: ByteBuffer(
                        string:
                            #"{"destination": "\#(PasswordTests.destination)", "slug": "m\#(index)", "password": "open sesame"}"#
                    ))
                #expect(created.status == .created)
            }
            var statuses: [HTTPResponse.Status] = []
            // Nine wrong guesses per link stay within each link's budget of ten.
            for index in 0..<4 {
                let form = try await client.execute(uri: "/m\(index)", method: .get, headers: .visitor(Agents.desktop))
                let csrf = try PasswordTests.csrf(of: form)
                for _ in 0..<9 {
                    statuses.append(
                        try await Self.submit("nope nope", to: "/m\(index)", csrf: csrf, via: client).status)
                }
            }
            #expect(statuses.prefix(RedirectHandler.passwordChecksPerAddress.requests).allSatisfy { $0 == .ok })
            #expect(
                statuses.dropFirst(RedirectHandler.passwordChecksPerAddress.requests).allSatisfy {
                    $0 == .tooManyRequests
                })
        }
        await service.close()
    }

    @Test("/healthz answers ten times while a burst of 24 wrong passwords is still queued")
    func healthDuringBurst() async throws {
        let service = try await TestService.make(manifests: [LocalTenant.manifest])
        let key = try await service.key(for: "local")
        try await service.server.makeApplication().testLive { client in
            for index in 0..<3 {
                let created = try await client.execute(
                    uri: "/api/v1/links", method: .post, headers: .bearer(key),
                    body: ByteBuffer(
                        string:
                            #"{"destination": "https://www.local.example.com/m", "slug": "b\#(index)", "password": "open sesame"}"#
                    ))
                #expect(created.status == .created)
            }
            var forms: [(String, (cookie: String, token: String))] = []
            for index in 0..<3 {
                let form = try await client.execute(
                    uri: "/b\(index)", method: .get, headers: .visitor(Agents.desktop, host: "localhost"))
                forms.append(("/b\(index)", try PasswordTests.csrf(of: form)))
            }
            // Each request on a connection of its own: the test client's one connection would
            // answer them in turn and time its own queue.
            let port = try #require(client.port)
            let latencies = try await withThrowingTaskGroup(of: [Duration]?.self) { group in
                // 24 wrong passwords at once, eight per link (within each link's budget): on the
                // request threads they held every other request back until they were through.
                for (path, csrf) in forms {
                    let body = "csrf=\(csrf.token)&password=nope+nope"
                    let request = Array(
                        ("POST \(path) HTTP/1.1\r\nHost: localhost\r\nUser-Agent: \(Agents.desktop)\r\n"
                            + "Content-Type: application/x-www-form-urlencoded\r\nCookie: \(csrf.cookie)\r\n"
                            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)").utf8)
                    for _ in 0..<8 {
                        group.addTask {
                            let connection = try RawHTTPConnection(port: port)
                            _ = await connection.exchange(request)
                            connection.close()
                            return nil
                        }
                    }
                }
                let checks = service.server.passwordChecks
                group.addTask {
                    // From the moment the burst's checks are queued (their requests all read).
                    let times = try await Self.healthChecks(port: port, count: 10) { checks.admitted >= 16 }
                    // Every answer came while checks were still queued or running: none waited
                    // for the burst to be through (with the checks on the request threads the
                    // first one took the whole burst, 9.6 s).
                    #expect(checks.admitted > 0, "/healthz answered only once the burst was through: \(times)")
                    return times
                }
                var measured: [Duration] = []
                for try await times in group { if let times { measured += times } }
                return measured.sorted()
            }
            // No wall-clock bound here: the suite shares the cores with hundreds of other tests,
            // so a time limit would measure them. That every answer came while the burst's checks
            // were still queued is the load-independent proof; 50 ms is a benchmark's figure.
            #expect(latencies.count == 10)
        }
        await service.close()
    }

    /// The times of `count` `/healthz` requests, one connection each, 10 ms apart, once `start`
    /// holds, timed on a thread of their own: the burst's connections block the dispatch pool's
    /// threads, and checks on the request threads would block the cooperative ones, whose delays
    /// a request measured from them would include.
    static func healthChecks(
        port: Int, count: Int, after start: @escaping @Sendable () -> Bool
    ) async throws -> [Duration] {
        let request = Array("GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8)
        return try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                let deadline = ContinuousClock.now + .seconds(30)
                while !start(), ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.001) }
                do {
                    var times: [Duration] = []
                    for _ in 0..<count {
                        let start = ContinuousClock.now
                        let connection = try RawHTTPConnection(port: port)
                        connection.sendNow(request)
                        let answer = String(decoding: connection.receiveNow(), as: UTF8.self)
                        connection.close()
                        times.append(ContinuousClock.now - start)
                        #expect(RawHTTPConnection.status(of: answer) == 200)
                        Thread.sleep(forTimeInterval: 0.01)
                    }
                    continuation.resume(returning: times)
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.start()
        }
    }

    static func submit(
        _ password: String, to path: String, csrf: (cookie: String, token: String),
        host: String = "share.stories.example.com", via client: some TestClientProtocol
    ) async throws -> TestResponse {
        var headers = HTTPFields.visitor(Agents.desktop, host: host)
        headers[.contentType] = "application/x-www-form-urlencoded"
        headers[.cookie] = csrf.cookie
        return try await client.execute(
            uri: path, method: .post, headers: headers,
            body: ByteBuffer(string: "csrf=\(csrf.token)&password=\(password)"))
    }
}
