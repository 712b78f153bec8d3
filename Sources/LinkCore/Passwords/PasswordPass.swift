import Crypto
import Foundation

/// The cookie that lets a browser through a link's password for a while after it gave the right
/// one (`wf_p_<slug>`, path `/<slug>`): `<expiry seconds>.<HMAC>`.
///
/// The MAC is keyed by the link's stored password hash: every instance behind one database can
/// check it without a secret of its own, and changing or removing the password voids every pass.
package enum PasswordPass {
    /// How long a right password lets a browser through.
    package static let lifetime = 12 * 3600

    package static func cookieName(slug: String) -> String { "wf_p_" + slug }

    /// A pass for `link` valid until `now` + ``lifetime``.
    package static func value(for link: Link, hash: String, now: Date) -> String {
        let expires = Int(now.timeIntervalSince1970) + lifetime
        return "\(expires).\(Base64URL.encode(mac(linkID: link.id, hash: hash, expires: expires)))"
    }

    /// Whether `value` is a pass for `link` with its current password, not yet expired.
    package static func isValid(_ value: String?, for link: Link, hash: String, now: Date) -> Bool {
        guard let value, let dot = value.firstIndex(of: "."), let expires = Int(value[..<dot]),
            expires > Int(now.timeIntervalSince1970),
            let given = Base64URL.decode(String(value[value.index(after: dot)...]))
        else { return false }
        return ConstantTime.equal(given, mac(linkID: link.id, hash: hash, expires: expires))
    }

    private static func mac(linkID: String, hash: String, expires: Int) -> [UInt8] {
        var hmac = HMAC<SHA256>(key: SymmetricKey(data: Array(hash.utf8)))
        hmac.update(data: Array("wayfinder-password-pass|\(linkID)|\(expires)".utf8))
        return Array(hmac.finalize())
    }
}
