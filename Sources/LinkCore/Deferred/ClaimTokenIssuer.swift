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
        guard let platform = claimPlatform(of: decision, target: target, client: client, tenant: tenant),
            let token = issue(for: platform, target: target, tenant: tenant, clickID: clickID)
        else { return nil }
        decision = Self.placing(token, onPages: pageToken ?? token, in: decision, for: platform, target: target)
        return token
    }

    /// The platform whose claim token `decision` gets, or `nil` when it gets none: what
    /// ``attach(to:target:client:tenant:pageToken:clickID:)`` decides before it makes a token
    /// (which it cannot while the keyring is not loaded). It depends on the decision, the link and
    /// the kind of visitor only (``ClientKind``).
    package func claimPlatform(
        of decision: RedirectDecision, target: RedirectTarget, client: ClientInfo, tenant: Tenant
    ) -> Platform? {
        guard client.isPerson, target.linkID != nil, !Self.slug(of: target).isEmpty,
            client.platform == .android || client.platform == .ios
        else { return nil }
        let platform: Platform
        switch decision {
        case .redirect(let location):
            // The same Play Store URL the planner chose (with the link's own campaign), plus the token.
            guard client.platform == .android, target.fallbacks.android == nil, tenant.isPlayStorePage(location)
            else { return nil }
            platform = .android
        case .preview(let page) where client.platform == .android:
            // The page an in-app browser gets for the intent: its fallback and "Get the app" are
            // the Play Store page; both carry the token.
            guard let store = page.androidIntent?.fallback, target.fallbacks.android == nil,
                tenant.isPlayStorePage(store), page.getAppURL == store
            else { return nil }
            platform = .android
        case .preview(let page):
            guard client.platform == .ios, page.getAppURL != nil else { return nil }
            platform = .ios
        case .intent(let intent):
            // Chrome's intent: the token rides in the Play Store fallback, as in the redirect
            // it replaces, and reaches the app through the install referrer.
            guard client.platform == .android, target.fallbacks.android == nil,
                let store = intent.fallback, tenant.isPlayStorePage(store)
            else { return nil }
            platform = .android
        }
        return opensApp(target, tenant) ? platform : nil
    }

    /// `decision` with `token` where ``claimPlatform(of:target:client:tenant:)`` said a token
    /// goes: in a redirect's or an intent's Play Store URL, on a page (`pageToken`) in its claim
    /// URL or its intent's Play Store fallback and "Get the app".
    package static func placing(
        _ token: String, onPages pageToken: String, in decision: RedirectDecision, for platform: Platform,
        target: RedirectTarget
    ) -> RedirectDecision {
        switch decision {
        case .redirect(let location):
            return .redirect(Tenant.playStoreURL(location, claimToken: token))
        case .preview(var page) where platform == .android:
            guard var intent = page.androidIntent, let store = intent.fallback else { return decision }
            let withToken = Tenant.playStoreURL(store, claimToken: pageToken)
            intent.fallback = withToken
            page.setAndroidIntent(intent)
            page.getAppURL = withToken
            return .preview(page)
        case .preview(var page):
            page.claimURL = claimURL(target.canonicalURL, token: pageToken)
            return .preview(page)
        case .intent(var intent):
            guard let store = intent.fallback else { return decision }
            intent.fallback = Tenant.playStoreURL(store, claimToken: token)
            return .intent(intent)
        }
    }

    /// A new token of this visit to `target` for `platform`, counted as issued; `nil` while the
    /// keyring is not loaded.
    package func issue(for platform: Platform, target: RedirectTarget, tenant: Tenant, clickID: ClickID) -> String? {
        guard let token = token(target: target, tenant: tenant, platform: platform, clickID: clickID) else {
            return nil
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

    /// The slug of a stored link's canonical URL, `https://<domain>/<slug>`.
    private static func slug(of target: RedirectTarget) -> Substring {
        guard let slash = target.canonicalURL.lastIndex(of: "/") else { return "" }
        return target.canonicalURL[target.canonicalURL.index(after: slash)...]
    }

    private func token(target: RedirectTarget, tenant: Tenant, platform: Platform, clickID: ClickID) -> String? {
        let slug = Self.slug(of: target)
        guard let signer = keyring.signer, let linkID = target.linkID, !slug.isEmpty else { return nil }
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
