import ArgumentParser
import LinkService

/// `wayfinder import firebase FILE.csv --tenant ID --manifest FILE [--domain D] [--database URL] [--dry-run] [--json]`
struct ImportFirebaseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "firebase",
        abstract: "Import a Firebase Dynamic Links export (CSV) into a tenant's links.",
        discussion: """
            Reads Google's Dynamic Links export: a CSV file with a header row whose columns are \
            named after FDL's parameters (link, apn, afl, amv, ibi, ifl, ius, ipfl, ipbi, isi, \
            imv, efr, ofl, st, sd, si, utm_source, utm_medium, utm_campaign, utm_term, \
            utm_content, at, ct, mt, pt) plus short_link and link_name; short_link and link are \
            required. The short link's path becomes the slug, so the old URL keeps working once \
            its domain points at Wayfinder. Every row is checked like an API create; a bad row is \
            reported with the line it starts on and the reason, the others are imported. Running \
            it again imports nothing twice.

            Exit status: 0 when every row was imported or already present; 1 when any row \
            failed; 2 when nothing could be imported (unreadable file, missing required column, \
            unknown tenant or invalid manifest): nothing was written then.

            Example:
              wayfinder import firebase links.csv --tenant storyteller \\
                --manifest Examples/storyteller.json --dry-run
            """
    )

    @OptionGroup var options: ImportOptions

    func run() async throws {
        try await options.run(FirebaseFormat())
    }
}
