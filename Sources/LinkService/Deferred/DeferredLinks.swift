import LinkCore
import Logging

/// What the deferred deep links need on every instance, built once with the server: the secrets'
/// keyring, the issuer the redirect path asks, the claim endpoint's rate limiter, the counters.
package struct DeferredLinks: Sendable {
    package let keyring: ClaimKeyring
    package let issuer: ClaimTokenIssuer
    package let claimLimiter: RateLimiter
    package let metrics: DeferredMetrics
    package let clock: ServiceClock

    package init(configuration: LinkServiceConfiguration, metrics registry: LinkServiceMetrics, clock: ServiceClock) {
        self.clock = clock
        keyring = ClaimKeyring(clock: clock)
        metrics = DeferredMetrics(registry: registry.registry)
        issuer = ClaimTokenIssuer(
            keyring: keyring, lifetime: configuration.claimTokenLifetime, metrics: metrics, clock: clock)
        claimLimiter = RateLimiter(configuration.claimRateLimit, clock: clock)
    }
}

extension DeferredLinks {
    /// Reads (or creates) the secrets before the server takes requests. A store that cannot
    /// answer yet does not stop the server: visits get no token until the refresher succeeds.
    package func loadKeyring(from store: any LinkStore, logger: Logger) async {
        do {
            try await keyring.load(from: store)
        } catch {
            logger.warning(
                "claim-token secrets not read; no deferred deep link tokens until they are",
                metadata: ["error": "\(error)"])
        }
    }

    /// Reads the claim-token secrets again every minute, so that a rotation made on another
    /// instance (or with `wayfinder deferred rotate-secret`) reaches this one.
    package func refresher(store: any LinkStore, logger: Logger) -> SharedRowsRefresher {
        let keyring = keyring
        let interval = Duration.seconds(60)
        return SharedRowsRefresher(name: "claim-token secrets", interval: interval, logger: logger) {
            try await keyring.reloadIfOlder(than: interval, from: store)
        }
    }
}
