import Foundation
import GeoIP

/// The rule for webhook endpoint URLs, checked when an endpoint is saved and again before every
/// delivery (DNS can change): `https`, and a host that resolves only to public addresses, so that
/// an API key cannot make the server call into its own or its operator's networks (SSRF).
/// ``WebhookSettings/allowPrivate`` lifts both for tests and private networks.
///
/// A delivery connects to the address this check resolved (``target(_:)``), never to a second
/// lookup of the name: a name that answers a public address to the check and a private one
/// after (DNS rebinding) cannot lead a delivery inside.
package struct WebhookURLPolicy: Sendable {
    package let allowPrivate: Bool
    /// Resolves a host name: the system's resolver, or a test's.
    package var resolve: WebhookResolver = IPAddress.resolve

    /// Longest URL accepted.
    package static let maximumLength = 2048

    /// Where a delivery may connect, or why it may not.
    package enum Verdict: Sendable, Equatable {
        /// Connect to `address` for the URL's `host`.
        case allowed(WebhookTarget)
        /// What is wrong with the URL or an address it resolves to.
        case refused(String)
    }

    /// Why `text` cannot be an endpoint URL, without resolving it; `nil` when its form is right.
    package func formProblem(_ text: String) -> String? {
        guard text.utf8.count <= Self.maximumLength, let url = WebURL(http: text) else {
            return "\"\(text.prefix(100))\" is not an absolute http(s) URL without user info"
        }
        if url.scheme != "https", !allowPrivate {
            return "webhook URLs must be https (plain http only with WAYFINDER_WEBHOOKS_ALLOW_PRIVATE=1)"
        }
        return nil
    }

    /// Why `text` cannot be an endpoint URL now (its form, or an address it resolves to); `nil`
    /// when it may be called.
    package func problem(_ text: String) async -> String? {
        if case .refused(let problem) = await target(text) { return problem }
        return nil
    }

    /// Resolves `text`'s host once and checks every address it answers: the one address a
    /// delivery to `text` connects to, or why none may be.
    package func target(_ text: String) async -> Verdict {
        if let problem = formProblem(text) { return .refused(problem) }
        guard let url = WebURL(http: text) else { return .refused("\"\(text.prefix(100))\" is not a URL") }
        let addresses = await resolve(url.host)
        guard let first = addresses.first else {
            return .refused("the host \(url.host) does not resolve to any address")
        }
        if !allowPrivate {
            for address in addresses {
                if let kind = address.nonGlobalKind {
                    return .refused(
                        "the host \(url.host) resolves to \(address), a \(kind) address; webhook URLs must reach the public internet"
                    )
                }
            }
        }
        // The client's name for the host (as Foundation parses the URL), which its connection
        // override is keyed by.
        let clientHost = URL(string: text)?.host ?? url.host
        return .allowed(WebhookTarget(host: clientHost, address: first, addresses: addresses))
    }

    /// A value with every stored property given.
    package init(allowPrivate: Bool, resolve: @escaping WebhookResolver = IPAddress.resolve) {
        self.allowPrivate = allowPrivate
        self.resolve = resolve
    }
}

/// Resolves a host name to its addresses (empty when it has none).
package typealias WebhookResolver = @Sendable (String) async -> [IPAddress]

/// Where one delivery connects: `address`, checked, for the URL's `host` (TLS still sends and
/// verifies the host name).
package struct WebhookTarget: Sendable, Hashable {
    /// The host as the HTTP client reads it from the URL.
    package var host: String
    /// The address to connect to.
    package var address: IPAddress
    /// Every address the check saw (all of them allowed).
    package var addresses: [IPAddress]

    /// A value with every stored property given.
    package init(host: String, address: IPAddress, addresses: [IPAddress]) {
        self.host = host
        self.address = address
        self.addresses = addresses
    }
}
