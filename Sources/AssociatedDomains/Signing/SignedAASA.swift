import Crypto
import Foundation
import SwiftASN1
// CMS: the signed-data reader and writer; FixedExpiryValidationTime: checking a chain at a given
// time (`verifyChain(at:)`), which X509 offers only behind that SPI since 1.15.
@_spi(CMS) @_spi(FixedExpiryValidationTime) import X509

/// A CMS-signed (PKCS#7, DER) association file, as iOS 8 required: read, verified, or made.
///
/// ``sign(_:certificatePEM:privateKeyPEM:chainPEM:)`` makes what
/// `openssl smime -sign -noattr -nodetach -outform DER` makes: SignedData with the content
/// attached, no signed attributes, the signer certificate and its chain. ``init(der:)`` reads a
/// signed file (ours or OpenSSL's, with or without signed attributes), extracts the content and
/// checks the signature against the signer certificate it carries;
/// ``verifyChain(trustRootsPEM:at:)`` then checks that certificate up to a trusted root.
public struct SignedAASA: Sendable {
    /// The signed content: the association file's JSON bytes.
    public let content: [UInt8]
    /// The signer certificate's subject, as `CN=…,O=…`.
    public let signerSubject: String
    /// How many certificates the file carries (signer and chain).
    public let certificateCount: Int
    /// Whether the signature over the content (or over the signed attributes, whose message
    /// digest must then equal the content's) is valid for the signer certificate's key.
    public let signatureIsValid: Bool
    private let signer: Certificate
    private let certificates: [Certificate]

