import Foundation
import LinkCore

extension MemoryLinkStore {
    package func appendAudit(_ entry: AuditEntry) async throws {
        var entry = entry
        entry.id = (auditLog.last?.id ?? 0) + 1
        entry.time = entry.time.truncatedToMilliseconds
        auditLog.append(entry)
    }

    package func auditEntries(tenant: String, query: AuditQuery, before: Int?, limit: Int) async throws
        -> [AuditEntry]
    {
        Array(
            auditLog.reversed().lazy.filter { entry in
                entry.tenant == tenant && before.map { entry.id < $0 } ?? true
                    && query.actor.map { entry.actor == $0 } ?? true && query.target.map { entry.target == $0 } ?? true
                    && query.since.map { entry.time >= $0.truncatedToMilliseconds } ?? true
            }
            .prefix(max(0, limit)))
    }

    package func pruneAudit(before date: Date) async throws -> Int {
        let count = auditLog.count
        auditLog.removeAll { $0.time < date }
        return count - auditLog.count
    }
}
