import Foundation

/// A plugin that handles links whose path matches one route pattern, on any host:
/// `PathPlugin("/transaction/{transaction_id}") { match in … }`.
///
/// For a custom-scheme link the host is the first segment, as in route tables, so the pattern
/// above also takes `payapp://transaction/42`. Captured values reach the handler percent-decoded
/// through the ``RouteMatch``.
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
        _ pattern: String, name: String? = nil, barrier: String? = nil,
        handler: @escaping @Sendable (RouteMatch) async throws -> Void
    ) throws(RoutePatternError) {
        let pluginName = name ?? pattern
        var builder = RouteTableBuilder()
        try builder.add(pluginName, paths: [pattern])
        // One pattern cannot conflict with itself, and it has no custom types.
        self.table = try! builder.build()
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
