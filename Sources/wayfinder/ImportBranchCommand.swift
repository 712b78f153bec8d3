import ArgumentParser
import LinkService

/// `wayfinder import branch FILE.csv --tenant ID --manifest FILE [--domain D] [--database URL] [--dry-run] [--json]`
struct ImportBranchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "branch",
        abstract: "Import a Branch links export (CSV) into a tenant's links.",
        discussion: ImportOptions.discussion(
            """
            Reads a CSV file whose header is url (the Branch link itself) and Branch's link \
            data keys: $canonical_url (the destination), $desktop_url, $ios_url, \
            $android_url, $fallback_url, $og_title, $og_description, $og_image_url, \
            ~campaign, ~channel, ~feature, ~tags. The link's path becomes the slug, so the \
            link must be on one of the tenant's domains.
            """)
    )

    @OptionGroup var options: ImportOptions

    func run() async throws {
        try await options.run(BranchFormat())
    }
}
