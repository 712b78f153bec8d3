import GeoIP
import LinkCore
import LinkService

extension FuzzTarget {
    /// A webhook endpoint's body (`POST` and `PATCH /api/v1/webhooks`), then its URL's form under
    /// the SSRF rule and an IP literal's classification: what an API key sends about webhooks.
    static let webhookEndpoint = FuzzTarget(name: "webhook-endpoint") { bytes in
        for creating in [true, false] {
            if let request = try? WebhookEndpointRequest(body: bytes, creating: creating), let url = request.url {
                _ = WebhookURLPolicy(allowPrivate: false).formProblem(url)
            }
        }
        _ = WebhookURLPolicy(allowPrivate: false).formProblem(bytes.text)
        _ = IPAddress(host: bytes.text)?.nonGlobalKind
    }
}
