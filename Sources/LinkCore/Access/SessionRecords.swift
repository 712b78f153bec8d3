import Foundation

/// A store's console sessions.
package protocol SessionRecords: Sendable {
    /// Stores a new console session.
    func insertSession(_ session: ConsoleSession) async throws
    /// The session whose id has this SHA-256 (lowercase hex).
    func session(idHash: String) async throws -> ConsoleSession?
    /// Records a request of the session at `date` (its idle expiry counts from there).
    func touchSession(idHash: String, at date: Date) async throws
    /// Ends a session; `false` when there was none.
    func deleteSession(idHash: String) async throws -> Bool
    /// Deletes the sessions last used before `date`; returns how many.
    func deleteSessions(lastUsedBefore date: Date) async throws -> Int
}
