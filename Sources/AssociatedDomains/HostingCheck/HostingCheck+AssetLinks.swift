import DeepLinkRouting

extension HostingCheck {
    /// The most an assetlinks.json may weigh before Android may refuse it: 1 MiB.
    ///
    /// Source: AOSP's statement service, which fetches and verifies App Links on Android 6–11
    /// (frameworks/base/packages/StatementService, `StatementRetriever` /
    /// `DirectStatementRetriever`: `HTTP_CONTENT_SIZE_LIMIT_IN_BYTES = 1024 * 1024`), stops
    /// reading there and treats the file as unavailable. Later verifiers (Google Play services)
    /// do not document a limit, hence a warning rather than a failure.
    public static let assetLinksSizeLimit = 1024 * 1024

    /// The assetlinks.json served on another of the manifest's domains: the same hosting, parse,
    /// validation and drift rules as for the checked domain, each detail starting with the domain.
    public func judgeAssetLinks(on otherDomain: String, _ fetched: FetchedFile) async -> [HostingCheckItem] {
        var check = self
        check.domain = otherDomain.lowercased()
        return await check.judge([fetched]).map { item in
            var item = item
            item.detail = "on \(check.domain): " + item.detail
            return item
        }
    }

    /// The size rule for assetlinks.json (Android's limit, not Apple's 128 KB).
    func judgeAssetLinksSize(_ response: FetchedFile.Response) -> HostingCheckItem {
        let limit = HostingCheck.assetLinksSizeLimit
        guard response.size <= limit else {
            return .init(
                .size, .assetLinks, .warning,
                "is \(response.size) bytes, over \(limit) bytes (1 MiB), where Android's statement service stops reading and may refuse the file",
                fix:
                    "Shrink assetlinks.json below 1 MiB: fold dynamic rules together with wildcards, or drop stale statements."
            )
        }
        return .init(.size, .assetLinks, .pass, "is \(response.size) bytes (Android limit \(limit))")
    }

    /// The served dynamic App Links rules for the manifest's package versus the manifest's: the
    /// sampled URLs of every route and exclude must decide on Android as the manifest's own rules
    /// decide them (else fail); a rule list that differs otherwise, or is missing, is a warning.
    func judgeDynamicRules(_ android: Manifest.AndroidApp, manifest: Manifest, _ assetLinks: AssetLinks)
        -> HostingCheckItem
    {
        let expected = AssetLinksGenerator.dynamicRules(for: manifest)
        let served = assetLinks.statements.filter {
            guard case .androidApp(let package, _) = $0.target else { return false }
            return package == android.package && $0.relation.contains(AssetLinks.handleAllURLs)
        }.compactMap(\.dynamicRules)
        let fix =
            "Regenerate assetlinks.json with `wayfinder assetlinks generate --manifest FILE` and deploy it to \(domain)."
        guard !served.isEmpty else {
            return .init(
                .assetLinksDynamicRules, .assetLinks, .warning,
                "serves no dynamic App Links rules for \(android.package); on Android 15 and later the app's intent filters alone decide, while the manifest implies \(count(expected.count, "rule"))",
                fix: fix)
        }
        let servedRules = served.flatMap { $0 }
        let mine = CompiledAssetLinks(AssetLinksGenerator.generate(manifest), domain: domain)
        let theirs = CompiledAssetLinks(assetLinks, domain: domain)
        var urls = manifest.routes.flatMap { SampleURLs.urls(for: $0, domain: domain) }
        urls += manifest.exclude.map { SampleURLs.url(for: $0, domain: domain) }
        var wrong: [String] = []
        for url in urls {
            let want = mine.decide(package: android.package, url: url)
            let got = theirs.decide(package: android.package, url: url)
            if want != got { wrong.append("\(url) decides \(got.rawValue), the manifest's rules \(want.rawValue)") }
        }
        if !wrong.isEmpty {
            return .init(
                .assetLinksDynamicRules, .assetLinks, .fail,
                "the served dynamic rules decide differently from the manifest's: "
                    + wrong.prefix(5).joined(separator: "; ")
                    + (wrong.count > 5 ? "; and \(wrong.count - 5) more" : ""),
                fix: fix)
        }
        func meaning(_ rules: [AssetLinks.DynamicRule]) -> [AssetLinks.DynamicRule] {
            rules.map {
                var rule = $0
                rule.comments = nil
                if rule.exclude == false { rule.exclude = nil }
                return rule
            }
        }
        let left = meaning(servedRules)
        let right = meaning(expected)
        guard left == right else {
            let firstDifference = zip(left, right).enumerated().first { $0.element.0 != $0.element.1 }
            let index = firstDifference?.offset ?? min(left.count, right.count)
            let servedText = index < left.count ? left[index].summary : "nothing"
            let expectedText = index < right.count ? right[index].summary : "nothing"
            return .init(
                .assetLinksDynamicRules, .assetLinks, .warning,
                "the served \(count(left.count, "dynamic rule")) differ from the manifest's \(right.count) at rule \(index) (served \(servedText), the manifest's \(expectedText)), though the \(count(urls.count, "sampled URL")) decide alike",
                fix: fix)
        }
        return .init(
            .assetLinksDynamicRules, .assetLinks, .pass,
            "the \(count(left.count, "dynamic rule")) for \(android.package) are the manifest's; \(count(urls.count, "sampled URL")) decide alike"
        )
    }
}
