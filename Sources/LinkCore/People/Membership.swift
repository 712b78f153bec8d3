import Foundation

/// A person's place in one tenant: the role they have there.
package struct Membership: Sendable, Hashable {
    package var personID: String
    package var tenant: String
    package var role: Role
    package var createdAt: Date

    package init(personID: String, tenant: String, role: Role, createdAt: Date) {
        self.personID = personID
        self.tenant = tenant
        self.role = role
        self.createdAt = createdAt
    }
}
