/// Why a deferred deep link could not be claimed. None of these should keep the app from
/// starting: show the home screen and move on.
///
/// Compare with the static values (`error == .expired`) or match on ``code``; the set of codes may
/// grow without breaking a `switch`.
public struct DeferredLinkError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Reason: Sendable, Hashable {
        case expired
        case alreadyClaimed
        case notFound
        case offline
        case timedOut
        case rateLimited(retryAfter: Int?)
        case rejected(String)
        case unexpectedResponse(status: Int)
    }

    /// A stable kind of claim failure.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The kebab-case name, as written in logs.
        public let description: String

        private init(_ name: String) { description = name }

        /// See ``DeferredLinkError/expired``.
        public static let expired = Code("expired")
        /// See ``DeferredLinkError/alreadyClaimed``.
        public static let alreadyClaimed = Code("already-claimed")
        /// See ``DeferredLinkError/notFound``.
        public static let notFound = Code("not-found")
        /// See ``DeferredLinkError/offline``.
        public static let offline = Code("offline")
        /// See ``DeferredLinkError/timedOut``.
        public static let timedOut = Code("timed-out")
        /// See ``DeferredLinkError/rateLimited(retryAfter:)``.
        public static let rateLimited = Code("rate-limited")
        /// See ``DeferredLinkError/rejected(_:)``.
        public static let rejected = Code("rejected")
        /// See ``DeferredLinkError/unexpectedResponse(status:)``.
        public static let unexpectedResponse = Code("unexpected-response")
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    /// The token is past its lifetime (24 hours by default) when the app first opened.
    public static let expired = Self(.expired)
    /// The token was claimed before (by this install or another device it was pasted on).
    public static let alreadyClaimed = Self(.alreadyClaimed)
    /// The service knows no such token for this domain, or the link is gone.
    public static let notFound = Self(.notFound)
    /// The service could not be reached (no network, no route to it).
    public static let offline = Self(.offline)
    /// No answer within the claimer's timeout.
    public static let timedOut = Self(.timedOut)
    /// Too many claims from this address; retry after the given seconds.
    public static func rateLimited(retryAfter: Int?) -> Self { Self(.rateLimited(retryAfter: retryAfter)) }
    /// The service refused the request (`400`); its problem detail.
    public static func rejected(_ detail: String) -> Self { Self(.rejected(detail)) }
    /// Any other answer: the HTTP status, or `0` for a body that is not the claim's JSON.
    public static func unexpectedResponse(status: Int) -> Self { Self(.unexpectedResponse(status: status)) }

    /// What kind of failure this is.
    public var code: Code {
        switch reason {
        case .expired: .expired
        case .alreadyClaimed: .alreadyClaimed
        case .notFound: .notFound
        case .offline: .offline
        case .timedOut: .timedOut
        case .rateLimited: .rateLimited
        case .rejected: .rejected
        case .unexpectedResponse: .unexpectedResponse
        }
    }

    /// For ``Code/rateLimited``: the seconds the service asked to wait, when it said.
    public var retryAfter: Int? {
        if case .rateLimited(let seconds) = reason { seconds } else { nil }
    }

    /// For ``Code/unexpectedResponse``: the HTTP status (`0` for a body that is not a claim).
    public var status: Int? {
        if case .unexpectedResponse(let status) = reason { status } else { nil }
    }

    public var description: String {
        switch reason {
        case .expired: "the claim token has expired; the app opens on its home screen"
        case .alreadyClaimed: "the claim token was claimed before"
        case .notFound: "the link service knows no such claim token (or its link is gone)"
        case .offline: "the link service could not be reached"
        case .timedOut: "the link service did not answer in time"
        case .rateLimited(let seconds):
            "too many claims from this address" + (seconds.map { "; retry in \($0) s" } ?? "")
        case .rejected(let detail): "the link service refused the claim: \(detail)"
        case .unexpectedResponse(let status):
            status == 0 ? "the link service's answer is not a claim" : "the link service answered HTTP \(status)"
        }
    }
}
