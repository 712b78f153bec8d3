import Foundation

/// A plugin that handles links whose path matches one route pattern, on any host:
/// `PathPlugin("/transaction/{transaction_id}") { match in … }`.
///
/// For a custom-scheme link the host is the first segment, as in route tables, so the pattern
/// above also takes `payapp://transaction/42`. Captured values reach the handler percent-decoded
/// through the ``RouteMatch``. A typed parameter (`{id:slug}`) needs its type in `types`, as a
/// route table does; the initializer throws when the pattern does not parse or names a type it was
/// not given.
public struct PathPlugin: DeepLinkPlugin {
    /// The name in outcomes: the one given, or the pattern.
    public let name: String
    /// The barrier given to the initializer, if any.
    public let barriers: [String]
    private let table: RouteTable
    private let handler: @Sendable (RouteMatch) async throws -> Void

    /// A plugin that takes links whose path matches `pattern` (a route pattern such as
    /// `/transaction/{id}`), named `name` (the pattern by default), behind `barrier` when one is
    /// given. Throws ``RoutePatternError`` when the pattern does not parse.
    public init(
        _ pattern: String, name: String? = nil, barrier: String? = nil, types: [ParameterType] = [],
        handler: @escaping @Sendable (RouteMatch) async throws -> Void
    ) throws(RouteTableError) {
        let pluginName = name ?? pattern
        var builder = RouteTableBuilder()
        for type in types { builder.register(type) }
        do {
            try builder.add(pluginName, paths: [pattern])
        } catch {
            throw RouteTableError(problems: [.invalidPattern(error)])
        }
        self.table = try builder.build()
        self.name = pluginName
        self.barriers = barrier.map { [$0] } ?? []
        self.handler = handler
    }

    /// Yes, with the match, when the link's path matches the pattern on any host.
    public func shouldHandle(_ link: DeepLink) async -> PluginAnswer {
        guard let match = table.matchOnAnyHost(link) else { return .no }
        if let barrier = barriers.first { return .yesWithBarrier(barrier, data: match) }
        return .yes(data: match)
    }

    /// Calls the handler with the match made in ``shouldHandle(_:)``.
    public func handle(_ link: DeepLink, match: RouteMatch, data: (any Sendable)?) async throws {
        try await handler((data as? RouteMatch) ?? match)
    }
}
