import AssociatedDomains
import Crypto
import Foundation
import SwiftASN1
import X509

/// A self-signed certificate and its key, made fresh for each test, to sign AASA files with:
/// its certificate is the only root it chains to.
struct TestSigner {
    let certificatePEM: String
    let privateKeyPEM: String

    init() throws {
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName { CommonName("Wayfinder Test Signer") }
        let now = Date()
        let certificate = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(key.publicKey),
            notValidBefore: now - 3600, notValidAfter: now + 86_400, issuer: name, subject: name,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(digitalSignature: true, keyCertSign: true))
            },
            issuerPrivateKey: .init(key)
        )
        certificatePEM = try certificate.serializeAsPEM().pemString
        privateKeyPEM = key.pemRepresentation
    }

    /// `json` signed as `openssl smime -sign -noattr -nodetach -outform DER` would.
    func sign(_ json: String) throws -> [UInt8] {
        try SignedAASA.sign(Array(json.utf8), certificatePEM: certificatePEM, privateKeyPEM: privateKeyPEM)
    }
}
