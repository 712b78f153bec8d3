import Crypto
import Foundation

/// Standard Webhooks' symmetric signature: `v1,<base64 of HMAC-SHA256(key, "{id}.{timestamp}.{body}")>`
/// for each secret, separated by spaces (two while a rotated secret still signs).
package enum WebhookSignature {
    /// The `webhook-signature` header for a delivery of `body` as `id` at `timestamp` (Unix
    /// seconds), one entry per secret in `secrets`; secrets that are not `whsec_` are skipped.
    package static func header(id: String, timestamp: Int, body: String, secrets: [String]) -> String {
        let content = Data("\(id).\(timestamp).\(body)".utf8)
        return secrets.compactMap { secret -> String? in
            guard let key = WebhookSecret.key(of: secret) else { return nil }
            let mac = HMAC<SHA256>.authenticationCode(for: content, using: SymmetricKey(data: key))
            return "v1," + Data(mac).base64EncodedString()
        }.joined(separator: " ")
    }
}
