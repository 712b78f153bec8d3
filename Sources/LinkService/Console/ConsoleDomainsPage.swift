import AssociatedDomains
import DeepLinkRouting

/// The console's domains page (`console-domains.mustache`): for each domain of the tenant, the
/// association files it serves to Apple and Google, generated from the manifest, and what the
/// validators find in them.
struct ConsoleDomainsPage: PageModel {
    static let template = PageTemplate.consoleDomains

    struct Domain: Sendable {
        /// The section's number, for its heading's id.
        var index: Int
        var name: String
        var files: [File]
    }

    /// One association file as the domain serves it.
    struct File: Sendable {
        var title: String
        var fileName: String
        var url: String
        /// The file, pretty-printed.
        var json: String
        var hasFindings: Bool
        /// Errors first.
        var findings: [Finding]
    }

    /// One diagnostic of the validator.
    struct Finding: Sendable {
        var severity: String
        var code: String
        var path: String
        var message: String
        var hint: String?
    }

    var layout: ConsoleLayout
    var domains: [Domain]

    static let example = ConsoleDomainsPage(
        layout: .example,
        domains: [
            Domain(
                index: 0, name: "go.example.com",
                files: [
                    File(
                        title: "Apple: apple-app-site-association", fileName: "apple-app-site-association",
                        url: "https://go.example.com/.well-known/apple-app-site-association", json: "{}",
                        hasFindings: true,
                        findings: [
                            Finding(
                                severity: "warning", code: "aasa-example", path: "$.applinks", message: "Looks odd.",
                                hint: "Change it.")
                        ])
                ])
        ])
}

extension ConsoleDomainsPage {
    /// The files `tenant` serves on each of its domains.
    init(layout: ConsoleLayout, tenant: Tenant) {
        let files: [(title: String, fileName: String, path: String, bytes: [UInt8], findings: [Diagnostic])] = [
            (
                "Apple: apple-app-site-association", "apple-app-site-association",
                "/.well-known/apple-app-site-association", tenant.wellKnown.appleAppSiteAssociation,
                AASAValidator.validate(tenant.wellKnown.appleAppSiteAssociation)
            ),
            (
                "Android: assetlinks.json", "assetlinks.json", "/.well-known/assetlinks.json",
                tenant.wellKnown.assetLinks, AssetLinks.decode(tenant.wellKnown.assetLinks).diagnostics
            ),
        ]
        self.init(
            layout: layout,
            domains: tenant.manifest.domains.enumerated().map { index, domain in
                Domain(
                    index: index, name: domain,
                    files: files.map { file in
                        File(
                            title: file.title, fileName: file.fileName, url: "https://\(domain)\(file.path)",
                            json: Self.prettyJSON(file.bytes), hasFindings: !file.findings.isEmpty,
                            findings: file.findings.sorted { $0.severity < $1.severity }.map { finding in
                                Finding(
                                    severity: finding.severity.rawValue, code: finding.code,
                                    path: finding.path.description, message: finding.message, hint: finding.hint)
                            })
                    })
            })
    }

    static func prettyJSON(_ bytes: [UInt8]) -> String {
        (try? JSONParser().parse(bytes).jsonText(style: .pretty)) ?? String(decoding: bytes, as: UTF8.self)
    }
}
