import AssociatedDomains
import DeepLinkRouting

/// Fetches a domain's association files and judges them with ``HostingCheck``: the checklist
/// `wayfinder check` prints, and what a domain's health (``DomainHealthChecker``) is made from.
package struct HostingInspection: Sendable {
    package let fetcher: HostingFetcher
    /// Where Apple's CDN answers for a domain, ending in `/` (the domain follows); `nil`: the
    /// CDN's copy is not asked for.
    package let appleCDNBase: String?

    /// An inspection fetching with `fetcher`; `appleCDNBase` without a final `/` gets one.
    package init(fetcher: HostingFetcher, appleCDNBase: String?) {
        self.fetcher = fetcher
        self.appleCDNBase = appleCDNBase.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
    }

    /// What was fetched for `host` and the checklist.
    ///
    /// - Parameters:
    ///   - host: the domain the files are for (lowercase).
    ///   - origin: where its files are fetched, `https://host[:port]`.
    ///   - manifest: the app's manifest, for the drift rules; `nil` judges the files alone.
    ///   - signingTrustRootsPEM: the roots a signed AASA must chain to; `nil`: the system's.
    ///   - otherDomainOrigin: given, the manifest's other domains' assetlinks.json are fetched too
    ///     (Android verifies each), each from the origin this answers for it.
    package func inspect(
        host: String, origin: String, manifest: Manifest?, signingTrustRootsPEM: String? = nil,
        otherDomainOrigin: (@Sendable (String) -> String)? = nil
    ) async -> (fetched: [FetchedFile], items: [HostingCheckItem]) {
        var requests = HostedFile.onOrigin.map { ($0, origin + $0.rawValue) }
        if let appleCDNBase { requests.append((.appleCDN, appleCDNBase + host)) }
        let fetched = await withTaskGroup(of: FetchedFile.self) { [fetcher] group in
            for (file, url) in requests {
                group.addTask { await fetcher.fetch(file, url: url) }
            }
            var fetched: [FetchedFile] = []
            for await file in group { fetched.append(file) }
            return fetched
        }
        var otherFetched: [(domain: String, file: FetchedFile)] = []
        if let otherDomainOrigin {
            for domain in Self.otherAssetLinksDomains(manifest, besides: host) {
                let url = otherDomainOrigin(domain) + HostedFile.assetLinks.rawValue
                otherFetched.append((domain, await fetcher.fetch(.assetLinks, url: url)))
            }
        }
        let check = HostingCheck(domain: host, manifest: manifest, signingTrustRootsPEM: signingTrustRootsPEM)
        var items = await check.judge(fetched)
        for (domain, file) in otherFetched {
            items += await check.judgeAssetLinks(on: domain, file)
        }
        return (fetched + otherFetched.map(\.file), items)
    }

    /// The manifest's other domains whose assetlinks.json Android fetches: each host once, a
    /// wildcard `*.example.com` as `example.com`. None when the checked host is not one of the
    /// manifest's domains (a staging host or an address: its siblings are elsewhere).
    package static func otherAssetLinksDomains(_ manifest: Manifest?, besides host: String) -> [String] {
        guard let manifest, manifest.android != nil, manifest.domains.contains(where: { $0.lowercased() == host })
        else { return [] }
        var domains: [String] = []
        for domain in manifest.domains {
            var name = domain.lowercased()
            if name.hasPrefix("*.") { name.removeFirst(2) }
            if name != host && !domains.contains(name) { domains.append(name) }
        }
        return domains
    }
}
