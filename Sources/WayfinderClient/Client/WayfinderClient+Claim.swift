import Foundation

extension WayfinderClient {
    /// Claims a deferred deep link (`POST /api/v1/deferred/claims`): the link that sent the person
    /// to install the app, from the `wf_claim` token that travelled through the store.
    ///
    /// Find the token with DeepLinkRouting's `DeferredLinkClaim` (in the install referrer on
    /// Android, in the pasteboard on iOS; only a URL on one of the app's own domains counts). No
    /// key; the tenant is the one of ``serverURL``'s domain. A token is claimed once: again, it is
    /// refused with `claim-used`; an unknown, forged or another tenant's token with `not-found`,
    /// an expired one with `claim-expired`.
    public func claim(token: String) async throws(WayfinderClientError) -> DeferredLink {
        let output = try await perform { try await client.claimDeferredLink(body: .json(.init(token: token))) }
        switch output {
        case .ok(let ok):
            switch ok.body {
            case .json(let claim): return try DeferredLink(claim)
            }
        case .badRequest(let answer): throw .refused(answer)
        case .notFound(let answer): throw .refused(answer)
        case .gone(let answer): throw .refused(answer)
        case .contentTooLarge(let answer): throw .refused(answer)
        case .tooManyRequests(let answer): throw .refused(answer)
        case .serviceUnavailable(let answer): throw .refused(answer)
        case .undocumented(let status, let payload): throw await .undocumented(status: status, payload)
        }
    }
}

extension DeferredLink {
    init(_ claim: Components.Schemas.Claim) throws(WayfinderClientError) {
        guard let destination = URL(string: claim.destination), let shortURL = URL(string: claim.link.url) else {
            throw .unexpectedAnswer(status: 200)
        }
        self.init(
            destination: destination, linkID: claim.link.id, slug: claim.link.slug, shortURL: shortURL,
            clickedAt: claim.clickedAt, clickID: claim.clickId)
    }
}
