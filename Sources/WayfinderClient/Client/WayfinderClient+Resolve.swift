import Foundation

extension WayfinderClient {
    /// What the short link that opened the app points to (`GET /api/v1/resolve`), and the id of
    /// the click this call records.
    ///
    /// Call it with the URL the system handed the app (a universal link or App Link of the
    /// tenant's domain). No key. A password-protected link is refused with `password-required`
    /// (open the URL in a browser, which asks for the password); an expired link without an
    /// expired URL with `link-expired`; an unknown one with `not-found`.
    public func resolve(_ url: URL) async throws(WayfinderClientError) -> ResolvedLink {
        let output = try await perform { try await client.resolveLink(query: .init(url: url.absoluteString)) }
        switch output {
        case .ok(let ok):
            switch ok.body {
            case .json(let resolution): return try ResolvedLink(resolution)
            }
        case .badRequest(let answer): throw .refused(answer)
        case .unauthorized(let answer): throw .refused(answer)
        case .notFound(let answer): throw .refused(answer)
        case .gone(let answer): throw .refused(answer)
        case .tooManyRequests(let answer): throw .refused(answer)
        case .serviceUnavailable(let answer): throw .refused(answer)
        case .undocumented(let status, let payload): throw await .undocumented(status: status, payload)
        }
    }
}

extension ResolvedLink {
    init(_ resolution: Components.Schemas.Resolution) throws(WayfinderClientError) {
        guard let url = URL(string: resolution.url), let destination = URL(string: resolution.destination) else {
            throw .unexpectedAnswer(status: 200)
        }
        self.init(
            url: url, destination: destination, route: resolution.route,
            parameters: resolution.parameters?.additionalProperties ?? [:], clickID: resolution.clickId,
            linkID: resolution.id, slug: resolution.slug, isExpired: resolution.expired ?? false)
    }
}
