import Foundation
import HTTPTypes
import Hummingbird
import LinkCore
import Logging

// The console's "Members" page (invite, change roles, remove) and "Audit log" page, for admins
// and owners. Members change through ``MemberDirectory``, the API's own code path, so the console
// refuses what the API refuses (the last owner, owners touched by a non-owner), with the same
// reasons; every change is in the audit log with the signed-in person as the actor.
extension Console {
    package func registerMembers(on members: RouterGroup<ConsoleRequestContext>) {
        members.get("/members") { request, context in
            try await membersPage(context, notice: Self.notice(request))
        }
        members.post("/members/invitations") { request, context in try await invite(request, context) }
        members.post("/members/:email/role") { request, context in try await changeRole(request, context) }
        members.post("/members/:email/remove") { request, context in try await removeMember(request, context) }
    }

    package func registerAudit(on audit: RouterGroup<ConsoleRequestContext>) {
        audit.get("/audit") { request, context in try await auditPage(request, context) }
    }

    private func membersPage(
        _ context: ConsoleRequestContext, notice: String? = nil, inviteEmail: String = "", inviteRole: Role = .editor,
        error: String? = nil, invitation: (url: String, email: String)? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let page = ConsoleMembersPage(
            layout: layout(context.signedIn, title: "Members", notice: notice, section: .members),
            members: try await members.members(tenant: context.tenant.id),
            mayChangeOwners: MemberDirectory.mayTouchOwners(context.actor), inviteEmail: inviteEmail,
            inviteRole: inviteRole,
            error: error, invitationURL: invitation?.url, invitedEmail: invitation?.email)
        return html(pages.render(page), status: status)
    }

    private func invite(_ request: Request, _ context: ConsoleRequestContext) async throws -> Response {
        let email = context.form.text("email")
        let role = context.form.text("role")
        do {
            let secure = addressing.cameOverTLS(request, context: context)
            let host = addressing.forwardedHost(of: request, context: context)
            let made = try await members.invite(email: email, role: role, tenant: context.tenant.id, by: context.actor)
            { token in MembersAPI.invitationURL(token: token, secure: secure, host: host) }
            await recordChange(
                .memberInvited, target: "member:" + made.invitation.email,
                changes: [AuditChange(field: "role", before: nil, after: made.invitation.role.rawValue)], request,
                context)
            return try await membersPage(
                context, notice: "The invitation is made.", invitation: (made.url, made.invitation.email),
                status: .created)
        } catch let problem as Problem where problem.status == .badRequest {
            return try await membersPage(
                context, inviteEmail: email, inviteRole: Role(rawValue: role) ?? .editor, error: problem.detail,
                status: .badRequest)
        }
    }

    private func changeRole(_ request: Request, _ context: ConsoleRequestContext) async throws -> Response {
        do {
            let (member, before) = try await members.changeRole(
                of: pathEmail(context), to: context.form.text("role"), tenant: context.tenant.id, by: context.actor)
            if before != member.role {
                await recordChange(
                    .memberRoleChanged, target: "member:" + member.email,
                    changes: [AuditChange(field: "role", before: before.rawValue, after: member.role.rawValue)],
                    request, context)
            }
            return redirect("/admin/members?done=role-changed")
        } catch let problem as Problem where problem.status == .conflict || problem.status == .badRequest {
            return try await membersPage(context, error: problem.detail, status: problem.status)
        }
    }

    private func removeMember(_ request: Request, _ context: ConsoleRequestContext) async throws -> Response {
        do {
            let member = try await members.remove(pathEmail(context), tenant: context.tenant.id, by: context.actor)
            await recordChange(
                .memberRemoved, target: "member:" + member.email,
                changes: [AuditChange(field: "role", before: member.role.rawValue, after: nil)], request, context)
            return redirect("/admin/members?done=member-removed")
        } catch let problem as Problem where problem.status == .conflict {
            return try await membersPage(context, error: problem.detail, status: problem.status)
        }
    }

    private func pathEmail(_ context: ConsoleRequestContext) -> String {
        let text = context.parameters.get("email") ?? ""
        return text.removingPercentEncoding ?? text
    }

    private static let auditPositionPrefix = "audit:"

    private func auditPage(_ request: Request, _ context: ConsoleRequestContext) async throws -> Response {
        let items = request.uri.queryParameters
        let actor = (items.get("actor") ?? "").trimmingCharacters(in: .whitespaces)
        let target = (items.get("target") ?? "").trimmingCharacters(in: .whitespaces)
        let since = (items.get("since") ?? "").trimmingCharacters(in: .whitespaces)
        var query = AuditQuery(actor: actor.isEmpty ? nil : actor, target: target.isEmpty ? nil : target)
        var error: String? = nil
        if !since.isEmpty {
            if let date = ISO8601.date(from: since) ?? ISO8601.date(from: since + "T00:00:00Z") {
                query.since = date
            } else {
                error = "Since is \"\(since)\"; give a day such as 2026-01-31 or a time such as 2026-01-31T09:00:00Z."
            }
        }
        var before: Int? = nil
        if let cursor = items.get("cursor"), !cursor.isEmpty {
            let position = try? await cursors.open(cursor, tenant: context.tenant.id)
            guard let position, position.hasPrefix(Self.auditPositionPrefix),
                let id = Int(position.dropFirst(Self.auditPositionPrefix.count))
            else {
                throw Problem.invalidField("cursor", "this page of the audit log does not exist; start from the first")
            }
            before = id
        }
        let entries =
            error == nil
            ? try await store.base.auditEntries(
                tenant: context.tenant.id, query: query, before: before, limit: Self.pageSize) : []
        var olderURL: String? = nil
        if entries.count == Self.pageSize, let last = entries.last {
            let cursor = try await cursors.seal(Self.auditPositionPrefix + String(last.id), tenant: context.tenant.id)
            var parameters = [("cursor", cursor)]
            if !actor.isEmpty { parameters.append(("actor", actor)) }
            if !target.isEmpty { parameters.append(("target", target)) }
            if !since.isEmpty { parameters.append(("since", since)) }
            olderURL = "/admin/audit?" + OIDCRelyingParty.formEncoded(parameters)
        }
        let page = ConsoleAuditPage(
            layout: layout(context.signedIn, title: "Audit log", section: .audit),
            entries: entries.map(ConsoleAuditPage.Row.init), hasEntries: !entries.isEmpty, actor: actor,
            target: target, since: since, error: error, olderURL: olderURL)
        return html(pages.render(page), status: error == nil ? .ok : .badRequest)
    }
}
