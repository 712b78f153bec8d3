import ArgumentParser
import DeepLinkRouting
import Foundation
import LinkCore
import LinkService
import LinkStorage

/// `wayfinder export --tenant ID --what links|clicks|events|audit [--format csv|jsonl] [--since T] [--until T] [--database URL]`
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract:
            "Write a tenant's links, clicks, events or audit log to standard output (CSV or JSON Lines), streamed.",
        discussion: """
            The links export holds everything needed to make the links again elsewhere: a CSV \
            row has id, domain, slug, destination, tags, createdAt, importedClicks and link (the \
            link's create body as JSON: rules, variants, tags, UTM, fallbacks, social card, \
            expiry); --format jsonl writes the API's link JSON a line. Password hashes are never \
            written. `wayfinder import csv` reads the CSV back into the same links.

            clicks: id, time, link, platform, os, browser, inApp, referrer, bot and the UTM \
            fields of each stored click, in the order they were stored; events: id, name, \
            occurredAt, receivedAt, click, link, platform, customer, value, currency, dedupeKey, by \
            when they happened; audit: id, time, actor, action, target and changes (JSON). Never a \
            client address or a secret. --since and --until (RFC 3339) keep what was created, \
            clicked, happened or recorded in that range. The rows are read from the database a \
            page at a time: an export of any size holds one page in memory.

            Example:
              wayfinder export --tenant acme --what links --database sqlite:wayfinder.sqlite > links.csv
            """
    )

    @Option(help: ArgumentHelp("The tenant (manifest id) whose data to export.", valueName: "id"))
    var tenant: String

    @Option(help: ArgumentHelp("What to export: links, clicks, events or audit.", valueName: "what"))
    var what: String

    @Option(help: ArgumentHelp("csv (default) or jsonl.", valueName: "format"))
    var format: String?

    @Option(
        help: ArgumentHelp(
            "Only what was created (clicked, happened, recorded) at or after this RFC 3339 time.", valueName: "time"))
    var since: String?

    @Option(help: ArgumentHelp("Only what was created before this RFC 3339 time.", valueName: "time"))
    var until: String?

    @OptionGroup var store: StoreOptions

    func run() async throws {
        let request: ExportRequest
        do {
            request = try ExportRequest(what: what, format: format, since: since, until: until)
        } catch {
            printError("error: --\(error.field ?? "what"): \(error.message)")
            throw ExitCode(2)
        }
        let database = try store.configuration().database
        if case .sqlite(let path) = database, !FileManager.default.fileExists(atPath: path) {
            printError("error: \(database) does not exist; give the database to export with --database")
            throw ExitCode(2)
        }
        let linkStore: any LinkStore
        do {
            linkStore = try await database.openStore()
        } catch {
            printError("error: cannot open \(database): \(error)")
            throw ExitCode(2)
        }
        do {
            try await RecordExport(store: linkStore, tenant: tenant, request: request).run { text in
                FileHandle.standardOutput.write(Data(text.utf8))
            }
            try await linkStore.close()
        } catch {
            try? await linkStore.close()
            throw error
        }
    }
}
