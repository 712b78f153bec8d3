/// One version of a value that is replaced as a whole (a tenant after a reload, a link as the
/// link cache read it): equal only to itself, so that what was worked out from that version can
/// be kept under it and is never taken for another version's.
///
/// A stamp held in a key keeps its object alive, so its identity is never reused while the key
/// exists.
package final class VersionStamp: Hashable, Sendable {
    package init() {}

    package static func == (lhs: VersionStamp, rhs: VersionStamp) -> Bool { lhs === rhs }

    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
