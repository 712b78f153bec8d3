import Foundation

/// A plugin that handles links whose path matches one route pattern, on any host:
/// `PathPlugin("/transaction/{transaction_id}") { match in … }`.
///
/// For a custom-scheme link the host is the first segment, as in route tables, so the pattern
/// above also takes `payapp://transaction/42`. Captured values reach the handler percent-decoded
/// through the ``RouteMatch``.
public struct PathPlugin: DeepLinkPlugin {
    public let name: String
    public let barriers: [String]
    private let table: RouteTable
    private let handler: @Sendable (RouteMatch) async throws -> Void

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

    public func shouldHandle(_ link: DeepLink) async -> PluginAnswer {
        guard let match = table.matchOnAnyHost(link) else { return .no }
        if let barrier = barriers.first { return .yesWithBarrier(barrier, data: match) }
        return .yes(data: match)
    }

    public func handle(_ link: DeepLink, match: RouteMatch, data: (any Sendable)?) async throws {
        try await handler((data as? RouteMatch) ?? match)
    }
}
