/// A store that tells when links change, including changes made through other server instances
/// or other processes on the same database: what keeps every instance's cache of hot links
/// correct.
package protocol LinkChangeFeed: Sendable {
    /// Reports link changes made through other stores (other instances, other processes) to
    /// `handler` until the calling task is cancelled.
    ///
    /// The first report, and the first after every reconnection, is ``LinkChange/resynchronize``,
    /// sent once the feed is listening. When the database goes away the feed keeps trying to
    /// listen again by itself; it never throws.
    func followLinkChanges(_ handler: @escaping @Sendable (LinkChange) -> Void) async

    /// Whether every change reaches the handler (or a ``LinkChange/resynchronize`` does) within a
    /// bounded time, so that what is learnt from the store can be kept until a change is reported:
    /// links in use then stay in memory instead of being read again every cache lifetime.
    var reportsEveryChange: Bool { get }
}

extension LinkChangeFeed {
    /// `false`: a feed that may miss changes (a listening connection that stalls unnoticed) leaves
    /// cached links their lifetime.
    package var reportsEveryChange: Bool { false }
}
