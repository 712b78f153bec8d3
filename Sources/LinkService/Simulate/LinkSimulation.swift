import AssociatedDomains
import DeepLinkRouting
import Foundation
import LinkCore
import LinkStorage
import Prometheus

/// What a link does for each kind of visitor, before anyone taps it: the one source of
/// `wayfinder simulate`, `GET /api/v1/links/{slug}/simulate`, the console's "Test this link" and
/// the table on `?d=1`.
///
/// Each row puts three answers together:
/// - what the server answers: the visitor's `User-Agent` (``SimulatedAgent``) read by
///   `ClientInfo`, the link's rules, then `RedirectPlanner/answer(_:for:acceptsHTML:mergesUTM:)`
///   and `ClaimTokenIssuer/attach(to:target:client:tenant:)`, the calls a real visit makes;
/// - what the device does next: Wayfinder's own AASA and assetlinks matching (`CompiledAASA`,
///   `CompiledAssetLinks`) of the files the server serves for the link's domain;
/// - where the visitor lands: the manifest's router (what `wayfinder route` resolves) for the
///   destination the app is handed.
///
/// Nothing is recorded and no token a server would accept is made: the claim token issuer signs
/// with a throwaway secret of its own, and only whether it attached a token is kept.
package struct LinkSimulation: Sendable {
    package let tenant: Tenant
    package let link: Link
    /// The time rules with `before`/`after` conditions are checked against.
    package var now: Date

    /// The kinds of visitor, in the order rows are listed.
    package enum Context: String, Sendable, Hashable, CaseIterable {
        case iosSafari = "ios-safari"
        case iosInApp = "ios-in-app"
        /// A tap in Messages (or Mail, Notes): iOS opens an app that claims the URL without
        /// asking the server, else Safari.
        case iosMessages = "ios-messages"
        case androidChrome = "android-chrome"
        case androidInApp = "android-in-app"
        case desktop
        case crawler

        /// The heading of the context's rows in the console's table.
        package var label: String {
            switch self {
            case .iosSafari: "iPhone, Safari"
            case .iosInApp: "iPhone, in-app browser"
            case .iosMessages: "iPhone, Messages"
            case .androidChrome: "Android, Chrome"
            case .androidInApp: "Android, in-app browser"
            case .desktop: "Desktop"
            case .crawler: "Link-preview crawler"
            }
        }
    }

    /// What the server answers: `302` with a `Location`, or `200` with a page.
    package struct Answer: Sendable, Hashable {
        package var status: Int
        package var location: String?
        /// The page served: `preview`.
        package var page: String?
    }

    /// Where the visitor ends up.
    package struct Landing: Sendable, Hashable {
        package enum Kind: String, Sendable, Hashable {
            /// The app opens; ``route`` and ``params`` say on which screen.
            case app
            /// The App Store or the Play Store.
            case store
            /// A web page (``url``).
            case web
            /// The server's own page (the preview page) stays on screen.
            case page
        }

        package var kind: Kind
        package var route: String?
        package var params: [String: String]?
        package var url: String?
    }

    /// One visitor: the spec's row.
    package struct Row: Sendable, Hashable {
        package var context: Context
        /// The app whose in-app browser the visit comes from (in-app contexts only).
        package var app: String?
        package var platform: Platform
        package var appInstalled: Bool
        package var answer: Answer
        /// What the device does with the answer, and why.
        package var next: String
        package var lands: Landing
        /// Whether a real visit gets a deferred deep link claim token.
        package var claim: Bool
        /// What will go wrong for this visitor, and how to fix it.
        package var warnings: [String]
    }

    /// A simulation of `link`, one of `tenant`'s.
    package init(tenant: Tenant, link: Link, now: Date) {
        self.tenant = tenant
        self.link = link
        self.now = now
    }

    /// Every context's rows.
    package func rows() async throws -> [Row] {
        let issuer = try await Self.throwawayIssuer(now: now)
        var rows: [Row] = []
        let safari = visit(SimulatedAgent.iosSafari, issuer: issuer)
        let chrome = visit(SimulatedAgent.androidChrome, issuer: issuer)
        let common = linkWarnings()

        // iOS.
        let aasa = aasaExplanation()
        for installed in installedCases(hasApp: tenant.manifest.ios != nil) {
            rows.append(iosRow(.iosSafari, safari, installed: installed, aasa: aasa))
        }
        for (app, visit) in inAppVisits(platform: .ios, system: safari, issuer: issuer) {
            for installed in installedCases(hasApp: tenant.manifest.ios != nil) {
                var row = iosRow(.iosInApp, visit, installed: installed, aasa: aasa)
                row.app = app.name
                rows.append(row)
            }
        }
        for installed in installedCases(hasApp: tenant.manifest.ios != nil) {
            rows.append(iosRow(.iosMessages, safari, installed: installed, aasa: aasa))
        }

        // Android.
        let assetLinks = assetLinksExplanation()
        for installed in installedCases(hasApp: tenant.manifest.android != nil) {
            rows.append(androidRow(.androidChrome, chrome, installed: installed, assetLinks: assetLinks))
        }
        for (app, visit) in inAppVisits(platform: .android, system: chrome, issuer: issuer) {
            for installed in installedCases(hasApp: tenant.manifest.android != nil) {
                var row = androidRow(.androidInApp, visit, installed: installed, assetLinks: assetLinks)
                row.app = app.name
                rows.append(row)
            }
        }

        // Desktop and crawlers.
        let desktop = visit(SimulatedAgent.desktop, issuer: issuer)
        rows.append(
            row(
                .desktop, desktop, installed: false, next: Self.follows(desktop, in: "the browser"),
                lands: landing(desktop.decision, installed: false)))
        let crawler = visit(SimulatedAgent.crawler, issuer: issuer)
        rows.append(
            row(
                .crawler, crawler, installed: false,
                next: "the crawler reads the page's og:*, twitter:* and al:* tags and shows the link's card",
                lands: landing(crawler.decision, installed: false)))
        return rows.map { row in
            var row = row
            row.warnings += common
            return row
        }
    }

    // MARK: Visits

    /// One simulated visit: the answer and whether a token came with it.
    private struct Visit {
        var client: ClientInfo
        /// The answer before a claim token is attached (the throwaway token is no one's business).
        var decision: RedirectDecision
        var claim: Bool

        var answer: Answer {
            switch decision {
            case .redirect(let location): Answer(status: 302, location: location)
            case .intent(let intent): Answer(status: 302, location: intent.uri)
            case .preview: Answer(status: 200, page: "preview")
            }
        }
    }

    /// The visit a browser sending `userAgent` makes, through the calls a real visit goes through.
    private func visit(_ userAgent: String, issuer: ClaimTokenIssuer) -> Visit {
        let client = ClientInfo(userAgent: userAgent)
        let policy = LinkPolicy(tenant: tenant)
        var target = RedirectTarget(link: link, destinationIsWeb: policy.isWebPageQuickly(link.content.destination))
        choose(&target, client: client, policy: policy)
        let decision = RedirectPlanner(tenant: tenant).answer(
            target, for: client, acceptsHTML: true, mergesUTM: link.content.firebase == nil)
        var issued = decision
        let claim = issuer.attach(to: &issued, target: target, client: client, tenant: tenant) != nil
        return Visit(client: client, decision: decision, claim: claim)
    }

    /// The link's first rule that holds for a visitor who sends only a `User-Agent` (no language,
    /// country or address), else its first A/B variant; as `RedirectHandler/choose` sends a visit.
    private func choose(_ target: inout RedirectTarget, client: ClientInfo, policy: LinkPolicy) {
        let content = link.content
        if let match = content.rules.firstMatch(for: RuleVisit(client: client, now: now)) {
            target.send(to: match.rule.destination, fallbacks: match.rule.fallbacks, policy: policy)
            target.choice = .rule(match.index)
        } else if let variant = content.variants.first {
            target.send(to: variant.destination, fallbacks: variant.fallbacks, policy: policy)
            target.choice = .variant(0)
        }
    }

    /// One visit per recognised app whose answer differs from the system browser's; when none
    /// does, Instagram's (the app most links are tapped in), standing for all.
    private func inAppVisits(platform: Platform, system: Visit, issuer: ClaimTokenIssuer) -> [(
        InAppBrowser, Visit
    )] {
        let visits = InAppBrowser.allCases.map { app in
            let agents = SimulatedAgent.inApp(app)
            return (app, visit(platform == .ios ? agents.ios : agents.android, issuer: issuer))
        }
        let changed = visits.filter { $0.1.decision != system.decision }
        return changed.isEmpty ? visits.filter { $0.0 == .instagram } : changed
    }

    private func installedCases(hasApp: Bool) -> [Bool] {
        hasApp ? [true, false] : [false]
    }

    // MARK: iOS

    private func iosRow(_ context: Context, _ visit: Visit, installed: Bool, aasa: AASAExplanation?) -> Row {
        let domain = link.domain
        let path = "/" + link.slug
        var warnings: [String] = []
        if !installed {
            if tenant.manifest.ios?.appStoreID == nil {
                warnings.append(
                    "no App Store ID: the manifest's \"ios\" has no \"appStoreID\", so iOS visitors without the app are never sent to the App Store. Fix: add the app's numeric App Store ID to \"ios.appStoreID\"."
                )
            }
            let next = Self.opener(context) + Self.follows(visit, in: Self.browser(context, visit))
            return row(
                context, visit, installed: false, next: next, lands: landing(visit.decision, installed: false),
                warnings: warnings)
        }
        guard let aasa, aasa.decision == .match else {
            let why = aasa.map { "the AASA at \(domain) says \($0.summary)" } ?? "the AASA at \(domain) names no app"
            warnings.append(
                "the AASA at \(domain) does not cover \(path) (\(why)), so iOS opens the page instead of the app. Fix: set \"shortLinksOpenApp\" to true in the manifest (or remove the \"exclude\" pattern that covers \(path))."
            )
            return row(
                context, visit, installed: true,
                next:
                    "iOS does not open the app (\(why)): \(Self.opener(context))\(Self.follows(visit, in: Self.browser(context, visit)))",
                lands: landing(visit.decision, installed: true), warnings: warnings)
        }
        let rule = Self.place(aasa)
        let next: String
        let lands: Landing
        switch context {
        case .iosInApp:
            next =
                "most in-app browsers load the link themselves instead of handing it to iOS, though the AASA at \(domain) matches \(path) by \(rule): \(Self.follows(visit, in: Self.browser(context, visit)))"
            lands = landing(visit.decision, installed: true)
            return row(context, visit, installed: true, next: next, lands: lands, warnings: warnings)
        case .iosMessages:
            next = "iOS opens the app without asking the server: the AASA at \(domain) matches \(path) by \(rule)"
            lands = appLanding(&warnings)
        default:
            next = "iOS opens the app: the AASA at \(domain) matches \(path) by \(rule)"
            lands = appLanding(&warnings)
        }
        // The app opens without a visit to the server: no claim token either.
        return row(
            context, visit, installed: true, next: next, lands: lands, warnings: warnings, reachesServer: false)
    }

    /// The AASA the server serves for the link's domain, decided for the link's short URL: the
    /// first of the manifest's app IDs that opens it, else the first's reason.
    private func aasaExplanation() -> AASAExplanation? {
        guard let ios = tenant.manifest.ios, !ios.appIDs.isEmpty,
            let compiled = try? CompiledAASA(json: tenant.wellKnown.appleAppSiteAssociation, domain: link.domain)
        else { return nil }
        let explanations = ios.appIDs.map { compiled.explain(appID: $0.description, url: link.shortURL) }
        return explanations.first { $0.decision == .match } ?? explanations.first
    }

    /// `rule 3 of details[0] (match / "/?*")`.
    private static func place(_ explanation: AASAExplanation) -> String {
        guard let rule = explanation.rule, let detail = explanation.detailIndex else { return "a rule" }
        return "rule \(rule.index) of details[\(detail)] (\(rule.summary))"
    }

    // MARK: Android

    private func androidRow(
        _ context: Context, _ visit: Visit, installed: Bool, assetLinks: AssetLinksExplanation?
    ) -> Row {
        let domain = link.domain
        let path = "/" + link.slug
        var warnings: [String] = []
        let lands = landing(visit.decision, installed: installed)
        guard let android = tenant.manifest.android else {
            warnings.append(
                "no Android app: the manifest has no \"android\", so Android visitors land on the web (\(lands.url ?? "the preview page")). Fix: add \"android\" with the app's \"package\" and \"sha256CertFingerprints\" to the manifest."
            )
            return row(
                context, visit, installed: false, next: Self.follows(visit, in: Self.browser(context, visit)),
                lands: lands, warnings: warnings)
        }
        guard installed else {
            return row(
                context, visit, installed: false, next: Self.follows(visit, in: Self.browser(context, visit)),
                lands: lands)
        }
        guard let assetLinks, assetLinks.decision == .match else {
            let why = assetLinks.map { "the assetlinks.json at \(domain) says \($0.summary)" } ?? "no assetlinks.json"
            return row(
                context, visit, installed: true,
                next:
                    "Android does not open \(android.package) (\(why)): \(Self.follows(visit, in: Self.browser(context, visit)))",
                lands: lands,
                warnings: [
                    "the assetlinks.json at \(domain) does not verify \(android.package) for \(path) (\(why)). Fix: check the manifest's \"android\" package and \"sha256CertFingerprints\"."
                ])
        }
        if context == .androidInApp {
            return row(
                context, visit, installed: true,
                next:
                    "in-app browsers load the link themselves, so Android's App Links verification (the assetlinks.json at \(domain) verifies \(android.package)) does not apply: \(Self.follows(visit, in: Self.browser(context, visit)))",
                lands: lands.kind == .app ? appLanding(&warnings) : lands, warnings: warnings)
        }
        let next =
            "Android opens the app: the assetlinks.json at \(domain) verifies \(android.package) for \(path) (\(assetLinks.summary))"
        return row(
            context, visit, installed: true, next: next, lands: appLanding(&warnings), warnings: warnings,
            reachesServer: false)
    }

    private func assetLinksExplanation() -> AssetLinksExplanation? {
        guard let android = tenant.manifest.android,
            let compiled = try? CompiledAssetLinks(json: tenant.wellKnown.assetLinks, domain: link.domain)
        else { return nil }
        return compiled.explain(package: android.package, url: link.shortURL)
    }

    // MARK: Landing

    /// A row; `reachesServer` is false when the app opens the link without visiting the server
    /// (then no claim token either).
    private func row(
        _ context: Context, _ visit: Visit, installed: Bool, next: String, lands: Landing, warnings: [String] = [],
        reachesServer: Bool = true
    ) -> Row {
        Row(
            context: context, app: nil, platform: visit.client.platform, appInstalled: installed, answer: visit.answer,
            next: next, lands: lands, claim: reachesServer && visit.claim, warnings: warnings)
    }

    /// Where an opened app lands: the route of the destination it is handed (the installed app
    /// asks `/api/v1/resolve`, which answers the link's destination).
    private func appLanding(_ warnings: inout [String]) -> Landing {
        let destination = link.content.destination
        guard case .matched(let route, let parameters) = tenant.routes.resolve(destination) else {
            warnings.append(
                "the destination \(destination) resolves to no route of the manifest: the app opens but shows no screen of its own, and visitors without it get no claim token. Fix: point the link at a URL one of the manifest's routes matches (`wayfinder route` checks one), or add the route."
            )
            return Landing(kind: .app, url: destination)
        }
        return Landing(kind: .app, route: route, params: parameters, url: destination)
    }

    /// Where the browser ends up with `decision`.
    private func landing(_ decision: RedirectDecision, installed: Bool) -> Landing {
        switch decision {
        case .preview: return Landing(kind: .page)
        case .redirect(let location): return landing(location, installed: installed)
        case .intent(let intent): return landing(intent.uri, installed: installed)
        }
    }

    private func landing(_ location: String, installed: Bool) -> Landing {
        if location.lowercased().hasPrefix("intent:") {
            // Chrome's `intent:` URI: the app when installed, else its `S.browser_fallback_url`.
            if installed {
                var ignored: [String] = []
                return appLanding(&ignored)
            }
            return Self.browserFallback(location).map { landing($0, installed: false) } ?? Landing(kind: .page)
        }
        guard let url = WebURL(location) else { return Landing(kind: .web, url: location) }
        let scheme = url.scheme.lowercased()
        if scheme == "market" || ["apps.apple.com", "itunes.apple.com", "play.google.com"].contains(url.host) {
            return Landing(kind: .store, url: location)
        }
        if scheme == "http" || scheme == "https" { return Landing(kind: .web, url: location) }
        // A custom scheme opens the app that has it, or nothing.
        return installed ? Landing(kind: .app, url: location) : Landing(kind: .page)
    }

    /// `S.browser_fallback_url` of an `intent:` URI, percent-decoded.
    private static func browserFallback(_ intent: String) -> String? {
        guard let marker = intent.range(of: "#Intent;") else { return nil }
        for field in intent[marker.upperBound...].split(separator: ";") where field.hasPrefix("S.browser_fallback_url=")
        {
            return String(field.dropFirst("S.browser_fallback_url=".count)).removingPercentEncoding
        }
        return nil
    }

    /// What `browser` does with the visit's answer; on an iPhone, where the preview page's "Get the
    /// app" goes (a rule or the App Store ID decides it).
    private static func follows(_ visit: Visit, in browser: String) -> String {
        switch visit.decision {
        case .redirect(let location): return "\(browser) follows the 302 to \(location)"
        case .intent(let intent):
            return
                "\(browser) follows the 302 to the intent \(intent.uri): Android opens the app when it is installed, "
                + (intent.fallback.map { "and goes to \($0) when not" } ?? "and stays on the page when not")
        case .preview(let page):
            guard visit.client.platform == .ios else { return "\(browser) shows the preview page" }
            return "\(browser) shows the preview page; \"Get the app\" "
                + (page.getAppURL.map { "goes to \($0)" } ?? "is missing (no App Store ID, no iOS fallback)")
        }
    }

    /// The browser a context's visit is made in, by name.
    private static func browser(_ context: Context, _ visit: Visit) -> String {
        switch context {
        case .iosSafari, .iosMessages: "Safari"
        case .androidChrome: "Chrome"
        case .iosInApp, .androidInApp: "\(visit.client.inApp?.name ?? "the app")'s browser"
        case .desktop, .crawler: "the browser"
        }
    }

    /// How the visit reaches the browser: Messages hands a link no app opens to Safari.
    private static func opener(_ context: Context) -> String {
        context == .iosMessages ? "Messages opens the link in Safari: " : ""
    }

    // MARK: Warnings every row carries

    /// What changes every row: an expired link, a password, a rule or A/B split that sends some
    /// visitors elsewhere than these rows show.
    private func linkWarnings() -> [String] {
        let content = link.content
        var warnings: [String] = []
        if link.isExpired(at: now) {
            warnings.append(
                "the link has expired: every visitor gets its expired answer (\(content.expiredURL.map { "a redirect to \($0)" } ?? "410 and the expired page")), not these rows. Fix: give it a later \"expiresAt\" or none."
            )
        }
        if content.passwordHash != nil {
            warnings.append(
                "the link has a password: a visitor sees the password form first and gets these answers only after it, and crawlers see only the form."
            )
        }
        for (index, rule) in content.rules.enumerated() {
            let conditions = rule.conditions.map(\.summary).joined(separator: ", ")
            let goes = Self.describe(destination: rule.destination, fallbacks: rule.fallbacks)
            warnings.append(
                "\(rule.label(index: index)) sends visitors with \(conditions) \(goes): rows for visitors it holds for show it, the others do not. Check that this is meant."
            )
        }
        if content.variants.count > 1 {
            let split = content.variants.enumerated().map { index, variant in
                "variant \(index + 1) \(variant.weight)% to \(variant.destination ?? content.destination)"
            }
            warnings.append(
                "an A/B split sends visitors to different destinations (\(split.joined(separator: ", "))): these rows show variant 1. Each browser is given one by weight and keeps it."
            )
        }
        return warnings
    }

    /// `to https://… (fallbacks: ios https://…)`: where a rule sends its visitors.
    private static func describe(destination: String?, fallbacks: Fallbacks?) -> String {
        var parts: [String] = []
        if let destination { parts.append("to \(destination)") }
        let named = [("ios", fallbacks?.ios), ("android", fallbacks?.android), ("desktop", fallbacks?.desktop)]
            .compactMap { name, url in url.map { "\(name) \($0)" } }
        if !named.isEmpty { parts.append("with the fallbacks " + named.joined(separator: ", ")) }
        return parts.isEmpty ? "where the link sends them" : parts.joined(separator: " ")
    }

    /// A claim token issuer with a secret no server has, so that simulating runs the issuer a
    /// real visit runs without making a token anyone could claim.
    private static func throwawayIssuer(now: Date) async throws -> ClaimTokenIssuer {
        let clock = ServiceClock { now }
        let keyring = ClaimKeyring(clock: clock)
        try await keyring.load(from: MemoryLinkStore())
        return ClaimTokenIssuer(
            keyring: keyring, lifetime: .seconds(3600),
            metrics: DeferredMetrics(registry: PrometheusCollectorRegistry()),
            clock: clock)
    }
}
