import ArgumentParser
import LinkService

/// `wayfinder import yourls FILE.csv --tenant ID --manifest FILE [--domain D] [--database URL] [--dry-run] [--json]`
struct ImportYOURLSCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "yourls",
        abstract: "Import a YOURLS export (CSV) into a tenant's links.",
        discussion: """
            Reads a CSV file of YOURLS's links table: keyword (the slug, on --domain), url, \
            title, timestamp, ip (never read) and clicks (kept as imported clicks). Every row is checked like an API create; a bad \
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
        try await options.run(YOURLSFormat())
    }
}
