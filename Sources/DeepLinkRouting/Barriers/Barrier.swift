/// A check a link must pass before its route opens, such as "signed in" or "authenticated".
///
/// The router first asks ``status(for:)``; when the answer is ``BarrierStatus/needsCheck`` it calls
/// ``performCheck(for:)``, which may show UI (a sign-in sheet) and answers whether the person got
/// through. Both run under the barrier's ``timeout`` (or the router's default); a check that fails,
/// times out or is superseded blocks the link and never opens it. Routes and the router's
/// mandatory barriers name barriers by ``name``; a name no barrier answers to fails
/// ``RouterBuilder/build()``.
public protocol Barrier: Sendable {
    /// The name routes, plugins and ``Router/Configuration/mandatoryBarriers`` use for this barrier.
    var name: String { get }
    /// How long ``status(for:)`` and ``performCheck(for:)`` together may take; `nil` for the
    /// router's default.
    var timeout: Duration? { get }
    /// Whether the link may go on without asking the person, such as "already signed in"; should be
    /// quick and must not show UI.
    func status(for match: RouteMatch) async -> BarrierStatus
    /// Asks the person to get through, such as by showing a sign-in sheet, and answers whether they
    /// did; called only after ``status(for:)`` answered ``BarrierStatus/needsCheck``.
    func performCheck(for match: RouteMatch) async -> Bool
}

extension Barrier {
    /// No timeout of the barrier's own: the router's ``Router/Configuration/barrierTimeout`` applies.
    public var timeout: Duration? { nil }
}

/// Whether a barrier is already passed.
public enum BarrierStatus: Sendable, Hashable {
    /// The link may go on; ``Barrier/performCheck(for:)`` is not called.
    case passed
    /// The router must call ``Barrier/performCheck(for:)``.
    case needsCheck
}

/// A barrier made of two closures; either may be `@MainActor`.
public struct ClosureBarrier: Barrier {
    /// The name routes use for this barrier.
    public let name: String
    /// How long the status and the check together may take; `nil` for the router's default.
    public let timeout: Duration?
    private let statusCheck: @Sendable (RouteMatch) async -> BarrierStatus
    private let check: @Sendable (RouteMatch) async -> Bool

    /// A barrier named `name` whose ``status(for:)`` and ``performCheck(for:)`` are the closures
    /// given; `timeout` bounds both together (`nil` for the router's default).
    public init(
        _ name: String, timeout: Duration? = nil, status: @escaping @Sendable (RouteMatch) async -> BarrierStatus,
        performCheck: @escaping @Sendable (RouteMatch) async -> Bool
    ) {
        self.name = name
        self.timeout = timeout
        self.statusCheck = status
        self.check = performCheck
    }

    /// Answers with the `status` closure.
    public func status(for match: RouteMatch) async -> BarrierStatus { await statusCheck(match) }
    /// Answers with the `performCheck` closure.
    public func performCheck(for match: RouteMatch) async -> Bool { await check(match) }
}
