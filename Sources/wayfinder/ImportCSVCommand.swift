import ArgumentParser
import LinkService

/// `wayfinder import csv FILE.csv --tenant ID --manifest FILE [--domain D] [--database URL] [--dry-run] [--json]`
struct ImportCSVCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "csv",
        abstract: "Import Wayfinder's own links export (CSV) into a tenant's links.",
        discussion: """
            Reads the CSV wayfinder export --what links writes: domain, slug, destination, \
            tags, createdAt, importedClicks and link (the link's create body as JSON, with its rules, \
            variants, tags, UTM, fallbacks, social card and expiry). Every row is checked like an API create; a bad \
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
        try await options.run(WayfinderCSVFormat())
    }
}
