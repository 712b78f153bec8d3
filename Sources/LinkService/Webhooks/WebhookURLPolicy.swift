/// The rule for webhook endpoint URLs, checked when an endpoint is saved and again before every
/// delivery (DNS can change): `https`, and a host that resolves only to public addresses, so that
/// an API key cannot make the server call into its own or its operator's networks (SSRF).
/// ``WebhookSettings/allowPrivate`` lifts both for tests and private networks.
struct WebhookURLPolicy: Sendable {
    let allowPrivate: Bool

    /// Longest URL accepted.
    static let maximumLength = 2048

    /// Why `text` cannot be an endpoint URL, without resolving it; `nil` when its form is right.
    func formProblem(_ text: String) -> String? {
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
    func problem(_ text: String) async -> String? {
        if let problem = formProblem(text) { return problem }
        guard !allowPrivate, let url = WebURL(http: text) else { return nil }
        let addresses = await NetworkAddress.resolve(url.host)
        guard !addresses.isEmpty else { return "the host \(url.host) does not resolve to any address" }
        for address in addresses {
            if let kind = address.nonPublicKind {
                return
                    "the host \(url.host) resolves to \(address), a \(kind) address; webhook URLs must reach the public internet"
            }
        }
        return nil
    }
}
