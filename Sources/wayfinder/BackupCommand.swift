import ArgumentParser
import Foundation
import LinkCore
import LinkService
import LinkStorage

/// `wayfinder backup --database sqlite:PATH --to FILE`
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy a live SQLite database into a new file, consistently, while servers keep running.",
        discussion: """
            The copy is one snapshot (SQLite's VACUUM INTO): every link acknowledged before the \
            backup began is in it, nothing half-written is. The running server is neither stopped \
            nor slowed for long, and the source is not changed. The copy is readable by its owner \
            only and is checked with SQLite's integrity check.

            To restore: stop the server, move the database file and its -wal and -shm files \
            away, put the copy in the database file's place, start the server.

            PostgreSQL databases are backed up with PostgreSQL's own tools:
              pg_dump --format=custom --file=wayfinder.dump "postgres://…"

            Example:
              wayfinder backup --database sqlite:/var/lib/wayfinder/wayfinder.sqlite --to /var/backups/wayfinder-$(date +%F).sqlite
            """
    )

    @Option(
        help: ArgumentHelp(
            "The database to copy: sqlite:PATH (default: WAYFINDER_DATABASE, else sqlite:./wayfinder.sqlite).",
            valueName: "url"))
    var database: String?

    @Option(help: ArgumentHelp("The new file to write the copy to; it must not exist yet.", valueName: "file"))
    var to: String

    func run() async throws {
        let text = database ?? ProcessInfo.processInfo.environment["WAYFINDER_DATABASE"]
        let url = try text.map { try DatabaseURL(parsing: $0) } ?? .defaultValue
        guard case .sqlite(let path) = url else {
            printError(
                "error: wayfinder backup copies SQLite databases; \(url) is not one. For PostgreSQL use pg_dump (see `wayfinder backup --help`)."
            )
            throw ExitCode(1)
        }
        do {
            let backup = try await SQLiteLinkStore.backup(from: path, to: to)
            print("backed up \(url) to \(to): \(backup.bytes) bytes, schema version \(backup.schemaVersion)")
        } catch let error as LinkStoreError {
            printError("error: \(error)")
            throw ExitCode(1)
        }
    }
}
