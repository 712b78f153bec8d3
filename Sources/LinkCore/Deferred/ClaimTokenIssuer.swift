import Foundation
import Prometheus

/// Gives a visit a claim token when it sends a person towards a store, without touching the
/// database: Android's `302` to the Play Store gets `wf_claim=<token>` inside its `referrer` (as
/// does the Play Store fallback of an Android intent, redirected to or behind "Open in app"), the
/// iOS preview page gets the claim URL (`https://<domain>/<slug>?wf_claim=<token>`) that "Get the
/// app" copies.
///
/// No token for crawlers and other bots, for desktop, for visits the planner sends elsewhere (a
/// link's own Android fallback, a skipped preview), for route paths without a stored link, or for
/// a link whose destination opens no route of the app. Until the keyring is loaded no token is
/// issued (the visit is answered as before).
package struct ClaimTokenIssuer: Sendable {
    package let keyring: ClaimKeyring
    package let lifetime: Duration
    package let metrics: DeferredMetrics
    package let clock: ServiceClock

    /// Adds a token to `decision` when it sends the visitor towards a store; the token, or `nil`
    /// when the visit gets none.
    ///
    /// A page made once per link and spliced per visit (``PreviewPage``) holds `pageToken` where
    /// the token goes, when given: the caller splices the returned token in its place.
    ///
    /// The token's nonce is the visit's click id (`clickID`), so that the claim answers the click.
    package func attach(
        to decision: inout RedirectDecision, target: RedirectTarget, client: ClientInfo, tenant: Tenant,
        pageToken: String? = nil, clickID: ClickID = .random()
    ) -> String? {
        guard client.isPerson, let linkID = target.linkID,
            client.platform == .android || client.platform == .ios
        else { return nil }
        let token: String
        switch decision {
        case .redirect(let location):
            // The same Play Store URL the planner chose (with the link's own campaign), plus the token.
            guard client.platform == .android, target.fallbacks.android == nil,
                tenant.isPlayStorePage(location), opensApp(target, tenant),
                let issued = self.token(
                    linkID: linkID, target: target, tenant: tenant, platform: .android, clickID: clickID)
            else { return nil }
            token = issued
            decision = .redirect(Tenant.playStoreURL(location, claimToken: token))
        case .preview(var page) where client.platform == .android:
            // The page an in-app browser gets for the intent: its fallback and "Get the app" are
            // the Play Store page; both carry the token.
            guard var intent = page.androidIntent, target.fallbacks.android == nil,
                let store = intent.fallback, tenant.isPlayStorePage(store), page.getAppURL == store,
                opensApp(target, tenant),
                let issued = self.token(
                    linkID: linkID, target: target, tenant: tenant, platform: .android, clickID: clickID)
            else { return nil }
            token = issued
            let withToken = Tenant.playStoreURL(store, claimToken: pageToken ?? token)
            intent.fallback = withToken
            page.setAndroidIntent(intent)
            page.getAppURL = withToken
            decision = .preview(page)
        case .preview(var page):
            guard client.platform == .ios, page.getAppURL != nil, opensApp(target, tenant),
                let issued = self.token(
                    linkID: linkID, target: target, tenant: tenant, platform: .ios, clickID: clickID)
            else { return nil }
            token = issued
            page.claimURL = Self.claimURL(target.canonicalURL, token: pageToken ?? token)
            decision = .preview(page)
        case .intent(var intent):
            // Chrome's intent: the token rides in the Play Store fallback, as in the redirect
            // it replaces, and reaches the app through the install referrer.
            guard client.platform == .android, target.fallbacks.android == nil,
                let store = intent.fallback, tenant.isPlayStorePage(store), opensApp(target, tenant),
                let issued = self.token(
                    linkID: linkID, target: target, tenant: tenant, platform: .android, clickID: clickID)
            else { return nil }
            token = issued
            intent.fallback = Tenant.playStoreURL(store, claimToken: token)
            decision = .intent(intent)
        }
        metrics.issued.increment()
        return token
    }

    /// `https://<domain>/<slug>?wf_claim=<token>`.
    package static func claimURL(_ shortURL: String, token: String) -> String {
        shortURL + "?" + ClaimToken.parameter + "=" + token
    }

    private func opensApp(_ target: RedirectTarget, _ tenant: Tenant) -> Bool {
        if case .matched = tenant.routes.resolve(target.destination) { return true }
        return false
    }

    private func token(linkID: String, target: RedirectTarget, tenant: Tenant, platform: Platform, clickID: ClickID)
        -> String?
    {
        // A stored link's canonical URL is its short URL, `https://<domain>/<slug>`.
        guard let signer = keyring.signer, let slash = target.canonicalURL.lastIndex(of: "/") else { return nil }
        let slug = target.canonicalURL[target.canonicalURL.index(after: slash)...]
        guard !slug.isEmpty else { return nil }
        let issuedAt = UInt32(clamping: Int64(clock.now().timeIntervalSince1970.rounded(.down)))
        return ClaimToken(
            keyID: UInt32(clamping: signer.keyID), issuedAt: issuedAt,
            expiresAt: issuedAt &+ UInt32(clamping: lifetime.components.seconds), platform: platform,
            nonce: clickID.bytes, linkID: linkID, slug: String(slug), choice: target.choice
        ).signed(with: signer.mac, tenant: tenant.id)
    }

    /// A value with every stored property given.
    package init(keyring: ClaimKeyring, lifetime: Duration, metrics: DeferredMetrics, clock: ServiceClock) {
        self.keyring = keyring
        self.lifetime = lifetime
        self.metrics = metrics
        self.clock = clock
    }
}
