/// What ``LinkStore/insertLink(_:)`` did.
package enum LinkInsertion: Sendable, Hashable {
    /// The link is stored and committed.
    case inserted(Link)
    /// The tenant already has a link with this slug; nothing was written.
    case slugTaken(existing: Link)
}
