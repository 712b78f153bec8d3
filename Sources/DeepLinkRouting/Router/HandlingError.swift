/// Why a link's handling failed (the error in ``DeepLinkOutcome/failed(_:)``).
///
/// Match on ``code``; the set of codes may grow without breaking a `switch`.
public struct HandlingError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Reason: Sendable, Hashable {
        case notAvailable(route: String)
        case noHandler(route: String)
    }

    /// A stable kind of handling failure, for matching and for logs.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The kebab-case name, as written in logs.
        public let description: String

        private init(_ name: String) { description = name }

        /// The route's resolver found the content neither locally nor on the server.
        public static let notAvailable = Code("content-not-available")
        /// The route has no handler.
        public static let noHandler = Code("no-handler")
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    /// The route's resolver found the content neither locally nor on the server.
    public static func notAvailable(route: String) -> Self { Self(.notAvailable(route: route)) }

    /// The route has no handler.
    public static func noHandler(route: String) -> Self { Self(.noHandler(route: route)) }

    /// What kind of failure this is.
    public var code: Code {
        switch reason {
        case .notAvailable: .notAvailable
        case .noHandler: .noHandler
        }
    }

    /// The route whose handling failed.
    public var route: String {
        switch reason {
        case .notAvailable(let route), .noHandler(let route): route
        }
    }

    /// What went wrong, naming the route.
    public var description: String {
        switch reason {
        case .notAvailable(let route):
            "the content for the route \"\(route)\" is not available locally or on the server"
        case .noHandler(let route): "the route \"\(route)\" has no handler; register one with RouterBuilder.handle(_:)"
        }
    }
}
