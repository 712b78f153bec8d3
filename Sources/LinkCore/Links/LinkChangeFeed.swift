/// A store that tells when links change, including changes made through other server instances
/// on the same database: what keeps every instance's cache of hot links correct.
///
/// A single-process store (SQLite) needs none: its only writer is the instance itself, which
/// updates its cache as it writes.
package protocol LinkChangeFeed: Sendable {
    /// Reports link changes made through other stores (other instances, other processes) to
    /// `handler` until the calling task is cancelled.
    ///
    /// The first report, and the first after every reconnection, is ``LinkChange/resynchronize``,
    /// sent once the feed is listening. When the database goes away the feed keeps trying to
    /// listen again by itself; it never throws.
    func followLinkChanges(_ handler: @escaping @Sendable (LinkChange) -> Void) async
}
