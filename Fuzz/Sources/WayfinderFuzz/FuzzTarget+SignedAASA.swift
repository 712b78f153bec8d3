import AssociatedDomains

extension FuzzTarget {
    /// A CMS-signed association file (DER): the reader that finds the content, the certificates
    /// and the signer, and checks the signature; a file that reads is then decoded as AASA.
    static let signedAASA = FuzzTarget(name: "signed-aasa") { bytes in
        guard let signed = try? SignedAASA(der: bytes) else { return }
        _ = signed.signatureIsValid
        _ = AASAFile.decode(signed.content).diagnostics.count
    }
}
