import DeepLinkRouting
import HTTPTypes
import Hummingbird
import LinkCore
import NIOCore

/// What every visit of one version of a link by one kind of visitor (``ClientKind``) is answered
/// with, worked out once: the planner's decision with placeholders (``PagePlaceholders``) where
/// a visit's claim token and click id go, cut at them. A visit splices its own values in, and gets
/// byte for byte what the planner, the claim token issuer and `wf_click` would give it afresh
/// (`VisitPlanTests`).
package struct VisitPlan: Sendable {
    /// The answer, cut where the visit's values go.
    package enum Answer: Sendable {
        /// A `302` whose `Location` is this text: to a web page, a store or an Android `intent:`.
        case redirect(SplicedPage)
        /// The preview page.
        case page(SplicedPage)
    }

    /// What a plan depends on, as ``VisitPlanCache`` keeps it.
    ///
    /// A plan is kept under the stamps of the link as the link cache read it and of the tenant
    /// (``VersionStamp``): a change to the link (its rules, variants, expiry), seen here or on
    /// another instance, reaches the link cache as a new read with a new stamp, and a manifest
    /// reload or a runtime domain makes a new tenant; the next visit works out a new plan, and the
    /// old one ages out unread.
    package struct Key: Hashable, Sendable {
        package var link: VersionStamp
        package var tenant: VersionStamp
        package var choice: VisitChoice?
        package var kind: ClientKind
        package var acceptsHTML: Bool
        /// Whether claim tokens could be signed when the plan was made (the keyring loaded).
        package var claims: Bool

        package init(
            link: VersionStamp, tenant: VersionStamp, choice: VisitChoice?, kind: ClientKind, acceptsHTML: Bool,
            claims: Bool
        ) {
            self.link = link
            self.tenant = tenant
            self.choice = choice
            self.kind = kind
            self.acceptsHTML = acceptsHTML
            self.claims = claims
        }
    }

    /// How many page plans a server keeps: a few thousand links visited by a few kinds of
    /// visitor each. A page's bytes are shared with ``SplicedPageCache``'s while both keep them.
    package static let pageCacheCapacity = 8192

    package let answer: Answer
    /// The platform whose claim token each visit gets; `nil` when visits get none.
    package let claim: Platform?

    /// A plan with this answer and claim.
    package init(answer: Answer, claim: Platform?) {
        self.answer = answer
        self.claim = claim
    }

    /// The plan of `target` for visitors like `client`; with a claim token where the answer
    /// gets one only when `claims` (the keyring can sign).
    package init(
        target: RedirectTarget, client: ClientInfo, tenant: Tenant, acceptsHTML: Bool, mergesUTM: Bool,
        issuer: ClaimTokenIssuer, claims: Bool, pages: PageRenderer
    ) {
        var decision = RedirectPlanner(tenant: tenant).answer(
            target, for: client, acceptsHTML: acceptsHTML, mergesUTM: mergesUTM)
        let placeholders = pages.placeholders
        claim = claims ? issuer.claimPlatform(of: decision, target: target, client: client, tenant: tenant) : nil
        if let claim {
            let token = placeholders.text(for: .claimToken)
            decision = ClaimTokenIssuer.placing(token, onPages: token, in: decision, for: claim, target: target)
        }
        if tenant.manifest.apps.clickParameter, client.isPerson {
            let clickID = placeholders.text(for: .clickID)
            decision = decision.carryingClickID(clickID, onPages: clickID)
        }
        switch decision {
        case .redirect(let location): answer = .redirect(placeholders.splice(LocationField.value(for: location)))
        case .intent(let intent): answer = .redirect(placeholders.splice(LocationField.value(for: intent.uri)))
        case .preview(let page): answer = .page(pages.splicedPage(for: page))
        }
    }

    /// Whether the answer is the preview page.
    package var isPage: Bool {
        if case .page = answer { return true }
        return false
    }

    /// The answer of one visit, with its claim token (given exactly when ``claim`` is set) and
    /// click id.
    package func response(claimToken: String?, clickID: String, pages: PageRenderer) -> Response {
        let visit = PageVisitValues(claimToken: claimToken, clickID: clickID)
        switch answer {
        case .redirect(let location):
            return Response(
                status: .found,
                headers: [.location: String(buffer: location.body(visit)), .cacheControl: "no-store"])
        case .page(let page):
            return pages.response(page, of: PreviewPage.self, visit: visit)
        }
    }
}
