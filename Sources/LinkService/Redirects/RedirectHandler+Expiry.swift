import DeepLinkRouting
import Foundation
import Hummingbird
import LinkCore

extension RedirectHandler {
    /// The answer to every visit of an expired link, crawlers' too: `302` to its `expiredURL`, else
    /// the `410` page that says it has expired and leads to the tenant's website.
    package func expired(_ link: Link, tenant: Tenant) -> Response {
        if let expiredURL = link.content.expiredURL {
            return Response(status: .found, headers: [.location: expiredURL, .cacheControl: "no-store"])
        }
        let manifest = tenant.manifest
        let page = ExpiredPage(
            siteName: manifest.name, title: link.content.social?.title, shortURL: link.shortURL,
            expiredAt: link.content.expiresAt.map(ISO8601.string(from:)) ?? "", websiteURL: tenant.websiteURL,
            initial: manifest.name.first.map { String($0).uppercased() } ?? "?",
            iconURL: manifest.iconURL?.absoluteString)
        return pages.response(for: page, status: .gone, visit: .init())
    }
}
