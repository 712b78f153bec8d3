import Logging
import ServiceLifecycle

/// Reads rows every instance shares again every `interval`, so that a change made on another
/// instance (a rotated secret, a new day's secret, a verified or removed domain) reaches this
/// one; keeps the last copy while the store cannot answer, and tries again within `retry` after
/// a failure.
///
/// The claim-token keyring (``ClaimKeyring``), the visitor-key secrets (``VisitorKeys``) and the
/// runtime domains are refreshed by one each: each is a copy in memory of rows of the main
/// database, read on a timer.
package struct SharedRowsRefresher: Service {
    /// What is refreshed, for the log: `claim-token secrets`, `runtime domains`.
    package let name: String
    package let interval: Duration
    package let retry: Duration
    package let logger: Logger
    package let refresh: @Sendable () async throws -> Void

    package init(
        name: String, interval: Duration = .seconds(60), retry: Duration = .seconds(5), logger: Logger,
        refresh: @escaping @Sendable () async throws -> Void
    ) {
        self.name = name
        self.interval = interval
        self.retry = min(retry, interval)
        self.logger = logger
        self.refresh = refresh
    }

    package func run() async throws {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            var wait = interval
            do {
                try await refresh()
            } catch {
                wait = retry
                logger.warning("\(name) not read; keeping the last ones", metadata: ["error": "\(error)"])
            }
            let pause = wait
            _ = try? await cancelWhenGracefulShutdown { try await Task.sleep(for: pause) }
        }
    }
}
