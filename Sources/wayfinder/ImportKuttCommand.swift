import ArgumentParser
import LinkService

/// `wayfinder import kutt FILE.json --tenant ID --manifest FILE [--domain D] [--database URL] [--dry-run] [--json]`
struct ImportKuttCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kutt",
        abstract: "Import Kutt's link list (JSON from its API) into a tenant's links.",
        discussion: ImportOptions.discussion(
            """
            Reads the JSON Kutt's API answers for GET /api/v2/links (or the list alone): \
            address (the slug), target, domain, description, expire_in, password, banned \
            and visit_count (kept as imported clicks). Banned links are not imported; a \
            link with a password comes without one, with a warning.
            """)
    )

    @OptionGroup var options: ImportOptions

    func run() async throws {
        try await options.run(KuttFormat())
    }
}
