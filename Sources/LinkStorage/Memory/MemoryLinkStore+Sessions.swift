import Foundation
import LinkCore

extension MemoryLinkStore {
    package func insertSession(_ session: ConsoleSession) async throws {
        guard sessions[session.idHash] == nil else {
            throw LinkStoreError.database("a console session with this id hash exists already")
        }
        var session = session
        session.createdAt = session.createdAt.truncatedToMilliseconds
        session.lastUsedAt = session.lastUsedAt.truncatedToMilliseconds
        sessions[session.idHash] = session
    }

    package func session(idHash: String) async throws -> ConsoleSession? {
        sessions[idHash]
    }

    package func touchSession(idHash: String, at date: Date) async throws {
        guard let session = sessions[idHash] else { return }
        sessions[idHash]?.lastUsedAt = max(session.lastUsedAt, date.truncatedToMilliseconds)
    }

    package func deleteSession(idHash: String) async throws -> Bool {
        sessions.removeValue(forKey: idHash) != nil
    }

    package func deleteSessions(lastUsedBefore date: Date) async throws -> Int {
        let cutoff = date.truncatedToMilliseconds
        let idle = sessions.values.filter { $0.lastUsedAt < cutoff }.map(\.idHash)
        for idHash in idle { sessions[idHash] = nil }
        return idle.count
    }
}
