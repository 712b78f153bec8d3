import LinkCore
import Synchronization

/// The answers to events with a dedupe key that this instance accepted lately: an event is in
/// the store only after the next flush, and a retry that comes sooner must get the first answer
/// too.
///
/// Two generations of at most ``generationSize`` keys each: when the newer one is full the older
/// one goes, by then long written (a flush runs every second or so).
package final class RecentEvents: Sendable {
    package static let generationSize = 50_000

    private struct State {
        var current: [String: AppEvent] = [:]
        var previous: [String: AppEvent] = [:]
    }

    private let state = Mutex(State())

    package init() {}

    private static func key(tenant: String, dedupeKey: String) -> String { tenant + "\u{0}" + dedupeKey }

    /// The event accepted with this dedupe key, if one was lately.
    package func event(tenant: String, dedupeKey: String) -> AppEvent? {
        let key = Self.key(tenant: tenant, dedupeKey: dedupeKey)
        return state.withLock { $0.current[key] ?? $0.previous[key] }
    }

    /// Remembers an accepted event with a dedupe key.
    package func remember(_ event: AppEvent) {
        guard let dedupeKey = event.dedupeKey else { return }
        let key = Self.key(tenant: event.tenant, dedupeKey: dedupeKey)
        state.withLock { state in
            if state.current.count >= Self.generationSize {
                state.previous = state.current
                state.current = [:]
            }
            state.current[key] = event
        }
    }
}
