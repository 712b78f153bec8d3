import ArgumentParser
import LinkService

/// `wayfinder import bitly FILE.csv --tenant ID --manifest FILE [--domain D] [--database URL] [--dry-run] [--json]`
struct ImportBitlyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bitly",
        abstract: "Import a Bitly links export (CSV) into a tenant's links.",
        discussion: """
            Reads a CSV file with Bitly's link fields: link (the short link), long_url, \
            title, tags, created_at and, when there, clicks (kept as imported clicks). The \
            short link's path becomes the slug; it must be on one of the tenant's domains. Every row is checked like an API create; a bad \
            row is reported with its line and the reason, the others are imported. Running \
            it again imports nothing twice.

            Exit status: 0 when every row was imported or already present; 1 when any row \
            failed; 2 when nothing could be imported (no such file, not UTF-8, another \
            format, missing required column, a row too long, unknown tenant or invalid \
            manifest): nothing was written then.
            """
    )

    @OptionGroup var options: ImportOptions

    func run() async throws {
        try await options.run(BitlyFormat())
    }
}
