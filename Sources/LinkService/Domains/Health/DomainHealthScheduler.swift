import LinkCore
import Logging
import ServiceLifecycle

/// Runs ``DomainHealthChecker/checkDue()`` as a service of the application: first a minute after
/// start (a server restarted in a loop does not fetch every domain each time), then every few
/// minutes, each time checking only the domains whose last check is older than the interval.
package struct DomainHealthScheduler: Service {
    package let checker: DomainHealthChecker
    package let logger: Logger
    /// Before the first look.
    package var startDelay: Duration = .seconds(60)

    package init(checker: DomainHealthChecker, logger: Logger) {
        self.checker = checker
        self.logger = logger
    }

    /// Between looks for due domains: at most five minutes, less when the interval is shorter.
    package var tick: Duration { min(checker.settings.healthInterval, .seconds(300)) }

    package func run() async throws {
        var pause = startDelay
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            let wait = pause
            _ = try? await cancelWhenGracefulShutdown { try await Task.sleep(for: wait) }
            if Task.isCancelled || Task.isShuttingDownGracefully { return }
            do {
                try await checker.checkDue()
            } catch {
                logger.warning("domain health not checked; trying again", metadata: ["error": "\(error)"])
            }
            pause = tick
        }
    }
}
