import ArgumentParser
import LinkService

/// `wayfinder import yourls FILE.csv --tenant ID --manifest FILE [--domain D] [--database URL] [--dry-run] [--json]`
struct ImportYOURLSCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "yourls",
        abstract: "Import a YOURLS export (CSV) into a tenant's links.",
        discussion: ImportOptions.discussion(
            """
            Reads a CSV file of YOURLS's links table: keyword (the slug, on --domain), url, \
            title, timestamp, ip (never read) and clicks (kept as imported clicks).
            """)
    )

    @OptionGroup var options: ImportOptions

    func run() async throws {
        try await options.run(YOURLSFormat())
    }
}
