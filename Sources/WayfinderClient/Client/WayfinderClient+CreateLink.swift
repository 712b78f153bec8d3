import Foundation

extension WayfinderClient {
    /// Creates a short link (`POST /api/v1/links`): the URL to share.
    ///
    /// Needs a key. An app key creates links whose destination opens one of the tenant's routes;
    /// anything else is refused (`400`), and creation is rate limited per device address and per
    /// key (`rate-limited`, with ``WayfinderClientError/retryAfter``). The same custom slug with
    /// the same settings answers the link made before.
    public func createLink(_ request: ShortLinkRequest) async throws(WayfinderClientError) -> ShortLink {
        let output = try await perform {
            try await client.createLink(body: .json(Components.Schemas.LinkInput(request)))
        }
        switch output {
        case .created(let created):
            switch created.body {
            case .json(let link): return try ShortLink(link)
            }
        case .ok(let ok):
            switch ok.body {
            case .json(let link): return try ShortLink(link)
            }
        case .badRequest(let answer): throw .refused(answer)
        case .unauthorized(let answer): throw .refused(answer)
        case .forbidden(let answer): throw .refused(answer)
        case .conflict(let answer): throw .refused(answer)
        case .contentTooLarge(let answer): throw .refused(answer)
        case .tooManyRequests(let answer): throw .refused(answer)
        case .serviceUnavailable(let answer): throw .refused(answer)
        case .undocumented(let status, let payload): throw await .undocumented(status: status, payload)
        }
    }
}

extension Components.Schemas.LinkInput {
    init(_ request: ShortLinkRequest) {
        self.init(
            destination: request.destination.absoluteString,
            slug: request.slug,
            domain: request.domain,
            unguessable: request.unguessable,
            skipPreview: request.skipPreview,
            social: request.social.map {
                Components.Schemas.SocialCard(
                    title: $0.title, description: $0.description, imageURL: $0.imageURL?.absoluteString)
            },
            fallbacks: request.fallbacks.map {
                Components.Schemas.Fallbacks(
                    ios: $0.ios?.absoluteString, android: $0.android?.absoluteString,
                    desktop: $0.desktop?.absoluteString)
            },
            tags: request.tags
        )
    }
}

extension ShortLink {
    init(_ link: Components.Schemas.Link) throws(WayfinderClientError) {
        guard let url = URL(string: link.url) else { throw .unexpectedAnswer(status: nil) }
        self.init(
            id: link.id, url: url, slug: link.slug, domain: link.domain, destination: link.destination,
            createdAt: link.createdAt,
            warnings: (link.warnings ?? []).map { Warning(code: $0.code, field: $0.field, detail: $0.detail) })
    }
}
