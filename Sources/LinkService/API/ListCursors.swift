import Crypto
import Foundation
import LinkCore

/// The cursors of link lists as clients see them: the store's position sealed (ChaCha20-Poly1305)
/// under a key derived from the claim secrets every instance shares, and bound to the tenant.
///
/// The store's own cursor is a row number among every tenant's links: handed out as it is, it
/// would tell one tenant how many links the server holds, and a made-up number would be read as a
/// place in the list. A sealed cursor says nothing, is refused for another tenant, and any
/// instance behind the same database opens it. After a secret rotation, cursors sealed under the
/// forgotten secret are refused (a client starts again from the first page).
package struct ListCursors: Sendable {
    package let keyring: ClaimKeyring
    package let store: any LinkStore

    package static let version: UInt8 = 1

    /// One page read by `read` from the position `cursor` names (`nil`: the first page), with its
    /// next cursor sealed. A cursor this server did not hand out to `tenant` throws
    /// `LinkStoreError/invalidCursor(_:)`, as the store does for one it cannot read.
    package func page(tenant: String, cursor: String?, read: (String?) async throws -> LinkPage) async throws
        -> LinkPage
    {
        var position: String? = nil
        if let cursor { position = try await open(cursor, tenant: tenant) }
        var page = try await read(position)
        if let next = page.nextCursor { page.nextCursor = try await seal(next, tenant: tenant) }
        return page
    }

    package func seal(_ position: String, tenant: String) async throws -> String {
        if keyring.signing == nil { try await keyring.load(from: store) }
        guard let secret = keyring.signing else { throw LinkStoreError.unavailable("no claim secret to seal a cursor") }
        let sealed = try ChaChaPoly.seal(
            Array(position.utf8), using: Self.key(secret), authenticating: Self.context(tenant))
        let keyID = UInt32(truncatingIfNeeded: secret.keyID)
        let head: [UInt8] = [Self.version] + withUnsafeBytes(of: keyID.bigEndian, Array.init)
        return Base64URL.encode(head + Array(sealed.combined))
    }

    package func open(_ cursor: String, tenant: String) async throws -> String {
        guard let bytes = Base64URL.decode(cursor), bytes.count > 5 + 12 + 16, bytes[0] == Self.version else {
            throw LinkStoreError.invalidCursor(cursor)
        }
        let keyID = bytes[1...4].reduce(0) { $0 << 8 | Int($1) }
        if keyring.secret(keyID: keyID) == nil { try await keyring.reloadIfOlder(than: .seconds(60), from: store) }
        guard let secret = keyring.secret(keyID: keyID),
            let box = try? ChaChaPoly.SealedBox(combined: bytes[5...]),
            let opened = try? ChaChaPoly.open(box, using: Self.key(secret), authenticating: Self.context(tenant)),
            let position = String(validating: opened, as: UTF8.self)
        else { throw LinkStoreError.invalidCursor(cursor) }
        return position
    }

    private static func key(_ secret: ClaimSecret) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: secret.secret), info: Array("wayfinder list cursor".utf8),
            outputByteCount: 32)
    }

    private static func context(_ tenant: String) -> [UInt8] { Array("links of \(tenant)".utf8) }
}
