import DeepLinkRouting
import LinkCore
import LinkService

extension FuzzTarget {
    /// A Firebase Dynamic Links long link's query (`link=…&apn=…`): the parameters, their
    /// warnings against the manifest, and the redirect target the server would follow.
    static let firebaseLongLink = FuzzTarget(name: "fdl-long-link") { bytes in
        let query = bytes.text
        let parameters = FirebaseLinkParameters(query: query)
        _ = parameters.unknownNames
        _ = parameters.content
        _ = parameters.warnings(for: Fixtures.manifest)
        _ = FirebaseLongLink.target(
            query: { parameters[$0] }, visitedURL: "https://stories.example.com/?" + query,
            policy: FuzzTarget.fixturePolicy)
    }

    static let fixturePolicy: LinkPolicy = {
        do {
            return LinkPolicy(tenant: try Tenant.make(from: Fixtures.manifest))
        } catch {
            fatalError("the fixture manifest makes no tenant: \(error)")
        }
    }()
}
