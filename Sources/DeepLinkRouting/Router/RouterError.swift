/// Why a router could not be built.
///
/// Match on ``code`` (`catch let error as RouterError where error.code == .unknownBarrier`); the
/// set of codes may grow without breaking a `switch`. ``description`` says what to fix.
public struct RouterError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Reason: Sendable, Hashable {
        case unknownBarrier(String, usedBy: String)
        case unknownRoute(String)
    }

    /// A stable kind of wiring mistake, for matching and for logs.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The kebab-case name, as written in logs.
        public let description: String

        private init(_ name: String) { description = name }

        /// A route, plugin or the mandatory list names a barrier no ``Barrier`` answers to.
        public static let unknownBarrier = Code("unknown-barrier")
        /// A handler for a route the table does not have.
        public static let unknownRoute = Code("unknown-route")
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    /// `user` (a route, a plugin or the mandatory list, as a phrase) needs the barrier `name`,
    /// which no ``Barrier`` answers to.
    public static func unknownBarrier(_ name: String, usedBy user: String) -> Self {
        Self(.unknownBarrier(name, usedBy: user))
    }

    /// A handler is registered for the route `name`, which the route table does not have.
    public static func unknownRoute(_ name: String) -> Self { Self(.unknownRoute(name)) }

    /// What kind of error this is.
    public var code: Code {
        switch reason {
        case .unknownBarrier: .unknownBarrier
        case .unknownRoute: .unknownRoute
        }
    }

    /// What is wrong and how to fix it, for logs and test failures.
    public var description: String {
        switch reason {
        case .unknownBarrier(let name, let user):
            "\(user) needs the barrier \"\(name)\", which is not registered; add a Barrier named \"\(name)\" with RouterBuilder.add(_:)"
        case .unknownRoute(let name):
            "a handler is registered for the route \"\(name)\", which the route table does not have"
        }
    }
}
