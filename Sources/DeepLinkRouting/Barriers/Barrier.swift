/// A check a link must pass before its route opens, such as "signed in" or "authenticated".
///
/// The router first asks ``status(for:)``; when the answer is ``BarrierStatus/needsCheck`` it calls
/// ``performCheck(for:)``, which may show UI (a sign-in sheet) and answers whether the person got
/// through. Both run under the barrier's ``timeout`` (or the router's default); a check that fails,
/// times out or is superseded blocks the link and never opens it. Routes and the router's
/// mandatory barriers name barriers by ``name``; a name no barrier answers to fails
/// ``RouterBuilder/build()``.
public protocol Barrier: Sendable {
    var name: String { get }
    /// How long ``status(for:)`` and ``performCheck(for:)`` together may take; `nil` for the
    /// router's default.
    var timeout: Duration? { get }
    func status(for match: RouteMatch) async -> BarrierStatus
    func performCheck(for match: RouteMatch) async -> Bool
}

extension Barrier {
    public var timeout: Duration? { nil }
}

/// Whether a barrier is already passed.
public enum BarrierStatus: Sendable, Hashable {
    case passed
    /// The router must call ``Barrier/performCheck(for:)``.
    case needsCheck
}

/// A barrier made of two closures; either may be `@MainActor`.
public struct ClosureBarrier: Barrier {
    public let name: String
    public let timeout: Duration?
    private let statusCheck: @Sendable (RouteMatch) async -> BarrierStatus
    private let check: @Sendable (RouteMatch) async -> Bool

    public init(
        _ name: String, timeout: Duration? = nil, status: @escaping @Sendable (RouteMatch) async -> BarrierStatus,
        performCheck: @escaping @Sendable (RouteMatch) async -> Bool
    ) {
        self.name = name
        self.timeout = timeout
        self.statusCheck = status
        self.check = performCheck
    }

    public func status(for match: RouteMatch) async -> BarrierStatus { await statusCheck(match) }
    public func performCheck(for match: RouteMatch) async -> Bool { await check(match) }
}
