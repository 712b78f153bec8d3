import AssociatedDomains
import DeepLinkRouting
import LinkCore

/// The console's domains page (`console-domains.mustache`): for each domain of the tenant, the
/// association files it serves to Apple and Google, generated from the manifest, and what the
/// validators find in them.
package struct ConsoleDomainsPage: PageModel {
    package static let template = PageTemplate.consoleDomains

    package struct Domain: Sendable {
        /// The section's number, for its heading's id.
        package var index: Int
        package var name: String
        package var files: [File]
    }

    /// One association file as the domain serves it.
    package struct File: Sendable {
        package var title: String
        package var fileName: String
        package var url: String
        /// The file, pretty-printed.
        package var json: String
        package var hasFindings: Bool
        /// Errors first.
        package var findings: [Finding]
    }

    /// One diagnostic of the validator.
    package struct Finding: Sendable {
        package var severity: String
        package var code: String
        package var path: String
        package var message: String
        package var hint: String?
    }

    package var layout: ConsoleLayout
    package var domains: [Domain]

    package static let example = ConsoleDomainsPage(
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
    package init(layout: ConsoleLayout, tenant: Tenant) {
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

    package static func prettyJSON(_ bytes: [UInt8]) -> String {
        (try? JSONParser().parse(bytes).jsonText(style: .pretty)) ?? String(decoding: bytes, as: UTF8.self)
    }
}
