/// Why a deferred deep link could not be claimed. None of these should keep the app from
/// starting: show the home screen and move on.
public enum DeferredLinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The token is past its lifetime (24 hours by default) when the app first opened.
    case expired
    /// The token was claimed before (by this install or another device it was pasted on).
    case alreadyClaimed
    /// The service knows no such token for this domain, or the link is gone.
    case notFound
    /// The service could not be reached (no network, no route to it).
    case offline
    /// No answer within the claimer's timeout.
    case timedOut
    /// Too many claims from this address; retry after the given seconds.
    case rateLimited(retryAfter: Int?)
    /// The service refused the request (`400`); its problem detail.
    case rejected(String)
    /// Any other answer: the HTTP status, or `0` for a body that is not the claim's JSON.
    case unexpectedResponse(status: Int)

    public var description: String {
        switch self {
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
