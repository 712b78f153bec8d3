import ArgumentParser
import LinkService

/// `wayfinder import bitly FILE.csv --tenant ID --manifest FILE [--domain D] [--database URL] [--dry-run] [--json]`
struct ImportBitlyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bitly",
        abstract: "Import a Bitly links export (CSV) into a tenant's links.",
        discussion: ImportOptions.discussion(
            """
            Reads a CSV file with Bitly's link fields: link (the short link), long_url, \
            title, tags, created_at and, when there, clicks (kept as imported clicks). The \
            short link's path becomes the slug; it must be on one of the tenant's domains.
            """)
    )

    @OptionGroup var options: ImportOptions

    func run() async throws {
        try await options.run(BitlyFormat())
    }
}
