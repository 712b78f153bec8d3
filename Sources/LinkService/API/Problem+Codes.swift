import DeepLinkRouting
import LinkCore

/// The catalogue of ``Problem`` codes the server answers with besides the field errors
/// (`ErrorCode<FieldError>`, which a ``Problem`` carries as they are): each is a problem
/// document's stable code (its `type` is `urn:wayfinder:problem:<code>`), and each is listed in
/// the OpenAPI document. Clients match on these names: never change one; a new kind is one
/// constant here, one entry in ``catalogue`` and one in the document.
extension ErrorCode where Owner == Problem {
    /// `401`: the call carries no API key.
    package static let missingAPIKey = ErrorCode("missing-api-key")
    /// `401`: the API key is unknown, revoked, or its tenant is not served here.
    package static let invalidAPIKey = ErrorCode("invalid-api-key")
    /// `403`: the API key's scopes do not grant the call's permission; the detail names the scope.
    package static let insufficientScope = ErrorCode("insufficient-scope")
    /// `403`: the person's role does not grant the permission; the detail names the role.
    package static let insufficientRole = ErrorCode("insufficient-role")
    /// `429`: over a rate limit (the key's, the address's or a call's own); `Retry-After` says
    /// when to try again.
    package static let rateLimited = ErrorCode("rate-limited")
    /// `404`: no such link, endpoint, token, domain or call.
    package static let notFound = ErrorCode("not-found")
    /// `405`: the path does not take the method; `Allow` lists those it takes.
    package static let methodNotAllowed = ErrorCode("method-not-allowed")
    /// `413`: the request body is over the server's limit.
    package static let bodyTooLarge = ErrorCode("body-too-large")
    /// `400`: the request body broke off before its end.
    package static let incompleteBody = ErrorCode("incomplete-body")
    /// `400`: the request names its host two ways that disagree.
    package static let ambiguousHost = ErrorCode("ambiguous-host")
    /// `400`: an HTTP/1.1 request without a `Host` field.
    package static let missingHost = ErrorCode("missing-host")
    /// `401`: the resolve call for a password-protected link; a browser visit asks for the password.
    package static let passwordRequired = ErrorCode("password-required")
    /// `410`: the resolve call for an expired link that names no `expiredURL`.
    package static let linkExpired = ErrorCode("link-expired")
    /// `503`: every password worker is busy and their queue is full; `Retry-After` says when.
    package static let busy = ErrorCode("busy")
    /// `409`: the slug is another link's.
    package static let slugTaken = ErrorCode("slug-taken")
    /// `503`: no free random slug was found; try again or ask for an unguessable one.
    package static let slugSpaceCrowded = ErrorCode("slug-space-crowded")
    /// `404`: the deferred link's claim token has expired.
    package static let claimExpired = ErrorCode("claim-expired")
    /// `410`: the claim token was claimed before.
    package static let claimUsed = ErrorCode("claim-used")
    /// `409`: the domain is another tenant's, or already one of the tenant's.
    package static let domainTaken = ErrorCode("domain-taken")
    /// `409`: links live on the domain being removed (the detail says how many).
    package static let domainHasLinks = ErrorCode("domain-has-links")
    /// `409`: the domain is in the tenant's manifest, not added at runtime.
    package static let domainInManifest = ErrorCode("domain-in-manifest")
    /// `409`: the change would leave the tenant without an owner.
    package static let lastOwner = ErrorCode("last-owner")
    /// `409`: the webhook endpoint is disabled, so it takes no test event.
    package static let endpointDisabled = ErrorCode("endpoint-disabled")
    /// `500`: the QR code could not be drawn.
    package static let qrCodeFailed = ErrorCode("qr-code-failed")
    /// `403`: a console form without a live session.
    package static let noSession = ErrorCode("no-session")
    /// `403`: a console form without its session's CSRF token.
    package static let csrf = ErrorCode("csrf")
    /// `403`: a console form sent from another site.
    package static let crossSite = ErrorCode("cross-site")
    /// `503`: the database cannot be reached; `Retry-After` says when to try again.
    package static let databaseUnavailable = ErrorCode("database-unavailable")
    /// `503`: the database's disk is full.
    package static let storageFull = ErrorCode("storage-full")
    /// `503`: the server holds as many unwritten app events as it may; none of the call's events
    /// were taken, and `Retry-After` says when to send them again.
    package static let eventBufferFull = ErrorCode("event-buffer-full")
    /// An error of the HTTP layer, with its own status.
    package static let httpError = ErrorCode("http-error")
    /// `500`: the server could not answer; the cause is in its log.
    package static let internalError = ErrorCode("internal-error")
    /// `500`: a route registered without the middleware its context needs (a programming error).
    package static let missingMiddleware = ErrorCode("missing-middleware")

    /// Every code of this catalogue.
    package static let catalogue: [ErrorCode] = [
        .missingAPIKey, .invalidAPIKey, .insufficientScope, .insufficientRole, .rateLimited, .notFound,
        .methodNotAllowed, .bodyTooLarge, .incompleteBody,
        .ambiguousHost, .missingHost, .passwordRequired, .linkExpired, .busy, .slugTaken, .slugSpaceCrowded,
        .claimExpired, .claimUsed, .endpointDisabled, .qrCodeFailed, .domainTaken, .domainHasLinks, .domainInManifest,
        .lastOwner, .noSession, .csrf, .crossSite, .databaseUnavailable, .storageFull, .eventBufferFull, .httpError,
        .internalError,
        .missingMiddleware,
    ]

    /// Every code a problem document may carry: this catalogue's and the field errors'.
    package static let all: [ErrorCode] = catalogue + ErrorCode<FieldError>.catalogue.map(ErrorCode.init)

    /// The problem code of a field error: the same name.
    package init(_ code: ErrorCode<FieldError>) { self.init(code.description) }
}
