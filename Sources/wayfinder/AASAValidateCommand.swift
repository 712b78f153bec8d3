import ArgumentParser
import AssociatedDomains
import DeepLinkRouting

/// `wayfinder aasa validate FILE… [--json]`
struct AASAValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check apple-app-site-association files and print every finding with its code and JSON path.",
        discussion: """
            Errors: not JSON, over 128 KB, malformed details, app IDs, paths, component keys, query \
            dictionaries with non-string values, substitution variable mistakes, legacy apps not \
            empty, other services not {apps: [...]}. Warnings: paths and components mixed, \
            patterns in defaults, rules an earlier rule makes unreachable, catch-all rules, NOT \
            without its space, dictionary-shaped details, unknown keys. A CMS-signed file is \
            checked by its content.

            Exits 0 when no file has an error (warnings allowed), 1 otherwise.

            Examples:
              wayfinder aasa validate apple-app-site-association
              wayfinder aasa validate --json apple-app-site-association
            """
    )

    @OptionGroup var options: ValidateOptions

    func run() async throws {
        try options.report { file in
            var bytes = try CommandInput.bytes(file)
            // A signed file starts with a DER SEQUENCE, which JSON never does.
            if bytes.first == 0x30, let signed = try? SignedAASA(der: bytes) { bytes = signed.content }
            return AASAValidator.validate(bytes)
        }
    }
}
