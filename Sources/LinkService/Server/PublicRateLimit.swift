import Hummingbird
import LinkCore

/// The per-address budget of everything that needs no key
/// (``LinkServiceConfiguration/publicRateLimit``).
package struct PublicRateLimit: Sendable {
    package let limiter: RateLimiter
    package let addressing: ClientAddressing

    /// `nil` when the client address is within the budget; otherwise the `429` problem to answer
    /// (with `Retry-After`).
    package func problem(_ request: Request, context: LinkRequestContext) -> Problem? {
        if limiter.isUnlimited { return nil }
        let client = addressing.rateLimitBucket(of: request, context: context)
        guard let wait = limiter.acquire(client) else { return nil }
        return Problem.rateLimited("too many requests from \(client)", retryAfter: wait)
    }

    /// The `429` answer when the client is over the budget; `nil` when it may go on.
    package func refusal(_ request: Request, context: LinkRequestContext) -> Response? {
        problem(request, context: context)?.response()
    }
}
