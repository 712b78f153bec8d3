import Foundation
import Hummingbird
import LinkCore
import Logging

/// Where the server appends to the audit log: one entry per change or sign-in, with the actor,
/// the time, the fields changed and the client's address truncated to its network
/// (``LoggedAddress``, never the whole address, whatever the logs are set to).
///
/// The entry is written after the change it records, not in the same transaction: a failed
/// append is logged as an error (the change stands) rather than answered as a failure of a
/// change that was made.
package struct AuditLog: Sendable {
    package let store: any AuditRecords
    package let addressing: ClientAddressing
    package let clock: ServiceClock
    package let logger: Logger

    package init(store: any AuditRecords, addressing: ClientAddressing, clock: ServiceClock, logger: Logger) {
        self.store = store
        self.addressing = addressing
        self.clock = clock
        self.logger = logger
    }

    /// Records what an API call's actor did.
    package func record(
        _ action: AuditAction, target: String, changes: [AuditChange] = [], request: Request,
        context: APIRequestContext
    ) async {
        await record(
            AuditEntry(
                tenant: context.tenant.id, time: clock.now(), actor: context.actor.name, action: action,
                target: target, changes: changes, address: address(of: request, context: context)))
    }

    /// The request's client address as the audit log keeps it: its network.
    package func address(of request: Request, context: some RemoteAddressRequestContext) -> String {
        LoggedAddress.text(addressing.clientAddress(of: request, context: context), full: false)
    }

    /// Appends `entry`, logging (not throwing) a failure.
    package func record(_ entry: AuditEntry) async {
        do {
            try await store.appendAudit(entry)
        } catch {
            logger.error(
                "audit entry not written",
                metadata: [
                    "action": "\(entry.action.rawValue)", "target": "\(entry.target)", "actor": "\(entry.actor)",
                    "error": "\(error)",
                ])
        }
    }
}
