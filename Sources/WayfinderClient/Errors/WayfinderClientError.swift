import Foundation

/// Why a ``WayfinderClient`` call failed: the service refused it (with its problem document), the
/// service answered something this client does not understand, or it could not be reached.
///
/// Match on ``code`` for the kind, and on ``problem``'s code for the service's reason:
///
/// ```swift
/// do {
///     let link = try await client.createLink(request)
/// } catch let error as WayfinderClientError where error.problem?.code == "rate-limited" {
///     // try again after error.retryAfter seconds
/// }
/// ```
public struct WayfinderClientError: Error, CustomStringConvertible {
    /// The kind of failure. A struct of constants rather than an enum, so that kinds can be added
    /// without breaking an exhaustive `switch`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let description: String

        private init(_ description: String) { self.description = description }

        /// The service refused the call and said why: ``WayfinderClientError/problem`` holds its
        /// problem document (a key without the scope, a field out of range, a used claim token).
        public static let refused = Code("refused")
        /// The service answered, but not as its API document says: a status without a problem
        /// document, or a body this client cannot read (a proxy's page, an older or newer server).
        public static let unexpectedAnswer = Code("unexpected answer")
        /// No answer: the service could not be reached, or the connection failed or timed out
        /// (``WayfinderClientError/underlyingError`` has the networking layer's error).
        public static let unreachable = Code("unreachable")
    }

    /// The kind of failure.
    public let code: Code
    /// The HTTP status of the service's answer; `nil` when there was none.
    public let status: Int?
    /// The service's problem document, when it answered one.
    public let problem: WayfinderProblem?
    /// Seconds to wait before trying again, when the service said (`Retry-After` on `429` and `503`).
    public let retryAfter: Int?
    /// The error of the networking layer or of decoding, when one caused the failure.
    public let underlyingError: (any Error)?

    init(
        code: Code, status: Int? = nil, problem: WayfinderProblem? = nil, retryAfter: Int? = nil,
        underlyingError: (any Error)? = nil
    ) {
        self.code = code
        self.status = status
        self.problem = problem
        self.retryAfter = retryAfter
        self.underlyingError = underlyingError
    }

    /// The service refused the call with `problem`.
    static func refused(_ problem: WayfinderProblem, retryAfter: Int? = nil) -> Self {
        Self(code: .refused, status: problem.status, problem: problem, retryAfter: retryAfter)
    }

    /// The service answered `status` with nothing this client can read.
    static func unexpectedAnswer(status: Int?, underlyingError: (any Error)? = nil) -> Self {
        Self(code: .unexpectedAnswer, status: status, underlyingError: underlyingError)
    }

    public var description: String {
        switch code {
        case .refused: "the link service refused the call: \(problem.map(String.init(describing:)) ?? "no reason")"
        case .unexpectedAnswer:
            "the link service answered \(status.map(String.init) ?? "something") that this client cannot read"
                + (underlyingError.map { ": \($0)" } ?? "")
        default: "the link service could not be reached" + (underlyingError.map { ": \($0)" } ?? "")
        }
    }
}
