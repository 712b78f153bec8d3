import ArgumentParser
import LinkService

/// `wayfinder import shlink FILE.csv --tenant ID --manifest FILE [--domain D] [--database URL] [--dry-run] [--json]`
struct ImportShlinkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shlink",
        abstract: "Import links from the CSV Shlink's importer reads.",
        discussion: """
            Reads a CSV file with the columns Long URL, Short code, Title, Domain and Tags \
            (separated by |); names match ignoring case and spaces. The short code is the \
            slug, on Domain when the row names one of the tenant's domains, else on --domain. Every row is checked like an API create; a bad \
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
        try await options.run(ShlinkFormat())
    }
}
