import Crypto
import Foundation

/// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP): HMAC-SHA-1, 6 digits, a 30 s
/// step, and one step either side accepted for clocks that drift and codes typed slowly. What
/// authenticator apps expect from an `otpauth://` URI with no parameters beyond the secret.
package struct TOTP: Sendable, Equatable {
    /// The shared secret (20 random bytes for a new enrolment, RFC 4226's recommended length).
    package let secret: [UInt8]
    package var digits = 6
    package var step: TimeInterval = 30
    /// Steps either side of now whose code is also accepted.
    package var window = 1

    package init(secret: [UInt8]) {
        self.secret = secret
    }

    /// A new secret from the system's cryptographic generator.
    package static func generate() -> TOTP {
        var generator = SystemRandomNumberGenerator()
        return TOTP(secret: (0..<20).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// The code for `date`, zero-padded to ``digits``.
    package func code(at date: Date) -> String {
        code(counter: counter(at: date))
    }

    /// The code of the `counter`-th step (HOTP, RFC 4226 §5.3).
    package func code(counter: UInt64) -> String {
        let message = withUnsafeBytes(of: counter.bigEndian) { Array($0) }
        let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: SymmetricKey(data: secret)))
        let offset = Int(mac[mac.count - 1] & 0x0F)
        let binary =
            (UInt32(mac[offset] & 0x7F) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8)
            | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let value = String(binary % modulus)
        return String(repeating: "0", count: max(0, digits - value.count)) + value
    }

    /// The step `date` falls in.
    package func counter(at date: Date) -> UInt64 {
        UInt64(max(0, date.timeIntervalSince1970) / step)
    }

    /// The step whose code `code` is, within ``window`` steps of `date`; `nil` when it is none.
    /// A caller stores the step it accepted and refuses it (and earlier ones) afterwards, so that
    /// a code seen over a shoulder is not good twice.
    package func matchingCounter(_ code: String, at date: Date) -> UInt64? {
        let typed = Array(code.filter { !$0.isWhitespace }.utf8)
        guard typed.count == digits, typed.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let now = counter(at: date)
        var found: UInt64?
        // Every step in the window is computed, so the time taken says nothing about which matched.
        for offset in -window...window {
            let candidate = Int64(now) + Int64(offset)
            guard candidate >= 0 else { continue }
            if ConstantTime.equal(Array(self.code(counter: UInt64(candidate)).utf8), typed) {
                found = found ?? UInt64(candidate)
            }
        }
        return found
    }

    /// Whether `code` is the code of a step within ``window`` of `date`.
    package func verify(_ code: String, at date: Date) -> Bool {
        matchingCounter(code, at: date) != nil
    }

    /// The secret in RFC 4648 base32 without padding, as authenticator apps take it.
    package var base32Secret: String { Base32.encode(secret) }

    /// The enrolment URI an authenticator app reads from a QR code
    /// (`otpauth://totp/<issuer>:<account>?secret=…&issuer=…&algorithm=SHA1&digits=6&period=30`).
    package func uri(account: String, issuer: String) -> String {
        let label = Self.escaped(issuer) + ":" + Self.escaped(account)
        return "otpauth://totp/\(label)?secret=\(base32Secret)&issuer=\(Self.escaped(issuer))"
            + "&algorithm=SHA1&digits=\(digits)&period=\(Int(step))"
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~@")

    private static func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
