import AsyncHTTPClient
import Foundation
import HTTPTypes
import Logging
import NIOCore
import NIOHTTP1
import ServiceLifecycle

/// The delivery worker: takes due messages from the outbox (each held by this instance under a
/// lease), signs and posts them as Standard Webhooks 1.0 says, and records every attempt. It runs
/// as a service of the application; deliveries never share a task with a request.
///
/// At least once: a message is marked delivered only after a `2xx`; an instance that dies before
/// leaves it leased, and once the lease is over any instance sends it again with the same
/// `webhook-id`. Redirects are not followed (a `3xx` is a failed attempt).
struct WebhookDeliverer: Service {
    let store: any LinkStore
    let settings: WebhookSettings
    let clock: ServiceClock
    let metrics: WebhookMetrics
    let logger: Logger
    /// This instance's name on the leases it takes.
    let owner = "instance-" + RandomText.make(length: 12, from: RandomText.lettersAndDigits)

    /// How often delivered and failed messages older than the retention are deleted.
    static let pruneInterval: Duration = .seconds(3600)

    /// The client deliveries go through: redirects not followed, no connection or read longer
    /// than the attempt's time limit.
    static func makeClient(_ settings: WebhookSettings) -> HTTPClient {
        HTTPClient(
            eventLoopGroup: HTTPClient.defaultEventLoopGroup,
            configuration: HTTPClient.Configuration(
                redirectConfiguration: .disallow,
                timeout: .init(connect: timeAmount(settings.timeout), read: timeAmount(settings.timeout))))
    }

    func run() async throws {
        let client = Self.makeClient(settings)
        await cancelWhenGracefulShutdown {
            var lastPrune: ContinuousClock.Instant? = nil
            while !Task.isCancelled {
                let delivered = await deliverDueMessages(client: client)
                if lastPrune.map({ ContinuousClock.now - $0 >= Self.pruneInterval }) ?? true {
                    lastPrune = ContinuousClock.now
                    await prune()
                }
                if delivered == 0 { try? await Task.sleep(for: settings.pollInterval) }
            }
        }
        try? await client.shutdown()
    }

    /// Claims what is due and sends it, at most ``WebhookSettings/concurrency`` at once; answers
    /// how many messages were claimed.
    func deliverDueMessages(client: HTTPClient) async -> Int {
        let now = clock.now()
        let messages: [WebhookMessage]
        do {
            messages = try await store.claimWebhookMessages(
                owner: owner, now: now, leaseUntil: now.addingTimeInterval(settings.lease.timeInterval),
                limit: settings.concurrency)
        } catch {
            logger.warning("webhook messages not claimed; trying again", metadata: ["error": "\(error)"])
            return 0
        }
        await withTaskGroup(of: Void.self) { group in
            for message in messages {
                group.addTask { await deliver(message, client: client) }
            }
        }
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

    /// One attempt at one message, recorded whatever happens.
    func deliver(_ message: WebhookMessage, client: HTTPClient) async {
        let endpoint: WebhookEndpoint?
        do {
            endpoint = try await store.webhookEndpoint(tenant: message.tenant, id: message.endpointID)
        } catch {
            // The lease runs out and the message is taken again.
            logger.warning("webhook endpoint not read", metadata: ["error": "\(error)"])
            return
        }
        guard let endpoint else { return }  // deleted since: its messages went with it
        let attempt = message.attempts + 1
        let at = clock.now()
        let start = ContinuousClock.now
        var status: Int? = nil
        var error: String? = nil
        var retryAfter: TimeInterval? = nil
        if let problem = await WebhookURLPolicy(allowPrivate: settings.allowPrivate).problem(endpoint.url) {
            error = problem
        } else {
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
                    id: message.id, timestamp: timestamp, body: message.payload,
                    secrets: endpoint.signingSecrets(at: at)))
            request.body = .bytes(ByteBuffer(string: message.payload))
            do {
                let response = try await client.execute(request, timeout: Self.timeAmount(settings.timeout))
                status = Int(response.status.code)
                retryAfter = WebhookRetryPolicy.retryAfter(response.headers.first(name: "retry-after"), now: at)
                if (300..<400).contains(response.status.code) {
                    let location = response.headers.first(name: "location") ?? "nowhere"
                    error = "redirect to \(location.prefix(200)) not followed; change the endpoint's URL"
                } else if !(200..<300).contains(response.status.code) {
                    error = "HTTP \(response.status.code)"
                }
                _ = try? await response.body.collect(upTo: 64 * 1024)
            } catch let failure {
                error = Self.describe(failure)
            }
        }
        let policy = WebhookRetryPolicy(schedule: settings.retrySchedule)
        let outcome = policy.outcome(status: status, attempt: attempt)
        let delay = policy.delay(after: attempt, retryAfter: retryAfter)
        let milliseconds = (ContinuousClock.now - start).timeInterval * 1000
        let record = WebhookAttempt(
            endpointID: endpoint.id, tenant: endpoint.tenant, eventID: message.id, type: message.type,
            attempt: attempt, at: at, status: status, durationMilliseconds: max(0, Int(milliseconds)), error: error,
            outcome: outcome)
        do {
            try await store.recordWebhookAttempt(
                record, of: message, owner: owner,
                retryAt: outcome == .delivered || outcome == .failed ? nil : clock.now().addingTimeInterval(delay),
                pauseEndpointUntil: WebhookRetryPolicy.slowsDown(status) ? clock.now().addingTimeInterval(delay) : nil)
        } catch let failure {
            logger.warning(
                "webhook attempt not recorded; the message will be sent again",
                metadata: ["id": "\(message.id)", "error": "\(failure)"])
            return
        }
        metrics.countAttempt(outcome)
        switch outcome {
        case .delivered:
            logger.debug("webhook delivered", metadata: ["id": "\(message.id)", "endpoint": "\(endpoint.id)"])
        case .retrying:
            logger.info(
                "webhook attempt failed; will retry",
                metadata: [
                    "id": "\(message.id)", "endpoint": "\(endpoint.id)", "attempt": "\(attempt)",
                    "error": "\(error ?? "")",
                ])
        case .failed:
            logger.warning(
                "webhook failed: no attempts left",
                metadata: ["id": "\(message.id)", "endpoint": "\(endpoint.id)", "error": "\(error ?? "")"])
        case .disabled:
            logger.warning(
                "webhook endpoint disabled: it answered 410 Gone",
                metadata: ["endpoint": "\(endpoint.id)", "tenant": "\(endpoint.tenant)"])
        }
    }

    private static func timeAmount(_ duration: Duration) -> TimeAmount {
        .milliseconds(Int64(duration.timeInterval * 1000))
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? HTTPClientError, error == .deadlineExceeded || error == .readTimeout {
            return "no answer within the time limit"
        }
        return String(describing: error).prefix(300).description
    }
}
