import Foundation
import LinkCore

/// The console's "Members" page (`console-members.mustache`), for admins and owners: the tenant's
/// members with their roles ("Change role", "Remove"), the "Invite" form ("Email", "Role"), and the
/// link of an invitation just made. Owners' rows can be changed only by an owner, and the owner
/// role is offered only to them.
package struct ConsoleMembersPage: PageModel {
    package static let template = PageTemplate.consoleMembers

    /// A role in a select.
    package struct Choice: Sendable {
        package var value: String
        package var selected: Bool
    }

    package struct Row: Sendable {
        package var index: Int
        package var email: String
        package var role: String
        package var joined: String
        /// Whether the signed-in actor may change this member's role or remove them.
        package var editable: Bool
        package var roles: [Choice]
    }

    package var layout: ConsoleLayout
    package var members: [Row]
    package var inviteEmail: String
    package var inviteRoles: [Choice]
    /// Why the last change or invitation was refused.
    package var error: String?
    /// The link of the invitation just made, and whom it is for.
    package var invitationURL: String?
    package var invitedEmail: String?

    package static let example = ConsoleMembersPage(
        layout: .example,
        members: [
            Row(
                index: 0, email: "ada@example.com", role: "owner", joined: "2026-01-31", editable: true,
                roles: [Choice(value: "owner", selected: true)])
        ], inviteEmail: "grace@example.com", inviteRoles: [Choice(value: "editor", selected: true)],
        error: "ada@example.com is the last owner", invitationURL: "https://links.example.com/admin/invitations/wfi_x",
        invitedEmail: "grace@example.com")
}

extension ConsoleMembersPage {
    /// The page of `members` for an actor who may (or may not) change owners.
    package init(
        layout: ConsoleLayout, members: [MemberDirectory.Member], mayChangeOwners: Bool, inviteEmail: String = "",
        inviteRole: Role = .editor, error: String? = nil, invitationURL: String? = nil, invitedEmail: String? = nil
    ) {
        let offered = Role.allCases.reversed().filter { mayChangeOwners || $0 != .owner }
        self.init(
            layout: layout,
            members: members.enumerated().map { index, member in
                Row(
                    index: index, email: member.email, role: member.role.rawValue,
                    joined: String(ISO8601.string(from: member.joinedAt).prefix(10)),
                    editable: mayChangeOwners || member.role != .owner,
                    roles: offered.map { Choice(value: $0.rawValue, selected: $0 == member.role) })
            },
            inviteEmail: inviteEmail,
            inviteRoles: offered.map { Choice(value: $0.rawValue, selected: $0 == inviteRole) },
            error: error, invitationURL: invitationURL, invitedEmail: invitedEmail)
    }
}
