import LinkCore
import Logging
import SQLiteNIO

extension SQLiteLinkStore: LinkChangeFeed {
    /// How often the database's data version is read: how soon a change another process made
    /// (`wayfinder import`, `wayfinder keys revoke` beside a running server) is seen.
    package static let changePollInterval = Duration.seconds(1)

    /// Reports ``LinkChange/resynchronize`` whenever another connection (another process, or
    /// another store on the same file) committed to the database, as SQLite's `data_version` of
    /// this store's writer tells: SQLite does not say what changed, only that something did, so
    /// everything learnt from the database is read again. Changes made through this store are not
    /// reported: whoever made them through it updates its cache as it writes.
    ///
    /// Reads the version every ``changePollInterval``. The first report is a resynchronize, after
    /// the first read; a read that fails (the disk went away) is followed, once a read succeeds
    /// again, by a resynchronize too.
    package func followLinkChanges(_ handler: @escaping @Sendable (LinkChange) -> Void) async {
        // The version everything learnt since the last resynchronize is as new as; `nil` before
        // the first read and after a failed one. Read before resynchronizing, so that a change
        // between the two is seen at the next read.
        var known: Int?
        while !Task.isCancelled {
            do {
                let version = try await dataVersion()
                if version != known { handler(.resynchronize) }
                known = version
            } catch {
                if known != nil {
                    logger.warning(
                        "not reading the database's data version; retrying", metadata: ["error": "\(error)"])
                }
                known = nil
            }
            try? await Task.sleep(for: Self.changePollInterval)
        }
    }

    /// SQLite's `data_version` on the writer: it changes when another connection commits, never
    /// for the writer's own commits.
    private func dataVersion() async throws -> Int {
        let rows = try await withWriter { writer in try await writer.query("PRAGMA data_version") }
        guard let version = rows.first?.column("data_version")?.integer else {
            throw LinkStoreError.unavailable("PRAGMA data_version answered no version")
        }
        return version
    }

    /// Every change another process makes reaches ``followLinkChanges(_:)`` within
    /// ``changePollInterval``: the file is on this machine, so the version cannot go unread without
    /// an error.
    package var reportsEveryChange: Bool { true }
}
