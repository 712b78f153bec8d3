import LinkCore

/// The ``VisitPlan``s of the stored links being visited, under ``VisitPlan/Key``: at most
/// ``VisitPlan/cacheCapacity`` of them on a server.
package typealias VisitPlanCache = SharedCache<VisitPlan.Key, VisitPlan>
