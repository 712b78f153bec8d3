/// Why a link's handling failed (the error in ``DeepLinkOutcome/failed(_:)``).
///
/// Match on ``code``; the set of codes may grow without breaking a `switch`.
public struct HandlingError: CodedError, Hashable {
    /// A stable kind of handling failure, for matching and for logs.
    public typealias Code = ErrorCode<HandlingError>

    public let code: Code
    /// The route whose handling failed.
    public let route: String
    public let message: String

    /// The route's resolver found the content neither locally nor on the server.
    public static func notAvailable(route: String) -> Self {
        Self(
            code: .notAvailable, route: route,
            message: "the content for the route \"\(route)\" is not available locally or on the server")
    }

    /// The route has no handler.
    public static func noHandler(route: String) -> Self {
        Self(
            code: .noHandler, route: route,
            message: "the route \"\(route)\" has no handler; register one with RouterBuilder.handle(_:)")
    }
}

extension ErrorCode where Owner == HandlingError {
    /// The route's resolver found the content neither locally nor on the server.
    public static let notAvailable = Self("content-not-available")
    /// The route has no handler.
    public static let noHandler = Self("no-handler")
}
