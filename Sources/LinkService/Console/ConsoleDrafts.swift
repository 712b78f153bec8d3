import Foundation
import HTTPTypes
import LinkCore
import Synchronization

/// Refused link forms, kept for a while so that the console answers a refused `POST` with a
/// redirect to a page that shows it (post/redirect/get): reloading that page shows the form and
/// its problems again instead of sending it again, and the address bar names the form, not
/// `/admin/links`.
///
/// A draft belongs to the session that sent it (another session's id finds nothing), lives
/// ``lifetime``, and is kept in this process's memory only: behind a load balancer without
/// sticky sessions the page may land on another instance, which says the form is no longer kept
/// and shows a fresh one. Memory is bounded by ``maximumDrafts`` and ``maximumBytes``; the oldest
/// draft goes first.
package final class ConsoleDrafts: Sendable {
    /// What a refused form's page needs.
    package struct Draft: Sendable {
        package var form: LinkForm
        /// The link being changed; `nil` for a new link.
        package var slug: String?
        /// The refusal's status (`400`, `409`), which the page answers with too.
        package var status: HTTPResponse.Status
    }

    private struct Entry {
        var draft: Draft
        var session: String
        var keptAt: Date
        var bytes: Int
    }

    private struct State: ~Copyable {
        var entries: [String: Entry] = [:]
        /// Ids oldest first.
        var order: [String] = []
        var bytes = 0

        mutating func remove(_ id: String) {
            guard let entry = entries.removeValue(forKey: id) else { return }
            bytes -= entry.bytes
            order.removeAll { $0 == id }
        }
    }

    package static let lifetime: TimeInterval = 30 * 60
    package static let maximumDrafts = 1_000
    package static let maximumBytes = 16 << 20

    private let state = Mutex(State())
    private let clock: ServiceClock

    package init(clock: ServiceClock) {
        self.clock = clock
    }

    /// Keeps `draft` for the session whose id hashes to `session`; the id to find it by.
    package func keep(_ draft: Draft, session: String) -> String {
        let id = RandomText.make(length: 22, from: RandomText.lettersAndDigits)
        let bytes = draft.form.values.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count } + 256
        let now = clock.now()
        state.withLock { state in
            state.entries[id] = Entry(draft: draft, session: session, keptAt: now, bytes: bytes)
            state.order.append(id)
            state.bytes += bytes
            while let oldest = state.order.first,
                state.order.count > Self.maximumDrafts || state.bytes > Self.maximumBytes
                    || (state.entries[oldest].map { now.timeIntervalSince($0.keptAt) > Self.lifetime } ?? true)
            {
                state.remove(oldest)
            }
        }
        return id
    }

    /// The draft `id` of the session whose id hashes to `session`, while it is kept.
    package func draft(_ id: String, session: String) -> Draft? {
        let now = clock.now()
        return state.withLock { state in
            guard let entry = state.entries[id], entry.session == session else { return nil }
            guard now.timeIntervalSince(entry.keptAt) <= Self.lifetime else {
                state.remove(id)
                return nil
            }
            return entry.draft
        }
    }
}
