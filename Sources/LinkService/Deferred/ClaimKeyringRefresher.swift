import Logging
import ServiceLifecycle

/// Reads the claim-token secrets again every `interval`, so that a rotation made on another
/// instance (or with `wayfinder deferred rotate-secret`) reaches this one; keeps the last copy
/// while the store cannot answer.
struct ClaimKeyringRefresher: Service {
    let keyring: ClaimKeyring
    let store: any LinkStore
    let interval: Duration
    let logger: Logger

    func run() async throws {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            var wait = interval
            do {
                try await keyring.reloadIfOlder(than: interval, from: store)
            } catch {
                // Soon again: until the first read succeeds this instance issues no token.
                wait = min(interval, .seconds(5))
                logger.warning("claim-token secrets not read; keeping the last ones", metadata: ["error": "\(error)"])
            }
            let pause = wait
            _ = try? await cancelWhenGracefulShutdown { try await Task.sleep(for: pause) }
        }
    }
}
