/// Why a hosted file could not be fetched.
///
/// A TLS failure is a finding about the domain (its certificate is wrong); every other kind
/// means the check could not be made at all (the `wayfinder check` exit status 2).
public struct FetchFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure; the raw values are stable identifiers for `--json` output.
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

    /// What kind of failure it was; ``Kind/tls`` is a finding, the others mean the check could not
    /// be made.
    public var kind: Kind
    /// What happened, in words, for the person running the check.
    public var message: String

    /// A failure of this kind, described by `message`. The fetcher classifies the failure from the
    /// error its HTTP client throws; the check only reads the kind.
    public init(_ kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// The ``message``.
    public var description: String { message }
}
