import ArgumentParser
import LinkService

/// `wayfinder import csv FILE.csv --tenant ID --manifest FILE [--domain D] [--database URL] [--dry-run] [--json]`
struct ImportCSVCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "csv",
        abstract: "Import Wayfinder's own links export (CSV) into a tenant's links.",
        discussion: ImportOptions.discussion(
            """
            Reads the CSV wayfinder export --what links writes: domain, slug, destination, \
            tags, createdAt, importedClicks and link (the link's create body as JSON, with its rules, \
            variants, tags, UTM, fallbacks, social card and expiry).
            """)
    )

    @OptionGroup var options: ImportOptions

    func run() async throws {
        try await options.run(WayfinderCSVFormat())
    }
}
