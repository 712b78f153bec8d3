import Crypto
import CryptoExtras
import Foundation

/// A link's password as it is stored: scrypt (RFC 7914) with a random salt, never the password.
///
/// Text form: `scrypt$<log2 N>$<r>$<p>$<salt>$<key>` (base64url), so that the cost can be raised
/// later without breaking stored hashes. scrypt rather than PBKDF2: it is memory-hard (16 MiB per
/// guess with N = 2^14, r = 8), which takes the edge off GPU and ASIC guessing that PBKDF2's
/// iteration count alone does not; and it is in swift-crypto's `CryptoExtras`, already a
/// dependency, unlike bcrypt (hummingbird-auth), whose 72-byte input limit would also truncate
/// the 128-character passwords the spec allows.
package enum PasswordHash {
    package static let logRounds = 14
    package static let blockSize = 8
    package static let parallelism = 1
    package static let saltLength = 16
    package static let keyLength = 32

    /// The stored form of `password` with a fresh salt; throws what the key derivation throws
    /// (only for parameters it cannot take, never for a password).
    package static func make(_ password: String) throws -> String {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<saltLength).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let key = try derive(
            password, salt: salt, logRounds: logRounds, blockSize: blockSize, parallelism: parallelism)
        return [
            "scrypt", String(logRounds), String(blockSize), String(parallelism), Base64URL.encode(salt),
            Base64URL.encode(key),
        ]
        .joined(separator: "$")
    }

    /// Whether `password` is the one `stored` was made from (compared in constant time); `false` for
    /// a stored form this version cannot read.
    package static func verify(_ password: String, against stored: String) -> Bool {
        let parts = stored.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 6, parts[0] == "scrypt", let logRounds = Int(parts[1]), (10...20).contains(logRounds),
            let blockSize = Int(parts[2]), (1...16).contains(blockSize), let parallelism = Int(parts[3]),
            (1...4).contains(parallelism), let salt = Base64URL.decode(String(parts[4])),
            let expected = Base64URL.decode(String(parts[5])), expected.count == keyLength,
            let key = try? derive(
                password, salt: salt, logRounds: logRounds, blockSize: blockSize, parallelism: parallelism)
        else { return false }
        return ConstantTime.equal(key, expected)
    }

    private static func derive(_ password: String, salt: [UInt8], logRounds: Int, blockSize: Int, parallelism: Int)
        throws
        -> [UInt8]
    {
        let key = try KDF.Scrypt.deriveKey(
            from: Array(password.utf8), salt: salt, outputByteCount: keyLength, rounds: 1 << logRounds,
            blockSize: blockSize, parallelism: parallelism)
        return key.withUnsafeBytes { Array($0) }
    }
}
