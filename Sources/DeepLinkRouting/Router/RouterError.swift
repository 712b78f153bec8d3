/// Why a router could not be built.
///
/// Match on ``code`` (`catch let error as RouterError where error.code == .unknownBarrier`); the
/// set of codes may grow without breaking a `switch`. ``message`` says what to fix.
public struct RouterError: CodedError, Hashable {
    /// A stable kind of wiring mistake, for matching and for logs.
    public typealias Code = ErrorCode<RouterError>

    public let code: Code
    public let message: String

    /// `user` (a route, a plugin or the mandatory list, as a phrase) needs the barrier `name`,
    /// which no ``Barrier`` answers to.
    public static func unknownBarrier(_ name: String, usedBy user: String) -> Self {
        Self(
            code: .unknownBarrier,
            message:
                "\(user) needs the barrier \"\(name)\", which is not registered; add a Barrier named \"\(name)\" with RouterBuilder.add(_:)"
        )
    }

    /// A handler is registered for the route `name`, which the route table does not have.
    public static func unknownRoute(_ name: String) -> Self {
        Self(
            code: .unknownRoute,
            message: "a handler is registered for the route \"\(name)\", which the route table does not have")
    }
}

extension ErrorCode where Owner == RouterError {
    /// A route, plugin or the mandatory list names a barrier no ``Barrier`` answers to.
    public static let unknownBarrier = Self("unknown-barrier")
    /// A handler for a route the table does not have.
    public static let unknownRoute = Self("unknown-route")
}
