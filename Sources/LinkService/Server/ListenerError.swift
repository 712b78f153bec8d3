import Foundation
import NIOCore

/// A listener that could not start, said so that the person who started the server can act:
/// which listener, its address, why the system refused it, and the setting that moves it (the
/// raw `bind(...)` error names none of them, and a second server on one machine meets it first on
/// the metrics listener, whose port the person never chose).
package struct ListenerError: Error, Sendable, CustomStringConvertible {
    package enum Listener: Sendable {
        /// Links, the API and the console (`--host`/`--port`, `WAYFINDER_HOST`/`WAYFINDER_PORT`).
        case link
        /// `GET /metrics` (`WAYFINDER_METRICS_ADDRESS`).
        case metrics
    }

    package var listener: Listener
    package var address: String
    /// `errno` of the refused `bind`.
    package var errno: CInt
    package var underlying: String

    /// The error for `error` when it is a refused `bind` of `listener` on `address`, else `nil`.
    package init?(_ error: any Error, listener: Listener, address: String) {
        guard let error = error as? IOError, [EADDRINUSE, EACCES, EADDRNOTAVAIL].contains(error.errnoCode) else {
            return nil
        }
        self.listener = listener
        self.address = address
        self.errno = error.errnoCode
        self.underlying = "\(error)"
    }

    package var description: String {
        let what =
            switch listener {
            case .link: "links, the API and the console"
            case .metrics: "/metrics"
            }
        let why =
            switch errno {
            case EADDRINUSE: "the address is in use (another wayfinder serve, or another program, listens there)"
            case EACCES: "permission denied (ports below 1024 need privileges)"
            default: "no network interface of this machine has that address"
            }
        let fix =
            switch listener {
            case .link:
                "choose another port with --port or WAYFINDER_PORT (the address: --host or WAYFINDER_HOST)"
            case .metrics:
                "choose another with WAYFINDER_METRICS_ADDRESS=HOST:PORT, or turn the listener off with WAYFINDER_METRICS_ADDRESS=off"
            }
        return "cannot listen on \(address) for \(what): \(why); \(fix)"
    }
}
