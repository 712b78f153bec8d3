import Hummingbird
import LinkCore

extension LinksAPI {
    /// `GET /api/v1/links/{slug}/simulate`: what the link does for each kind of visitor
    /// (``LinkSimulation``), without recording a click or making a claim token anyone could use.
    package func simulate(_ context: APIRequestContext) async throws -> Response {
        let link = try await existingLink(context)
        let simulation = LinkSimulation(tenant: context.tenant, link: link, now: clock.now())
        return .json(simulation.json(try await simulation.rows()), headers: [.cacheControl: "no-store"])
    }
}
