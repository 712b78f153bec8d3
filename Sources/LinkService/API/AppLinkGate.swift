import Hummingbird
import LinkCore

/// What a key that may only create links to the tenant's routes (the `app` scope) is held to
/// when it creates one: a budget per client address and per key (the key ships inside an app, so
/// anyone may hold it), and a destination that resolves to one of the tenant's routes, never a
/// web page.
package struct AppLinkGate: Sendable {
    /// Link creations per client address.
    package let addressLimiter: RateLimiter
    /// Link creations per key.
    package let keyLimiter: RateLimiter
    package let addressing: ClientAddressing

    package init(limit: RateLimit, addressing: ClientAddressing, clock: ServiceClock) {
        addressLimiter = RateLimiter(limit, clock: clock)
        keyLimiter = RateLimiter(limit, clock: clock)
        self.addressing = addressing
    }

    /// Checks a creation by `context`'s actor; a no-op for an actor that may create any link.
    package func check(_ parsed: LinkRequest, _ request: Request, _ context: APIRequestContext) throws {
        guard !context.actor.may(.createLinks) else { return }
        let client = addressing.rateLimitBucket(of: request, context: context)
        if let wait = addressLimiter.acquire(client) {
            throw Problem.rateLimited("too many links made with app keys from \(client)", retryAfter: wait)
        }
        if let wait = keyLimiter.acquire(context.actor.name) {
            throw Problem.rateLimited("this app key made too many links", retryAfter: wait)
        }
        let destination = try Problem.checking {
            () throws(FieldError) in
            try LinkPolicy(tenant: context.tenant).destination(parsed.content.destination, field: "destination")
        }
        guard case .deepLink = destination else {
            throw Problem.invalidField(
                "destination",
                "an app key makes links to the app's routes only; \"\(parsed.content.destination)\" is a web page (use a key with links:write)",
                code: .invalidDestination)
        }
    }
}
