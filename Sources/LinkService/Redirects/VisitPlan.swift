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

    package let answer: Answer
    /// The platform whose claim token each visit gets; `nil` when visits get none.
    package let claim: Platform?

    /// A plan with this answer and claim.
    package init(answer: Answer, claim: Platform?) {
        self.answer = answer
        self.claim = claim
    }

    /// The plan of `target` (a stored link, its rule or variant chosen) for visitors like `client`.
    package init(
        target: RedirectTarget, client: ClientInfo, tenant: Tenant, acceptsHTML: Bool, mergesUTM: Bool,
        issuer: ClaimTokenIssuer, pages: PageRenderer
    ) {
        var decision = RedirectPlanner(tenant: tenant).answer(
            target, for: client, acceptsHTML: acceptsHTML, mergesUTM: mergesUTM)
        let placeholders = pages.placeholders
        claim = issuer.claimPlatform(of: decision, target: target, client: client, tenant: tenant)
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
