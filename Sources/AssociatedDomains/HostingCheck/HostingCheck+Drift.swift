import DeepLinkRouting

extension HostingCheck {
    /// What the app expects (the manifest) versus what the domain serves.
    func judgeDrift(
        from manifest: Manifest, aasa: CompiledAASA?, assetLinks: AssetLinks?
    ) -> [HostingCheckItem] {
        var items: [HostingCheckItem] = []
        if !manifest.domains.contains(domain) {
            items.append(
                .init(
                    .domainInManifest, .appleAppSiteAssociation, .warning,
                    "\(domain) is not one of the manifest's domains (\(manifest.domains.joined(separator: ", ")))",
                    fix: "Add \(domain) to the manifest's domains, or check one of the domains it names."))
        }
        if let ios = manifest.ios, let aasa {
            items += judgeAppIDs(ios.appIDs.map(\.description), manifest: manifest, aasa: aasa)
        }
        if let android = manifest.android, let assetLinks {
            items += judgeAssetLinks(android, assetLinks)
            if HostingCheck.handleAllURLsFingerprints(in: assetLinks, forPackage: android.package) != nil {
                items.append(judgeDynamicRules(android, manifest: manifest, assetLinks))
            }
        }
        return items
    }

    private func judgeAppIDs(_ appIDs: [String], manifest: Manifest, aasa: CompiledAASA) -> [HostingCheckItem] {
        let file = HostedFile.appleAppSiteAssociation
        var items: [HostingCheckItem] = []
        var present: [String] = []
        let named = aasa.appIDs
        for appID in appIDs {
            if named.contains(appID) {
                present.append(appID)
                items.append(.init(.appID, file, .pass, "\(appID) is named in applinks"))
            } else {
                let served = named.isEmpty ? "none" : named.joined(separator: ", ")
                items.append(
                    .init(
                        .appID, file, .fail, "\(appID) is not named by any applinks detail (the file names: \(served))",
                        fix:
                            "Regenerate the AASA with `wayfinder aasa generate --manifest FILE`, or correct the app ID in the manifest."
                    ))
            }
        }
        // An app ID the file does not name decides `no_match` everywhere; saying so again for
        // every route would bury the one line that matters.
        guard !present.isEmpty else { return items }
        for route in manifest.routes where !route.paths.isEmpty {
            let urls = SampleURLs.urls(for: route, domain: domain)
            items.append(
                judgeDecisions(
                    urls, expected: .match, appIDs: present, aasa: aasa, rule: .route, subject: "route \(route.name)"))
        }
        for exclude in manifest.exclude {
            let url = SampleURLs.url(for: exclude, domain: domain)
            items.append(
                judgeDecisions(
                    [url], expected: .exclude, appIDs: present, aasa: aasa, rule: .exclude,
                    subject: "exclude \(exclude.text)"))
        }
        return items
    }

    private func judgeDecisions(
        _ urls: [String], expected: AASADecision, appIDs: [String], aasa: CompiledAASA,
        rule: HostingRule, subject: String
    ) -> HostingCheckItem {
        var wrong: [String] = []
        for url in urls {
            for appID in appIDs {
                let decision = aasa.decide(appID: appID, url: url)
                if decision != expected { wrong.append("\(url) decides \(decision.rawValue) for \(appID)") }
            }
        }
        guard wrong.isEmpty else {
            return .init(
                rule, .appleAppSiteAssociation, .fail,
                "\(subject): \(wrong.joined(separator: "; ")) (expected \(expected.rawValue))",
                fix:
                    "Regenerate the AASA from the manifest (`wayfinder aasa generate --manifest FILE`) and deploy it to \(domain)."
            )
        }
        let sample = urls.first.map { ", e.g. \($0)" } ?? ""
        return .init(
            rule, .appleAppSiteAssociation, .pass,
            "\(subject): \(count(urls.count, "sampled URL")) decide \(expected.rawValue)\(sample)")
    }

    private func judgeAssetLinks(_ android: Manifest.AndroidApp, _ assetLinks: AssetLinks) -> [HostingCheckItem] {
        guard let listed = HostingCheck.handleAllURLsFingerprints(in: assetLinks, forPackage: android.package) else {
            return [
                .init(
                    .assetLinksPackage, .assetLinks, .fail,
                    "no statement grants \(android.package) delegate_permission/common.handle_all_urls",
                    fix:
                        "Regenerate assetlinks.json with `wayfinder assetlinks generate --manifest FILE`, or correct the package in the manifest."
                )
            ]
        }
        var items: [HostingCheckItem] = [
            .init(.assetLinksPackage, .assetLinks, .pass, "\(android.package) is granted handle_all_urls")
        ]
        let normalized = Set(listed.map { $0.uppercased() })
        let missing = android.sha256CertFingerprints.filter { !normalized.contains($0.uppercased()) }
        if missing.isEmpty {
            items.append(
                .init(
                    .assetLinksFingerprints, .assetLinks, .pass,
                    "all \(count(android.sha256CertFingerprints.count, "fingerprint")) of the manifest are listed"))
        } else {
            items.append(
                .init(
                    .assetLinksFingerprints, .assetLinks, .fail,
                    "\(count(missing.count, "fingerprint")) of the manifest \(missing.count == 1 ? "is" : "are") not listed for \(android.package): \(missing.joined(separator: ", "))",
                    fix:
                        "List the signing certificate's SHA-256 (Play App Signing: Play's certificate) in assetlinks.json, or correct the manifest."
                ))
        }
        return items
    }

    /// The fingerprints listed for `package` in statements granting `handle_all_urls`; `nil`
    /// when no such statement names it.
    static func handleAllURLsFingerprints(in assetLinks: AssetLinks, forPackage package: String) -> [String]? {
        var found: [String]?
        for statement in assetLinks.statements where statement.relation.contains(AssetLinks.handleAllURLs) {
            guard case .androidApp(let name, let fingerprints) = statement.target, name == package else { continue }
            found = (found ?? []) + fingerprints
        }
        return found
    }
}
