/// What ``PersonRecords/changeMembership(personID:tenant:to:)`` did: the check that a tenant
/// keeps an owner is made in the same store operation as the change, so its answer holds.
package enum MembershipChange: Sendable, Hashable {
    /// The role was changed (or the member removed); the role they had before.
    case changed(before: Role)
    /// Nothing changed: the member is the tenant's last owner, and would no longer be one.
    case lastOwner
    /// Nothing changed: the person is not a member of the tenant.
    case notMember
}
