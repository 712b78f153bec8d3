import Crypto
import Foundation
import NIOSSL
import SwiftASN1
import X509

/// A throwaway certificate authority and a server certificate for 127.0.0.1 it issued, made
/// fresh for each test run so that nothing secret or expiring lives in the repository.
struct TestCertificateAuthority {
    let certificate: Certificate
    let serverCertificate: Certificate
    private let serverKey: P256.Signing.PrivateKey
    let signingKey: P256.Signing.PrivateKey

    /// - Parameters:
    ///   - serverNames: the DNS names the server certificate carries.
    ///   - namesLoopback: whether it also carries the address 127.0.0.1 (TLS clients match an
    ///     address name against the address they connected to, whatever host name they asked for).
    init(serverNames: [String] = ["localhost"], namesLoopback: Bool = true) throws {
        let caKey = P256.Signing.PrivateKey()
        let caName = try DistinguishedName { CommonName("Wayfinder Test CA") }
        let now = Date()
        certificate = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(caKey.publicKey),
            notValidBefore: now - 3600, notValidAfter: now + 86_400, issuer: caName, subject: caName,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true))
            },
            issuerPrivateKey: .init(caKey)
        )
        serverKey = P256.Signing.PrivateKey()
        serverCertificate = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(serverKey.publicKey),
            notValidBefore: now - 3600, notValidAfter: now + 86_400, issuer: caName,
            subject: try DistinguishedName { CommonName("127.0.0.1") },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(
                    (namesLoopback ? [.ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))] : [])
                        + serverNames.map { .dnsName($0) })
            },
            issuerPrivateKey: .init(caKey)
        )
        signingKey = caKey
    }

    /// The CA certificate as a PEM file, for `--ca-certificate`.
    func writeCertificatePEM() throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-test-ca-\(UUID()).pem")
        try Data(certificate.serializeAsPEM().pemString.utf8).write(to: file)
        return file
    }

    /// TLS for the loopback server: the server certificate and its key.
    func serverTLSConfiguration() throws -> TLSConfiguration {
        let der = try serverCertificate.serializeAsPEM().pemString
        return TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(try NIOSSLCertificate(bytes: Array(der.utf8), format: .pem))],
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(serverKey.pemRepresentation.utf8), format: .pem))
        )
    }
}
