import Logging
import ServiceLifecycle

/// Loads the visitor-key secrets of today and tomorrow every minute (see ``VisitorKeys``).
struct VisitorKeyRefresher: Service {
    let keys: VisitorKeys
    let outbox: any OutboxRecords
    let clock: ServiceClock
    let logger: Logger

    func run() async throws {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            _ = try? await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(60)) }
            do {
                try await keys.refresh(from: outbox, now: clock.now())
            } catch {
                logger.warning("visitor-key secrets not read; keeping the last ones", metadata: ["error": "\(error)"])
            }
        }
    }
}
