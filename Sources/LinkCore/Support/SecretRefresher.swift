import Logging
import ServiceLifecycle

/// Reads a rotating secret again every `interval`, so that a rotation or a new day's secret made
/// on another instance reaches this one; keeps the last copy while the store cannot answer, and
/// tries again within `retry` after a failure.
///
/// The claim-token keyring (``ClaimKeyring``) and the visitor-key secrets (``VisitorKeys``) are
/// refreshed by one each: both are a copy in memory of rows of the main database that every
/// instance shares, read on a timer.
package struct SecretRefresher: Service {
    /// What is refreshed, for the log: `claim-token secrets`, `visitor-key secrets`.
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
