import DeepLinkRouting

/// Why a file cannot be signed, read or verified, in words that say what to do.
///
/// Match on ``code`` (`catch let error as SigningError where error.code == .keyMismatch`); the set
/// of codes may grow without breaking a `switch`.
public struct SigningError: CodedError, Hashable {
    /// A stable kind of signing failure, for matching and for logs.
    public typealias Code = ErrorCode<SigningError>

    public let code: Code
    public let message: String

    /// The file is not a CMS signed file, or its structure is cut short; `detail` says where.
    static func malformed(_ detail: String) -> Self { Self(code: .malformed, message: detail) }

    /// The file has no content of its own: it was signed detached.
    static let detachedContent = Self(
        code: .detachedContent,
        message: "the file carries no content (a detached signature); sign with -nodetach")

    /// A certificate input is not PEM certificates; `detail` names the input.
    static func unreadableCertificate(_ detail: String) -> Self {
        Self(code: .unreadableCertificate, message: detail)
    }

    /// The private key is not PEM, PKCS#8 or traditional RSA/EC; `detail` is the reader's reason.
    static func unreadablePrivateKey(_ detail: String) -> Self {
        Self(
            code: .unreadablePrivateKey,
            message: "cannot read the private key (PEM, PKCS#8 or traditional RSA/EC): \(detail)")
    }

    /// The private key is not the certificate's.
    static let keyMismatch = Self(
        code: .keyMismatch,
        message: "the private key does not belong to the certificate; give the key of the signing certificate")

    /// The CMS encoder refused; `detail` is its reason.
    static func signingFailed(_ detail: String) -> Self {
        Self(code: .signingFailed, message: "signing failed: \(detail)")
    }

    /// A digest or signature algorithm this reader does not check; `algorithm` names it.
    static func unsupportedAlgorithm(_ algorithm: String) -> Self {
        Self(
            code: .unsupportedAlgorithm,
            message: "unsupported \(algorithm); sign with SHA-256 (or SHA-1, SHA-384, SHA-512) and an RSA or ECDSA key")
    }
}

extension ErrorCode where Owner == SigningError {
    /// Not CMS signed data, or a structure cut short.
    public static let malformed = Self("malformed-signed-file")
    /// A signature without the content (signed detached).
    public static let detachedContent = Self("detached-content")
    /// A certificate input that is not PEM certificates.
    public static let unreadableCertificate = Self("unreadable-certificate")
    /// A private key that cannot be read.
    public static let unreadablePrivateKey = Self("unreadable-private-key")
    /// A private key that is not the certificate's.
    public static let keyMismatch = Self("key-mismatch")
    /// The signer refused.
    public static let signingFailed = Self("signing-failed")
    /// A digest or signature algorithm this reader does not check.
    public static let unsupportedAlgorithm = Self("unsupported-algorithm")
}
