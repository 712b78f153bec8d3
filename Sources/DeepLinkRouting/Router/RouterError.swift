/// Why a router could not be built.
public struct RouterError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// A route, plugin or the mandatory list names a barrier no ``Barrier`` answers to.
        case unknownBarrier(String, usedBy: String)
        /// A handler for a route the table does not have.
        case unknownRoute(String)
    }

    public var kind: Kind

    public init(_ kind: Kind) {
        self.kind = kind
    }

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
    public enum Kind: Sendable, Hashable {
        /// The route's resolver found the content neither locally nor on the server.
        case notAvailable(route: String)
        /// The route has no handler.
        case noHandler(route: String)
    }

    public var kind: Kind

    public init(_ kind: Kind) {
        self.kind = kind
    }

    public var description: String {
        switch kind {
        case .notAvailable(let route):
            "the content for the route \"\(route)\" is not available locally or on the server"
        case .noHandler(let route): "the route \"\(route)\" has no handler; register one with RouterBuilder.handle(_:)"
        }
    }
}
