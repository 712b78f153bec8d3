/// Collects handlers, barriers, plugins and settings for a ``Router``, then builds it, checking
/// that every barrier a route, plugin or the mandatory list names exists.
public struct RouterBuilder: Sendable {
    /// The route table the router will match links against; handlers can only name its routes.
    public let table: RouteTable
    /// The router's settings: pending links, timeouts, mandatory barriers, filter and clock.
    public var configuration: Router.Configuration
    var handlers: [String: Router.RouteHandler] = [:]
    var barriers: [String: any Barrier] = [:]
    var plugins: [any DeepLinkPlugin] = []
    var notFound: (@Sendable (DeepLink) async -> Void)? = nil
    var forbidden: (@Sendable (DeepLink, String) async -> Void)? = nil
    var observer: (@Sendable (DeepLink, DeepLinkOutcome) async -> Void)? = nil

    /// A builder for a router over `table`, with no handlers, barriers or plugins yet.
    public init(table: RouteTable, configuration: Router.Configuration = .init()) {
        self.table = table
        self.configuration = configuration
    }

    /// Handles links to `route`. The handler may be `@MainActor`; it runs under `timeout` (or the
    /// configuration's). When `isShowing` answers `true` the link is ``DeepLinkOutcome/alreadyShowing(_:)``
    /// and nothing runs.
    public mutating func handle(
        _ route: String, timeout: Duration? = nil, isShowing: (@Sendable (RouteMatch) async -> Bool)? = nil,
        _ handler: @escaping @Sendable (RouteMatch) async throws -> Void
    ) {
        handlers[route] = Router.RouteHandler(timeout: timeout, isShowing: isShowing, run: handler)
    }

    /// Handles links to `route` whose content `resolver` finds first (cache, then server); the
    /// handler gets the content. No content fails the link with ``HandlingError/notAvailable(route:)``.
    public mutating func handle<Value: Sendable>(
        _ route: String, resolver: ContentResolver<Value>, timeout: Duration? = nil,
        isShowing: (@Sendable (RouteMatch) async -> Bool)? = nil,
        _ handler: @escaping @Sendable (RouteMatch, Value) async throws -> Void
    ) {
        handle(route, timeout: timeout, isShowing: isShowing) { match in
            guard let value = try await resolver.resolve(match) else {
                throw HandlingError.notAvailable(route: route)
            }
            try await handler(match, value)
        }
    }

    /// Adds a barrier; one added later with the same name replaces it.
    public mutating func add(_ barrier: any Barrier) {
        barriers[barrier.name] = barrier
    }

    /// Adds a plugin, asked after those added before it.
    public mutating func add(_ plugin: any DeepLinkPlugin) {
        plugins.append(plugin)
    }

    /// Runs for links that are the app's but that no route or plugin takes.
    public mutating func onNotFound(_ handler: @escaping @Sendable (DeepLink) async -> Void) {
        notFound = handler
    }

    /// Runs for links the filter forbids, with the reason.
    public mutating func onForbidden(_ handler: @escaping @Sendable (DeepLink, String) async -> Void) {
        forbidden = handler
    }

    /// Sees every outcome, including those of pending links replayed later.
    public mutating func onOutcome(_ observer: @escaping @Sendable (DeepLink, DeepLinkOutcome) async -> Void) {
        self.observer = observer
    }

    /// Builds the router, checking the wiring first.
    /// Throws ``RouterError/unknownRoute(_:)`` when a handler names a route the table does not have,
    /// and ``RouterError/unknownBarrier(_:usedBy:)`` when the mandatory list, a route or a plugin
    /// names a barrier that was not added: a missing barrier is a mistake to find at launch, not a
    /// link that is blocked later. The builder can be changed and built again.
    public func build() throws(RouterError) -> Router {
        for route in handlers.keys.sorted() where table.route(named: route) == nil {
            throw RouterError.unknownRoute(route)
        }
        for name in configuration.mandatoryBarriers where barriers[name] == nil {
            throw RouterError.unknownBarrier(name, usedBy: "the mandatory barriers")
        }
        for route in table.routes {
            for name in route.barriers where barriers[name] == nil {
                throw RouterError.unknownBarrier(name, usedBy: "the route \"\(route.name)\"")
            }
        }
        for plugin in plugins {
            for name in plugin.barriers where barriers[name] == nil {
                throw RouterError.unknownBarrier(name, usedBy: "the plugin \"\(plugin.name)\"")
            }
        }
        return Router(self)
    }
}
