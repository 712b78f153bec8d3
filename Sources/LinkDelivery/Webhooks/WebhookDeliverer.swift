import AsyncHTTPClient
import Foundation
import GeoIP
import HTTPTypes
import LinkCore
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import ServiceLifecycle

/// The delivery worker: takes due messages from the outbox (each held by this instance under a
/// lease), signs and posts them as Standard Webhooks 1.0 says, and records every attempt. It runs
/// as a service of the application; deliveries never share a task with a request.
///
/// At least once: a message is marked delivered only after a `2xx`; an instance that dies before
/// leaves it leased, and once the lease is over any instance sends it again with the same
/// `webhook-id`. Redirects are not followed (a `3xx` is a failed attempt).
///
/// It works in batches: up to ``WebhookSettings/batchSize`` due messages claimed at once, sent
/// with up to ``WebhookSettings/concurrency`` requests in flight per endpoint, and the batch's
/// attempts recorded in one transaction. A claim never holds two messages of one link for one
/// endpoint (``WebhookRecords/claimWebhookMessages(owner:now:leaseUntil:limit:)``), so a link's
/// events still go one at a time, in order; click events have no such order and go side by side.
/// With ``WebhookSettings/pace`` it yields between batches to the server's other threads when
/// they keep the cores busy (``ContentionPacer``).
///
/// Dates it stores (attempts, retries, leases) come from `clock`; the pauses it takes, the pruning
/// interval and the lease's last start are measured by `timer` (the server's `ContinuousClock`,
/// or a test's clock that it moves by hand).
package struct WebhookDeliverer<Timer: Clock>: Service where Timer.Duration == Duration {
    package let store: any LinkStore
    package let settings: WebhookSettings
    package let clock: ServiceClock
    package let timer: Timer
    package let metrics: WebhookMetrics
    package let logger: Logger
    /// Resolves endpoint hosts: the system's resolver, or a test's.
    package var resolve: WebhookResolver = IPAddress.resolve
    /// How much the nice value of the worker's thread is raised (`WAYFINDER_BACKGROUND_NICENESS`).
    package var niceness: Int32 = 0
    /// This instance's name on the leases it takes.
    package let owner = "instance-" + RandomText.make(length: 12, from: RandomText.lettersAndDigits)

    /// How often delivered and failed messages older than the retention are deleted.
    package static var pruneInterval: Duration { .seconds(3600) }

    package func run() async throws {
        let clients = WebhookClients(settings: settings, niceness: niceness)
        // The worker's own code (signing, the task group of attempts) runs on the thread its
        // connections use, not on the threads that answer visits.
        await BackgroundEventLoopGroup.run(on: clients.eventLoopGroup) { await deliverUntilShutdown(clients: clients) }
        await clients.shutdown()
    }

    private func deliverUntilShutdown(clients: WebhookClients) async {
        await cancelWhenGracefulShutdown {
            var lastPrune: Timer.Instant? = nil
            // With a backlog the worker runs in every moment a core is free; on a machine whose
            // cores are all busy answering visits, pacing makes it yield most of that time.
            var pacer = settings.pace ? ContentionPacer() : nil
            while !Task.isCancelled {
                pacer?.startRound()
                let delivered = await deliverDueMessages(clients: clients)
                if lastPrune.map({ $0.duration(to: timer.now) >= Self.pruneInterval }) ?? true {
                    lastPrune = timer.now
                    await prune()
                }
                if delivered == 0 {
                    try? await timer.sleep(for: settings.pollInterval)
                } else {
                    let pause = pacer?.pauseAfterRound() ?? .zero
                    if pause > .zero {
                        metrics.countPause(pause)
                        try? await timer.sleep(for: pause)
                    }
                }
            }
        }
    }

    /// Claims a batch of what is due, sends it and records its attempts in one transaction;
    /// answers how many messages were claimed.
    package func deliverDueMessages(clients: WebhookClients) async -> Int {
        let now = clock.now()
        let messages: [WebhookMessage]
        do {
            messages = try await store.claimWebhookMessages(
                owner: owner, now: now, leaseUntil: now.addingTimeInterval(settings.lease.timeInterval),
                limit: settings.batchSize)
        } catch {
            logger.warning("webhook messages not claimed; trying again", metadata: ["error": "\(error)"])
            return 0
        }
        guard !messages.isEmpty else { return 0 }
        // The last moment an attempt may start and still end (by its time limit) within the lease.
        let lastStart = timer.now.advanced(by: settings.lease - settings.timeout)
        // Per endpoint, in the order they were written.
        var byEndpoint: [String: [WebhookMessage]] = [:]
        for message in messages { byEndpoint[message.endpointID, default: []].append(message) }
        let (records, unsent) = await withTaskGroup(of: Delivered.self) { group in
            for batch in byEndpoint.values {
                group.addTask { await deliver(batch, clients: clients, startingBefore: lastStart) }
            }
            return await group.reduce(into: ([WebhookAttemptRecord](), [WebhookMessage]())) {
                $0.0 += $1.records
                $0.1 += $1.unsent
            }
        }
        do {
            try await store.recordWebhookAttempts(records, releasing: unsent, owner: owner)
        } catch {
            logger.warning(
                "webhook attempts not recorded; their messages will be sent again",
                metadata: ["count": "\(records.count)", "error": "\(error)"])
            return messages.count
        }
        for record in records { report(record) }
        return messages.count
    }

    private func prune() async {
        do {
            let pruned = try await store.pruneWebhookRecords(
                before: clock.now().addingTimeInterval(-settings.retention.timeInterval))
            if pruned > 0 { logger.info("webhook messages pruned", metadata: ["count": "\(pruned)"]) }
        } catch {
            logger.warning("webhook messages not pruned", metadata: ["error": "\(error)"])
        }
    }

    /// One attempt at each of one endpoint's `messages`, at most ``WebhookSettings/concurrency``
    /// at once: the endpoint read and its URL checked once for all of them. A message whose turn
    /// comes after `lastStart` is not sent: its lease could end before its answer (and another
    /// instance send it too), so it is given back unsent for the next claim.
    package func deliver(
        _ messages: [WebhookMessage], clients: WebhookClients, startingBefore lastStart: Timer.Instant
    ) async -> Delivered {
        guard let first = messages.first else { return Delivered() }
        let endpoint: WebhookEndpoint?
        do {
            endpoint = try await store.webhookEndpoint(tenant: first.tenant, id: first.endpointID)
        } catch {
            // The leases run out and the messages are taken again.
            logger.warning("webhook endpoint not read", metadata: ["error": "\(error)"])
            return Delivered()
        }
        guard let endpoint else { return Delivered() }  // deleted since: its messages went with it
        let verdict = await WebhookURLPolicy(allowPrivate: settings.allowPrivate, resolve: resolve).target(endpoint.url)
        let client: HTTPClient
        switch verdict {
        case .refused(let problem):
            logger.warning(
                "webhook delivery refused: the endpoint's URL breaks the SSRF rule now; nothing sent",
                metadata: ["endpoint": "\(endpoint.id)", "tenant": "\(endpoint.tenant)", "error": "\(problem)"])
            return Delivered(
                records: messages.map {
                    record($0, to: endpoint, at: clock.now(), start: timer.now, answer: .noResponse(problem))
                })
        case .allowed(let target):
            client = await clients.client(for: target)
        }
        let limit = max(1, settings.concurrency)
        return await withTaskGroup(of: WebhookAttemptRecord.self) { group in
            var delivered = Delivered()
            for (index, message) in messages.enumerated() {
                if index >= limit {
                    if let record = await group.next() { delivered.records.append(record) }
                    if timer.now >= lastStart {
                        delivered.unsent = Array(messages[index...])
                        break
                    }
                }
                group.addTask { await attempt(message, to: endpoint, client: client) }
            }
            for await record in group { delivered.records.append(record) }
            return delivered
        }
    }

    /// One endpoint's share of a batch: its attempts, and the messages not tried.
    package struct Delivered: Sendable {
        package var records: [WebhookAttemptRecord] = []
        package var unsent: [WebhookMessage] = []
    }

    /// What became of one request.
    private enum Answer {
        case response(status: Int, retryAfter: TimeInterval?, error: String?)
        /// No answer, or no request: why.
        case noResponse(String)
    }

    /// Sends `message` to `endpoint` through `client` once.
    private func attempt(_ message: WebhookMessage, to endpoint: WebhookEndpoint, client: HTTPClient) async
        -> WebhookAttemptRecord
    {
        let at = clock.now()
        let start = timer.now
        var request = HTTPClientRequest(url: endpoint.url)
        request.method = .POST
        let timestamp = Int(at.timeIntervalSince1970)
        request.headers.add(name: "content-type", value: "application/json")
        request.headers.add(name: "user-agent", value: "wayfinder-webhooks")
        request.headers.add(name: "webhook-id", value: message.id)
        request.headers.add(name: "webhook-timestamp", value: String(timestamp))
        request.headers.add(
            name: "webhook-signature",
            value: WebhookSignature.header(
                id: message.id, timestamp: timestamp, body: message.payload, secrets: endpoint.signingSecrets(at: at)))
        request.body = .bytes(ByteBuffer(string: message.payload))
        let answer: Answer
        do {
            let response = try await client.execute(request, timeout: WebhookClients.timeAmount(settings.timeout))
            let code = response.status.code
            var error: String? = nil
            if (300..<400).contains(code) {
                let location = response.headers.first(name: "location") ?? "nowhere"
                error = "redirect to \(location.prefix(200)) not followed; change the endpoint's URL"
            } else if !(200..<300).contains(code) {
                error = "HTTP \(code)"
            }
            answer = .response(
                status: Int(code),
                retryAfter: WebhookRetryPolicy.retryAfter(response.headers.first(name: "retry-after"), now: at),
                error: error)
            _ = try? await response.body.collect(upTo: 64 * 1024)
        } catch let failure {
            answer = .noResponse(Self.describe(failure))
        }
        return record(message, to: endpoint, at: at, start: start, answer: answer)
    }

    /// The attempt `answer` makes of `message`, with what it changes.
    private func record(
        _ message: WebhookMessage, to endpoint: WebhookEndpoint, at: Date, start: Timer.Instant,
        answer: Answer
    ) -> WebhookAttemptRecord {
        let (status, retryAfter, error): (Int?, TimeInterval?, String?) =
            switch answer {
            case .response(let status, let retryAfter, let error): (status, retryAfter, error)
            case .noResponse(let error): (nil, nil, error)
            }
        let number = message.attempts + 1
        let policy = WebhookRetryPolicy(schedule: settings.retrySchedule)
        let outcome = policy.outcome(status: status, attempt: number)
        let delay = policy.delay(after: number, retryAfter: retryAfter)
        let milliseconds = start.duration(to: timer.now).timeInterval * 1000
        let attempt = WebhookAttempt(
            endpointID: endpoint.id, tenant: endpoint.tenant, eventID: message.id, type: message.type,
            attempt: number, at: at, status: status, durationMilliseconds: max(0, Int(milliseconds)), error: error,
            outcome: outcome)
        let now = clock.now()
        return WebhookAttemptRecord(
            attempt: attempt, message: message,
            retryAt: outcome == .delivered || outcome == .failed ? nil : now.addingTimeInterval(delay),
            pauseEndpointUntil: WebhookRetryPolicy.slowsDown(status) ? now.addingTimeInterval(delay) : nil)
    }

    /// Counts and logs a recorded attempt.
    private func report(_ record: WebhookAttemptRecord) {
        let attempt = record.attempt
        metrics.countAttempt(attempt.outcome)
        switch attempt.outcome {
        case .delivered:
            logger.debug(
                "webhook delivered", metadata: ["id": "\(attempt.eventID)", "endpoint": "\(attempt.endpointID)"])
        case .retrying:
            logger.info(
                "webhook attempt failed; will retry",
                metadata: [
                    "id": "\(attempt.eventID)", "endpoint": "\(attempt.endpointID)", "attempt": "\(attempt.attempt)",
                    "error": "\(attempt.error ?? "")",
                ])
        case .failed:
            logger.warning(
                "webhook failed: no attempts left",
                metadata: [
                    "id": "\(attempt.eventID)", "endpoint": "\(attempt.endpointID)", "error": "\(attempt.error ?? "")",
                ])
        case .disabled:
            logger.warning(
                "webhook endpoint disabled: it answered 410 Gone",
                metadata: ["endpoint": "\(attempt.endpointID)", "tenant": "\(attempt.tenant)"])
        }
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? HTTPClientError, error == .deadlineExceeded || error == .readTimeout {
            return "no answer within the time limit"
        }
        return String(describing: error).prefix(300).description
    }

    /// A value with every stored property given.
    package init(
        store: any LinkStore, settings: WebhookSettings, clock: ServiceClock, timer: Timer, metrics: WebhookMetrics,
        logger: Logger, resolve: @escaping WebhookResolver = IPAddress.resolve
    ) {
        self.store = store
        self.settings = settings
        self.clock = clock
        self.timer = timer
        self.metrics = metrics
        self.logger = logger
        self.resolve = resolve
    }
}
