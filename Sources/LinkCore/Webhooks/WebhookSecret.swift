import Foundation

/// A webhook signing secret in Standard Webhooks' form, `whsec_<base64>`: 32 random bytes (the
/// spec asks for 24 to 64).
package enum WebhookSecret {
    package static let prefix = "whsec_"

    /// A new secret from the system's cryptographic generator.
    package static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return prefix + Data(bytes).base64EncodedString()
    }

    /// The HMAC key: the base64-decoded part after the prefix; `nil` for text that is not a secret.
    package static func key(of secret: String) -> Data? {
        guard secret.hasPrefix(prefix) else { return nil }
        return Data(base64Encoded: String(secret.dropFirst(prefix.count)))
    }
}