    /// Reads a DER-encoded signed file and checks its signature.
    public init(der bytes: [UInt8]) throws(SigningError) {
        do {
            let root = try BER.parse(bytes)
            let contentInfo = try Self.children(root)
            guard contentInfo.count == 2, try ASN1ObjectIdentifier(derEncoded: contentInfo[0]) == Self.signedDataOID
            else {
                throw SigningError.malformed("the file is not CMS SignedData (PKCS#7 signed data)")
            }
            let signedData = try Self.children(try Self.children(contentInfo[1], atLeast: 1, "the SignedData")[0])
            // version, digestAlgorithms, encapContentInfo, [0] certificates, [1] crls, signerInfos
            guard signedData.count >= 4 else { throw SigningError.malformed("the SignedData structure is incomplete") }
            let encapsulated = try Self.children(signedData[2])
            guard encapsulated.count == 2 else {
                throw SigningError.detachedContent
            }
            content = try Self.octets(try Self.children(encapsulated[1], atLeast: 1, "the content")[0])
            var certificates: [Certificate] = []
            for node in signedData[3...]
            where node.identifier == ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific) {
                for certificate in try Self.children(node) {
                    certificates.append(try Certificate(derEncoded: Array(certificate.encodedBytes)))
                }
            }
            guard let signerInfo = try Self.children(signedData[signedData.count - 1]).first else {
                throw SigningError.malformed("the file has no signer")
            }
            let info = try Self.children(signerInfo, atLeast: 5, "the signer information")
            // version, sid, digestAlgorithm, [0] signedAttrs?, signatureAlgorithm, signature, [1]?
            let sid = try Self.children(info[1], atLeast: 2, "the signer's issuer and serial number")
            let serial = try Certificate.SerialNumber(bytes: Self.integerBytes(sid[1]))
            let issuer = try DistinguishedName(derEncoded: sid[0])
            guard let signer = certificates.first(where: { $0.serialNumber == serial && $0.issuer == issuer }) else {
                throw SigningError.malformed("the signer's certificate is not in the file")
            }
            let digest = try ASN1ObjectIdentifier(
                derEncoded: try Self.children(info[2], atLeast: 1, "the digest algorithm")[0])
            var index = 3
            var signedAttributes: ASN1Node? = nil
            if info[index].identifier == ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific) {
                signedAttributes = info[index]
                index += 1
            }
            guard info.count >= index + 2 else {
                throw SigningError.malformed(
                    "the signer information is incomplete: no signature algorithm or signature")
            }
            let signatureOID = try ASN1ObjectIdentifier(
                derEncoded: try Self.children(info[index], atLeast: 1, "the signature algorithm")[0])
            let signature = try Self.octets(info[index + 1])
            let algorithm = try Self.signatureAlgorithm(signature: signatureOID, digest: digest)
            var signedBytes = content
            var digestMatches = true
            if let signedAttributes {
                // The signature covers the attributes' DER with the SET tag instead of [0].
                signedBytes = Array(signedAttributes.encodedBytes)
                signedBytes[0] = 0x31
                digestMatches = try Self.messageDigest(in: signedAttributes) == Self.hash(content, digest)
            }
            self.signatureIsValid =
                digestMatches
                && signer.publicKey.isValidSignature(signature, for: signedBytes, signatureAlgorithm: algorithm)
            self.signer = signer
            self.certificates = certificates
            self.signerSubject = signer.subject.description
            self.certificateCount = certificates.count
        } catch let error as SigningError {
            throw error
        } catch {
            throw SigningError.malformed("not a DER-encoded CMS signed file: \(error)")
        }
    }

    /// Checks the signer certificate up to one of the roots in `trustRootsPEM` (certificates in
    /// the file serve as intermediates); `nil` when it chains, otherwise why not.
    ///
    /// Without `trustRootsPEM` the roots are the system trust store, as found on Linux
    /// (`/etc/ssl/certs/ca-certificates.crt` or `/etc/pki/tls/certs/ca-bundle.crt`).
    public func verifyChain(trustRootsPEM: String?, at time: Date = Date()) async throws(SigningError) -> String? {
        let roots =
            try trustRootsPEM.map { pem throws(SigningError) in
                CertificateStore(try Self.certificates(pem: pem, what: "the trust roots"))
            } ?? CertificateStore.systemTrustRoots
        var verifier = Verifier(rootCertificates: roots) { RFC5280Policy(fixedExpiryValidationTime: time) }
        let result = await verifier.validate(leaf: signer, intermediates: CertificateStore(certificates))
        switch result {
        case .validCertificate: return nil
        case .couldNotValidate(let failures):
            return failures.isEmpty
                ? "no chain to a trusted root" : failures.map { "\($0.policyFailureReason)" }.joined(separator: "; ")
        }
    }

    /// Signs `content` the way `openssl smime -sign -noattr -nodetach -outform DER` does.
    public static func sign(
        _ content: [UInt8], certificatePEM: String, privateKeyPEM: String, chainPEM: String? = nil
    ) throws(SigningError) -> [UInt8] {
        guard let certificate = try certificates(pem: certificatePEM, what: "the certificate").first else {
            throw SigningError.unreadableCertificate("the certificate: no PEM certificate found")
        }
        let chain =
            try chainPEM.map { text throws(SigningError) in try certificates(pem: text, what: "the chain") } ?? []
        let key: Certificate.PrivateKey
        do {
            key = try Certificate.PrivateKey(pemEncoded: privateKeyPEM)
        } catch {
            throw SigningError.unreadablePrivateKey("\(error)")
        }
        guard key.publicKey == certificate.publicKey else {
            throw SigningError.keyMismatch
        }
        do {
            return try CMS.sign(
                content, additionalIntermediateCertificates: chain,
                certificate: certificate, privateKey: key, signingTime: nil, detached: false)
        } catch {
            throw SigningError.signingFailed("\(error)")
        }
    }

    // MARK: ASN.1 helpers

    static let signedDataOID: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 7, 2]
    static let messageDigestOID: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 9, 4]
    static let sha1: ASN1ObjectIdentifier = [1, 3, 14, 3, 2, 26]
    static let sha256: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 1]
    static let sha384: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 2]
    static let sha512: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 3]

    static func certificates(pem: String, what: String) throws(SigningError) -> [Certificate] {
        do {
            let certificates = try PEMDocument.parseMultiple(pemString: pem).map { try Certificate(pemDocument: $0) }
            guard !certificates.isEmpty else {
                throw SigningError.unreadableCertificate("\(what): no PEM certificate found")
            }
            return certificates
        } catch let error as SigningError {
            throw error
        } catch {
            throw SigningError.unreadableCertificate("cannot read \(what) as PEM certificates: \(error)")
        }
    }

    private static func children(_ node: ASN1Node) throws -> [ASN1Node] {
        guard case .constructed(let nodes) = node.content else {
            throw SigningError.malformed("unexpected primitive ASN.1 value")
        }
        return Array(nodes)
    }

    /// A constructed value's children, at least `count` of them: a short structure is a malformed
    /// file, not an index out of range.
    private static func children(_ node: ASN1Node, atLeast count: Int, _ what: String) throws -> [ASN1Node] {
        let nodes = try children(node)
        guard nodes.count >= count else {
            throw SigningError.malformed("\(what) is incomplete: \(nodes.count) ASN.1 values where \(count) are needed")
        }
        return nodes
    }

    /// An OCTET STRING's bytes, also when BER splits it into constructed pieces.
    private static func octets(_ node: ASN1Node) throws -> [UInt8] {
        switch node.content {
        case .primitive(let bytes): return Array(bytes)
        case .constructed(let nodes): return try nodes.flatMap { try octets($0) }
        }
    }

    private static func integerBytes(_ node: ASN1Node) throws -> [UInt8] {
        guard case .primitive(let bytes) = node.content else {
            throw SigningError.malformed("the serial number is not an integer")
        }
        return Array(bytes)
    }

    private static func messageDigest(in attributes: ASN1Node) throws -> [UInt8]? {
        for attribute in try children(attributes) {
            let parts = try children(attribute, atLeast: 2, "a signed attribute")
            if try ASN1ObjectIdentifier(derEncoded: parts[0]) == messageDigestOID,
                let value = try children(parts[1]).first
            {
                return try octets(value)
            }
        }
        return nil
    }

    private static func hash(_ bytes: [UInt8], _ digest: ASN1ObjectIdentifier) throws -> [UInt8] {
        switch digest {
        case sha256: return Array(SHA256.hash(data: bytes))
        case sha384: return Array(SHA384.hash(data: bytes))
        case sha512: return Array(SHA512.hash(data: bytes))
        case sha1: return Array(Insecure.SHA1.hash(data: bytes))
        default: throw SigningError.unsupportedAlgorithm("digest algorithm \(digest)")
        }
    }

    /// OpenSSL writes `rsaEncryption` with a separate digest; X509 wants the combined algorithm.
    private static func signatureAlgorithm(signature: ASN1ObjectIdentifier, digest: ASN1ObjectIdentifier) throws
        -> Certificate.SignatureAlgorithm
    {
        let rsa: [ASN1ObjectIdentifier: Certificate.SignatureAlgorithm] = [
            sha1: .sha1WithRSAEncryption, sha256: .sha256WithRSAEncryption, sha384: .sha384WithRSAEncryption,
            sha512: .sha512WithRSAEncryption,
        ]
        let ecdsa: [ASN1ObjectIdentifier: Certificate.SignatureAlgorithm] = [
            sha256: .ecdsaWithSHA256, sha384: .ecdsaWithSHA384, sha512: .ecdsaWithSHA512,
        ]
        switch signature {
        case .AlgorithmIdentifier.rsaEncryption, [1, 2, 840, 113_549, 1, 1, 5], [1, 2, 840, 113_549, 1, 1, 11],
            [1, 2, 840, 113_549, 1, 1, 12], [1, 2, 840, 113_549, 1, 1, 13]:
            if let algorithm = rsa[digest] { return algorithm }
        case .AlgorithmIdentifier.idEcPublicKey, [1, 2, 840, 10_045, 4, 3, 2], [1, 2, 840, 10_045, 4, 3, 3],
            [1, 2, 840, 10_045, 4, 3, 4]:
            if let algorithm = ecdsa[digest] { return algorithm }
        default: break
        }
        throw SigningError.unsupportedAlgorithm("signature algorithm \(signature) with digest \(digest)")
    }
}
