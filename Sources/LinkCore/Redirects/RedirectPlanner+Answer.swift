extension RedirectPlanner {
    /// The answer a visit gets once its rule or A/B variant has chosen the target: the plan's
    /// decision, never a redirect to the visited URL itself, with the link's UTM fields merged
    /// unless the link keeps Firebase Dynamic Links' behaviour.
    ///
    /// ``RedirectHandler`` answers every visit with it and `LinkSimulation` simulates visits with
    /// it, so what `wayfinder simulate` shows is what a visit gets.
    package func answer(_ target: RedirectTarget, for client: ClientInfo, acceptsHTML: Bool, mergesUTM: Bool)
        -> RedirectDecision
    {
        var decision = decide(target, for: client, acceptsHTML: acceptsHTML)
        if case .redirect(let location) = decision, location == target.canonicalURL {
            // The website shares this domain and the visit is already there: a redirect would loop.
            decision = .preview(page(for: target))
        }
        // Links made from FDL parameters keep FDL's behaviour: their utm fields go to the click and
        // the store's referrer, not into the URL.
        if mergesUTM { decision = decision.mergingUTM(target.utm) }
        return decision
    }
}
