/// How a route finds the content its link points at before the handler runs: a local cache
/// first, then the server (TapTalk's room lookup). When neither has it, the link fails with
/// ``HandlingError/notAvailable(route:)``; an error the server fetch throws fails it with
/// that error.
public struct ContentResolver<Value: Sendable>: Sendable {
    /// Looks the content up where it is cheap (a cache or database on the device); `nil` when it is
    /// not there.
    public var local: @Sendable (RouteMatch) async -> Value?
    /// Fetches the content from the server, asked only when ``local`` has none; `nil` when the server
    /// does not have it either, an error when the fetch failed.
    public var remote: @Sendable (RouteMatch) async throws -> Value?

    /// A resolver that asks `local` first and `remote` only when `local` answers `nil`.
    public init(
        local: @escaping @Sendable (RouteMatch) async -> Value?,
        remote: @escaping @Sendable (RouteMatch) async throws -> Value?
    ) {
        self.local = local
        self.remote = remote
    }

    /// The content, or `nil` when neither source has it.
    public func resolve(_ match: RouteMatch) async throws -> Value? {
        if let value = await local(match) { return value }
        return try await remote(match)
    }
}
