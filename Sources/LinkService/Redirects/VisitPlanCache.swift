import LinkCore

/// The ``VisitPlan``s of the stored links being visited, under ``VisitPlan/Key``.
///
/// Redirect plans (a `Location` text) and page plans (a whole preview page) are kept apart:
/// a redirect plan is a few hundred bytes, so as many are kept as the link cache keeps links
/// (``LinkServiceConfiguration/linkCacheCapacity``), and every link the cache answers is also
/// answered from its plan; a page plan holds the page's bytes (about 7 KB), so at most
/// ``VisitPlan/pageCacheCapacity`` of those are kept. With one bound for both, visits spread
/// over many links (Zipf-like, over 100,000) missed the plan of a quarter of them and planned
/// their answer afresh.
package final class VisitPlanCache: Sendable {
    private let redirects: SharedCache<VisitPlan.Key, VisitPlan>
    private let pages: SharedCache<VisitPlan.Key, VisitPlan>

    /// A cache of at most `redirects` redirect plans and `pages` page plans.
    package init(redirects: Int, pages: Int = VisitPlan.pageCacheCapacity) {
        self.redirects = SharedCache(capacity: redirects)
        self.pages = SharedCache(capacity: pages)
    }

    /// The plan kept for `key`, or the one `make` makes (then kept with its kind). Made outside
    /// the caches' locks: two visits that miss at once both make it, and get the same plan.
    package func plan(for key: VisitPlan.Key, make: () -> VisitPlan) -> VisitPlan {
        if let plan = redirects.value(for: key) ?? pages.value(for: key) { return plan }
        let plan = make()
        (plan.isPage ? pages : redirects).keep(plan, for: key)
        return plan
    }

    /// How many redirect plans and page plans are kept.
    package var count: (redirects: Int, pages: Int) { (redirects.count, pages.count) }
}
