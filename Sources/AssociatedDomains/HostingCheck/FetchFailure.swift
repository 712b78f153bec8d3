/// Why a hosted file could not be fetched.
///
/// A TLS failure is a finding about the domain (its certificate is wrong); every other kind
/// means the check could not be made at all (the `wayfinder check` exit status 2).
public struct FetchFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The TLS handshake failed: untrusted, expired or mismatched certificate, or no TLS.
        case tls
        /// The host name does not resolve.
        case dns
        /// Nothing listens on the port.
        case connectionRefused = "connection-refused"
        /// No answer within the time allowed.
        case timeout
        /// Anything else that stopped the request (reset connection, malformed response, …).
        case other
    }

    public var kind: Kind
    /// What happened, in words, for the person running the check.
    public var message: String

    public init(_ kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
