/// Why a router could not be built.
public struct RouterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of wiring mistake.
    public enum Kind: Sendable, Hashable {
        /// A route, plugin or the mandatory list names a barrier no ``Barrier`` answers to.
        case unknownBarrier(String, usedBy: String)
        /// A handler for a route the table does not have.
        case unknownRoute(String)
    }

    /// What is wrong.
    public var kind: Kind

    /// An error of this kind.
    public init(_ kind: Kind) {
        self.kind = kind
    }

    /// What is wrong and how to fix it, for logs and test failures.
    public var description: String {
        switch kind {
        case .unknownBarrier(let name, let user):
            "\(user) needs the barrier \"\(name)\", which is not registered; add a Barrier named \"\(name)\" with RouterBuilder.add(_:)"
        case .unknownRoute(let name):
            "a handler is registered for the route \"\(name)\", which the route table does not have"
        }
    }
}

/// Why a link's handling failed (the error in ``DeepLinkOutcome/failed(_:)``).
public struct HandlingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of handling failure.
    public enum Kind: Sendable, Hashable {
        /// The route's resolver found the content neither locally nor on the server.
        case notAvailable(route: String)
        /// The route has no handler.
        case noHandler(route: String)
    }

    /// What went wrong.
    public var kind: Kind

    /// An error of this kind.
    public init(_ kind: Kind) {
        self.kind = kind
    }

    /// What went wrong, naming the route.
    public var description: String {
        switch kind {
        case .notAvailable(let route):
            "the content for the route \"\(route)\" is not available locally or on the server"
        case .noHandler(let route): "the route \"\(route)\" has no handler; register one with RouterBuilder.handle(_:)"
        }
    }
}
