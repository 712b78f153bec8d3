import Hummingbird
import HummingbirdCore
import LinkCore

extension RedirectHandler {
    /// Sends the visit where the link's first rule that holds says, else where its A/B split
    /// puts this browser; answers the cookie that keeps a newly chosen variant sticky.
    package func choose(
        for link: Link, target: inout RedirectTarget, client: ClientInfo, query: FlatDictionary<Substring, Substring>?,
        request: Request, context: LinkRequestContext, policy: LinkPolicy, country: inout VisitCountry
    ) -> Cookie? {
        let content = link.content
        if !content.rules.isEmpty {
            let visit = ruleVisit(
                needs: RuleNeeds(content.rules), client: client, query: query, request: request, context: context,
                country: &country)
            if let match = content.rules.firstMatch(for: visit) {
                target.send(to: match.rule.destination, fallbacks: match.rule.fallbacks, policy: policy)
                target.choice = .rule(match.index)
                return nil
            }
        }
        guard !content.variants.isEmpty else { return nil }
        let name = VariantSplit.cookieName(slug: link.slug)
        let remembered = request.cookies[name].flatMap { Int($0.value) }
        let chosen: Int
        var cookie: Cookie? = nil
        if let remembered, content.variants.indices.contains(remembered) {
            chosen = remembered
        } else {
            chosen = VariantSplit.pick(content.variants.map(\.weight), roll: Int.random(in: 0..<100))
            cookie = VariantSplit.cookie(name: name, variant: chosen, slug: link.slug)
        }
        let variant = content.variants[chosen]
        target.send(to: variant.destination, fallbacks: variant.fallbacks, policy: policy)
        target.choice = .variant(chosen)
        return cookie
    }

    /// What the rules need to know of this visit, and nothing more.
    package func ruleVisit(
        needs: RuleNeeds, client: ClientInfo, query: FlatDictionary<Substring, Substring>?, request: Request,
        context: LinkRequestContext, country: inout VisitCountry
    ) -> RuleVisit {
        var visit = RuleVisit(client: client, now: clock.now())
        if needs.languages {
            visit.languages = AcceptLanguage.tags(request.headers.value(of: .acceptLanguage))
        }
        if needs.query, let query {
            visit.query = query.map { (String($0.key), String($0.value)) }
        }
        if needs.address || needs.country {
            let client = publicLimit.addressing.client(of: request, context: context)
            if needs.address { visit.address = client.address }
            if needs.country {
                visit.country = country.country(of: origin(request, context: context, clientAddress: client.text))
            }
        }
        return visit
    }
}

extension RedirectHandler {
    /// What a country source may read of this request.
    package func origin(_ request: Request, context: LinkRequestContext, clientAddress: String) -> VisitorOrigin {
        VisitorOrigin(
            peerAddress: context.remoteAddress?.ipAddress, clientAddress: clientAddress, headers: request.headers)
    }
}

extension RedirectHandler {
    /// The `?d=1` page of a visit: for a stored link, each simulated visitor goes through its
    /// rules and A/B split with the country, language and address typed into the page.
    package func debugPage(
        tenant: Tenant, target: RedirectTarget, link: Link?, query: FlatDictionary<Substring, Substring>,
        request: Request
    ) -> FirebaseDebugPage {
        var page = FirebaseDebugPage(tenant: tenant, target: target)
        guard let link else { return page }
        page.link = link
        page.inputs = DebugInputs { name in query.get(name).map { String($0) } }
        page.query = query.map { (String($0.key), String($0.value)) }
        page.now = clock.now()
        page.rememberedVariant = request.cookies[VariantSplit.cookieName(slug: link.slug)].flatMap { Int($0.value) }
        return page
    }
}
