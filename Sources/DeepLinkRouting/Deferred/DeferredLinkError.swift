/// Why a deferred deep link could not be claimed. None of these should keep the app from
/// starting: show the home screen and move on.
///
/// Compare with the static values (`error == .expired`) or match on ``code``; the set of codes may
/// grow without breaking a `switch`.
public struct DeferredLinkError: CodedError, Hashable {
    /// A stable kind of claim failure.
    public typealias Code = ErrorCode<DeferredLinkError>

    public let code: Code
    /// For `rateLimited`: the seconds the service asked to wait, when it said.
    public let retryAfter: Int?
    /// For `unexpectedResponse`: the HTTP status (`0` for a body that is not a claim).
    public let status: Int?
    public let message: String

    private init(_ code: Code, retryAfter: Int? = nil, status: Int? = nil, _ message: String) {
        self.code = code
        self.retryAfter = retryAfter
        self.status = status
        self.message = message
    }

    /// The token is past its lifetime (24 hours by default) when the app first opened.
    public static let expired = Self(.expired, "the claim token has expired; the app opens on its home screen")
    /// The token was claimed before (by this install or another device it was pasted on).
    public static let alreadyClaimed = Self(.alreadyClaimed, "the claim token was claimed before")
    /// The service knows no such token for this domain, or the link is gone.
    public static let notFound = Self(.notFound, "the link service knows no such claim token (or its link is gone)")
    /// The service could not be reached (no network, no route to it).
    public static let offline = Self(.offline, "the link service could not be reached")
    /// No answer within the claimer's timeout.
    public static let timedOut = Self(.timedOut, "the link service did not answer in time")

    /// Too many claims from this address; retry after the given seconds.
    public static func rateLimited(retryAfter: Int?) -> Self {
        Self(
            .rateLimited, retryAfter: retryAfter,
            "too many claims from this address" + (retryAfter.map { "; retry in \($0) s" } ?? ""))
    }

    /// The service refused the request (`400`); its problem detail.
    public static func rejected(_ detail: String) -> Self {
        Self(.rejected, "the link service refused the claim: \(detail)")
    }

    /// Any other answer: the HTTP status, or `0` for a body that is not the claim's JSON.
    public static func unexpectedResponse(status: Int) -> Self {
        Self(
            .unexpectedResponse, status: status,
            status == 0 ? "the link service's answer is not a claim" : "the link service answered HTTP \(status)")
    }
}

extension ErrorCode where Owner == DeferredLinkError {
    /// See ``DeferredLinkError/expired``.
    public static let expired = Self("expired")
    /// See ``DeferredLinkError/alreadyClaimed``.
    public static let alreadyClaimed = Self("already-claimed")
    /// See ``DeferredLinkError/notFound``.
    public static let notFound = Self("not-found")
    /// See ``DeferredLinkError/offline``.
    public static let offline = Self("offline")
    /// See ``DeferredLinkError/timedOut``.
    public static let timedOut = Self("timed-out")
    /// See ``DeferredLinkError/rateLimited(retryAfter:)``.
    public static let rateLimited = Self("rate-limited")
    /// See ``DeferredLinkError/rejected(_:)``.
    public static let rejected = Self("rejected")
    /// See ``DeferredLinkError/unexpectedResponse(status:)``.
    public static let unexpectedResponse = Self("unexpected-response")
}
