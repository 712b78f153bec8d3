import LinkCore

/// The ``VisitPlan``s of the links being visited, by link version and kind of visitor.
///
/// A plan is kept under the stamps of the link as the link cache read it and of the tenant
/// (``VersionStamp``): a change to the link (its rules, variants, expiry), seen here or on another
/// instance, reaches the link cache as a new read with a new stamp, and a manifest reload or a
/// runtime domain makes a new tenant; the next visit works out a new plan, and the old one ages
/// out unread. At most `capacity` plans are kept, in a ``SharedCache``.
package final class VisitPlanCache: Sendable {
    /// What a plan depends on.
    package struct Key: Hashable, Sendable {
        package var link: VersionStamp
        package var tenant: VersionStamp
        package var choice: VisitChoice?
        package var kind: ClientKind
        package var acceptsHTML: Bool
        /// Whether claim tokens could be signed when the plan was made (the keyring loaded).
        package var claims: Bool

        package init(
            link: VersionStamp, tenant: VersionStamp, choice: VisitChoice?, kind: ClientKind, acceptsHTML: Bool,
            claims: Bool
        ) {
            self.link = link
            self.tenant = tenant
            self.choice = choice
            self.kind = kind
            self.acceptsHTML = acceptsHTML
            self.claims = claims
        }
    }

    private let plans: SharedCache<Key, VisitPlan>

    /// The number of plans kept by default: a few thousand links visited by a few kinds of
    /// visitor each. A page's bytes are shared with ``SplicedPageCache``'s while both keep them.
    package static let defaultCapacity = 8192

    package init(capacity: Int = VisitPlanCache.defaultCapacity) {
        plans = SharedCache(capacity: capacity)
    }

    /// The plan kept for `key`, or the one `make` works out (then kept).
    package func plan(for key: Key, make: () -> VisitPlan) -> VisitPlan {
        plans.value(for: key, make: make)
    }

    /// How many plans are kept.
    package var count: Int { plans.count }
}
