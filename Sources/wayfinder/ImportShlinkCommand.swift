import ArgumentParser
import LinkService

/// `wayfinder import shlink FILE.csv --tenant ID --manifest FILE [--domain D] [--database URL] [--dry-run] [--json]`
struct ImportShlinkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shlink",
        abstract: "Import links from the CSV Shlink's importer reads.",
        discussion: ImportOptions.discussion(
            """
            Reads a CSV file with the columns Long URL, Short code, Title, Domain and Tags \
            (separated by |); names match ignoring case and spaces. The short code is the \
            slug, on Domain when the row names one of the tenant's domains, else on --domain.
            """)
    )

    @OptionGroup var options: ImportOptions

    func run() async throws {
        try await options.run(ShlinkFormat())
    }
}
