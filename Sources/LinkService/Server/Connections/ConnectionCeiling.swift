import LinkCore
import Logging
import NIOCore
import Prometheus
import Synchronization

/// The server's connections against ``ConnectionLimits/maximumConnections``, a ceiling below the
/// process's file limit: past the file limit the server can accept nothing, `/healthz` included,
/// and nothing is logged. At the ceiling a new connection takes the place of the one that has
/// waited longest without sending a complete request head (a stalled or trickling client);
/// a connection that has sent a complete head is never closed for it. Only when every open
/// connection has sent one is the new connection refused.
///
/// Shedding is logged at most once per ``noticeInterval``, with the count since the last notice.
package final class ConnectionCeiling: Sendable {
    /// What admitting a connection did.
    package struct Admission: Sendable {
        /// The connection's number in the table; `nil` when it was refused.
        package var id: UInt64?
        /// Connections to close to make room: those that waited longest for a head.
        package var shed: [any Channel]
    }

    private struct Entry: Sendable {
        var channel: any Channel
        /// Whether the connection has sent a complete request head.
        var sentHead = false
    }

    private struct State: Sendable {
        var entries: [UInt64: Entry] = [:]
        /// Ids in the order their connections opened; an id whose connection has closed or sent a
        /// head is skipped (and dropped) when the front is read.
        var order: [UInt64] = []
        var front = 0
        var nextID: UInt64 = 0
        var shedSinceNotice = 0
        var lastNotice: ContinuousClock.Instant?
    }

    private let state = Mutex(State())
    /// Connections allowed at once; `0` or less: no ceiling.
    package let limit: Int
    package let metrics: ConnectionMetrics?
    /// Shortest time between two log notices of shed connections.
    package let noticeInterval: Duration

    package init(limit: Int, metrics: ConnectionMetrics? = nil, noticeInterval: Duration = .seconds(10)) {
        self.limit = limit
        self.metrics = metrics
        self.noticeInterval = noticeInterval
    }

    /// Connections open now.
    package var count: Int { state.withLock { $0.entries.count } }

    /// Admits `channel`, naming the connections to close to make room for it, or refuses it.
    package func admit(_ channel: any Channel, logger: Logger) -> Admission {
        let (admission, notice, open) = state.withLock { state -> (Admission, Int?, Int) in
            var shed: [any Channel] = []
            while limit > 0, state.entries.count >= limit, let oldest = Self.oldestWaiting(&state) {
                if let entry = state.entries.removeValue(forKey: oldest) { shed.append(entry.channel) }
            }
            guard limit <= 0 || state.entries.count < limit else {
                return (Admission(id: nil, shed: shed), nil, state.entries.count)
            }
            let id = state.nextID
            state.nextID += 1
            state.entries[id] = Entry(channel: channel)
            state.order.append(id)
            // Ids of connections that closed or sent a head pile up behind the front; drop them
            // once they are most of the array (amortized O(1) per connection).
            if state.order.count - state.front > 2 * state.entries.count + 1024 {
                state.order = state.order[state.front...].filter { state.entries[$0]?.sentHead == false }
                state.front = 0
            }
            var notice: Int?
            if !shed.isEmpty {
                state.shedSinceNotice += shed.count
                let now = ContinuousClock.now
                if state.lastNotice.map({ now - $0 >= noticeInterval }) ?? true {
                    notice = state.shedSinceNotice
                    state.shedSinceNotice = 0
                    state.lastNotice = now
                }
            }
            return (Admission(id: id, shed: shed), notice, state.entries.count)
        }
        if let notice {
            logger.warning(
                "connections shed at the connection ceiling: closed those waiting longest for a request head",
                metadata: ["shed": "\(notice)", "limit": "\(limit)"])
        }
        if let metrics {
            if !admission.shed.isEmpty { metrics.shed.increment(by: Int64(admission.shed.count)) }
            if admission.id == nil { metrics.refusedAtCeiling.increment() }
            metrics.open.set(Double(open))
        }
        return admission
    }

    /// Notes that connection `id` has sent a complete request head: it is not shed from now on.
    package func sentHead(_ id: UInt64) {
        state.withLock { $0.entries[id]?.sentHead = true }
    }

    /// Forgets connection `id`, which has closed (a shed one is forgotten already).
    package func closed(_ id: UInt64) {
        let open = state.withLock { state in
            state.entries[id] = nil
            return state.entries.count
        }
        metrics?.open.set(Double(open))
    }

    /// The id of the open connection that has waited longest without a complete head, taken off
    /// the order; `nil` when every open connection has sent one.
    private static func oldestWaiting(_ state: inout State) -> UInt64? {
        defer {
            // Drop the skipped front once it is half the array: amortized O(1) per connection.
            if state.front > 1024, state.front * 2 > state.order.count {
                state.order.removeFirst(state.front)
                state.front = 0
            }
        }
        while state.front < state.order.count {
            let id = state.order[state.front]
            state.front += 1
            if let entry = state.entries[id], !entry.sentHead { return id }
        }
        return nil
    }
}
