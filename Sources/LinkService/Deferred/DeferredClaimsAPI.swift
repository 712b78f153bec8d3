import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import LinkCore
import LinkStorage
import Logging
import NIOCore
import Prometheus

/// `POST /api/v1/deferred/claims`: an app, opened for the first time after an install, hands back
/// the claim token that travelled through the store and learns which link sent the person.
///
/// No API key (the app has none): the `Host` picks the tenant, the token's signature proves it
/// was issued for that tenant's link, and the first claim of a token is the only one that gets
/// `200`. Answers: `200` `{"destination", "link": {"id", "slug", "url"}, "match": "deterministic",
/// "clickedAt", "clickId"}`; `410` claimed before; `404` unknown, forged, another tenant's or expired (the
/// problem's code says `claim-expired`); `400` a body that is not `{"token": "…"}`; `429` with
/// `Retry-After` over the per-address budget. Errors are problem documents.
package struct DeferredClaimsAPI: Sendable {
    /// The query parameter (and referrer item) that carries a token.
    package static let parameter = ClaimToken.parameter

    package let deferred: DeferredLinks
    package let tenants: TenantDirectory
    /// Links are read through the redirect cache: a claim follows a redirect closely.
    package let store: CachingLinkStore
    package let addressing: ClientAddressing
    package let logger: Logger

    package func register(on router: Hummingbird.Router<LinkRequestContext>) {
        router.post("/api/v1/deferred/claims") { request, context in try await claim(request, context) }
    }

    package func claim(_ request: Request, _ context: LinkRequestContext) async throws -> Response {
        let client = addressing.rateLimitBucket(of: request, context: context)
        if let wait = deferred.claimLimiter.acquire(client) {
            deferred.metrics.reject(.rateLimited)
            throw Problem.rateLimited("too many claims from \(client)", retryAfter: wait)
        }
        guard let tenant = tenants.tenant(forHost: request.hostName) else {
            deferred.metrics.reject(.unknown)
            throw Problem.notFound("\(request.hostName) is not a domain of this server", field: "Host")
        }
        let text = try await tokenText(request)
        let now = deferred.clock.now()
        guard let token = try await deferred.verifiedToken(text, tenant: tenant.id, store: store) else {
            deferred.metrics.reject(.unknown)
            throw Problem.notFound("no claim token like this was issued for \(tenant.id)", field: "token")
        }
        guard !token.isExpired(at: now) else {
            deferred.metrics.reject(.expired)
            throw Problem(
                .notFound, .claimExpired, title: "The claim token has expired",
                detail: "the token expired at \(ISO8601.string(from: token.expiryDate)); open the link again",
                field: "token")
        }
        guard let link = try await store.cachedLink(tenant: tenant.id, slug: token.slug), link.id == token.linkID,
            !link.isExpired(at: now)
        else {
            deferred.metrics.reject(.linkGone)
            throw Problem.notFound("the link of this token was deleted or has expired", field: "token")
        }
        let claim = DeferredClaim(
            nonce: token.nonceHex, tenant: tenant.id, linkID: link.id, claimedAt: now.truncatedToMilliseconds,
            platform: token.platform)
        guard try await store.recordClaim(claim) else {
            deferred.metrics.reject(.alreadyClaimed)
            throw Problem(
                .gone, .claimUsed, title: "The claim token was used already",
                detail: "each claim token is claimed once; this one was claimed before", field: "token")
        }
        deferred.metrics.claimed.increment()
        logger.info(
            "deferred link claimed", metadata: ["tenant": "\(tenant.id)", "slug": "\(link.slug)", "id": "\(link.id)"])
        let body = JSONNode.object([
            "destination": JSONNode(.string(token.choice?.destination(in: link.content) ?? link.content.destination)),
            "link": .object([
                "id": JSONNode(.string(link.id)), "slug": JSONNode(.string(link.slug)),
                "url": JSONNode(.string(link.shortURL)),
            ]),
            "match": JSONNode(.string("deterministic")),
            "clickedAt": JSONNode(.string(ISO8601.string(from: token.issuedDate))),
            // The visit that issued the token recorded its click under the token's nonce.
            "clickId": JSONNode(.string(ClickID(nonce: token.nonce).text)),
        ])
        return .json(body, headers: [.cacheControl: "no-store"])
    }

    /// Instances read a rotation within a minute: tokens they signed with the retired secret in
    /// that minute are still good.
    package static let rotationGrace: TimeInterval = 120

    /// The token of a `{"token": "…"}` body; `400` for anything else.
    private func tokenText(_ request: Request) async throws -> String {
        let body = try await request.collectBody(upTo: 4096)
        let node: JSONNode
        do {
            node = try JSONParser(maximumDepth: 4).parse(body.readableBytesView)
        } catch {
            deferred.metrics.reject(.malformed)
            throw Problem(
                FieldError(nil, "send {\"token\": \"<the wf_claim value>\"}: \(error)", code: .malformedJSON))
        }
        guard node.objectValue != nil else {
            deferred.metrics.reject(.malformed)
            throw Problem.invalidField(
                "$", "the body is an object: {\"token\": \"<the wf_claim value>\"}", code: .wrongType)
        }
        guard let token = node["token"]?.stringValue, !token.isEmpty else {
            deferred.metrics.reject(.malformed)
            throw Problem.invalidField(
                "token", "\"token\" is missing or not a string; send the wf_claim value the app found",
                code: node["token"] == nil ? .missingField : .wrongType)
        }
        return token
    }
}
