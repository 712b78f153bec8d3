import AssociatedDomains
import DeepLinkRouting
import Foundation
import LinkCore

/// The console's domains page (`console-domains.mustache`): the "Add domain" form, and for each
/// domain of the tenant its status and health badge, the DNS record a pending one needs, "Verify
/// now" and "Remove" (with the links-count refusal and the domain to move them to), and the
/// association files a served one serves to Apple and Google, generated from the manifest, with
/// what the validators find in them.
package struct ConsoleDomainsPage: PageModel {
    package static let template = PageTemplate.consoleDomains

    package struct Domain: Sendable {
        /// The section's number, for its heading's id.
        package var index: Int
        package var name: String
        package var files: [File]
        /// `manifest` or `runtime`.
        package var source: String = "manifest"
        package var status: String = "verified"
        package var isRuntime: Bool = false
        /// The TXT record a pending domain needs, and where to point it.
        package var record: Record? = nil
        /// Why the last look-up did not verify it.
        package var checkError: String? = nil
        package var canVerify: Bool = false
        package var health: Health? = nil
        /// Why removing it was refused, and the domains its links can move to.
        package var removeError: String? = nil
        package var moveChoices: [String] = []
        package var hasMoveChoices: Bool = false
    }

    /// The DNS record that proves control of a runtime domain.
    package struct Record: Sendable {
        package var name: String
        package var value: String
        package var target: String?
    }

    /// The last health check's outcome.
    package struct Health: Sendable {
        /// `healthy`, `degraded` or `failing`: the badge's text and class.
        package var state: String
        package var since: String
        package var checkedAt: String
        package var failures: [String]
        package var hasFailures: Bool
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
    /// The "Add domain" form: what was typed, and why it was refused.
    package var addValue: String = ""
    package var addError: String? = nil

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
                ], source: "runtime", status: "pending", isRuntime: true,
                record: Record(
                    name: "_wayfinder-challenge.go.example.com", value: "wayfinder-0123", target: "links.example.com"),
                checkError: "no TXT record yet", canVerify: true,
                health: Health(
                    state: "failing", since: "2026-01-01T00:00:00Z", checkedAt: "2026-01-01T01:00:00Z",
                    failures: ["aasa status: answered 404 instead of 200"], hasFailures: true),
                removeError: "3 links are on go.example.com.", moveChoices: ["example.com"], hasMoveChoices: true)
        ], addValue: "go.example.com", addError: "go.example.com is held by another tenant")
}

extension ConsoleDomainsPage {
    /// `tenant`'s domains, its manifest's then the ones it added (`runtime`), with their health
    /// (`health`, by domain) and the files each served one serves. `target` is where added
    /// domains point; `refusal` says why removing the domain it names was refused.
    package init(
        layout: ConsoleLayout, tenant: Tenant, runtime: [RuntimeDomain], health: [String: DomainHealth],
        target: String?, refusal: (domain: String, message: String)? = nil
    ) {
        self.init(layout: layout, tenant: tenant)
        var domains = self.domains.map { domain in
            var domain = domain
            domain.health = health[domain.name].map(Self.health)
            return domain
        }
        let files = self.domains.first?.files ?? []
        for added in runtime {
            let served = added.status == .verified
            var domain = Domain(
                index: domains.count, name: added.name,
                files: served ? files.map { Self.file($0, on: added.name) } : [], source: "runtime",
                status: added.status.rawValue, isRuntime: true,
                record: served ? nil : Record(name: added.challengeName, value: added.token, target: target),
                checkError: added.status == .pending ? added.checkError : nil, canVerify: added.status == .pending,
                health: health[added.name].map(Self.health))
            if let refusal, refusal.domain == added.name {
                domain.removeError = refusal.message
                domain.moveChoices = tenant.domains.subtracting([added.name]).filter { !$0.hasPrefix("*.") }.sorted()
                domain.hasMoveChoices = !domain.moveChoices.isEmpty
            }
            domains.append(domain)
        }
        self.domains = domains
    }

    private static func health(_ health: DomainHealth) -> Health {
        Health(
            state: health.state.rawValue, since: ISO8601.string(from: health.since),
            checkedAt: ISO8601.string(from: health.checkedAt),
            failures: health.failures.map { "\($0.check) \($0.rule): \($0.detail)" },
            hasFailures: !health.failures.isEmpty)
    }

    /// A file of another domain, as served on `domain`.
    private static func file(_ file: File, on domain: String) -> File {
        var moved = file
        if let path = file.url.range(of: "/.well-known/") {
            moved.url = "https://\(domain)" + file.url[path.lowerBound...]
        }
        return moved
    }

    /// The files `tenant` serves on each of its manifest's domains.
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
