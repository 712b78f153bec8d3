import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import LinkCore
import Logging

/// `/api/v1/members`: a tenant's people and their roles (permission ``Permission/changeMembers``:
/// the `members:write` scope, or the admin role). `GET` lists them; `POST /invitations`
/// `{"email", "role"}` answers `201 {"url", "expiresAt"}`, a single-use link valid for 7 days
/// (no email is sent); `PATCH /{email}` `{"role"}` changes a role; `DELETE /{email}` removes a
/// member. The last owner can be neither demoted nor removed (`409` `last-owner`), and only an
/// owner (or a key with `members:write`) touches owners. Every change is in the audit log.
package struct MembersAPI: Sendable {
    package let members: MemberDirectory
    package let authenticator: APIKeyAuthenticator
    package let publicLimit: PublicRateLimit
    package let maxBodySize: Int
    package let audit: AuditLog

    package func register(on router: Hummingbird.Router<LinkRequestContext>) {
        let group = router.group("/api/v1/members")
            .add(middleware: BearerKeyMiddleware(authenticator: authenticator, publicLimit: publicLimit))
            .requiring(.changeMembers)
        group.get { _, context in try await list(context) }
        group.post("/invitations") { request, context in try await invite(request, context) }
        group.patch("/:email") { request, context in try await changeRole(request, context) }
        group.delete("/:email") { request, context in try await remove(request, context) }
    }

    private func list(_ context: APIRequestContext) async throws -> Response {
        let nodes = try await members.members(tenant: context.tenant.id).map(Self.node)
        return .json(.object(["members": JSONNode(.array(nodes))]))
    }

    private func invite(_ request: Request, _ context: APIRequestContext) async throws -> Response {
        let fields = try await Self.fields(request, limit: maxBodySize, known: ["email", "role"])
        let secure = audit.addressing.cameOverTLS(request, context: context)
        let host = audit.addressing.forwardedHost(of: request, context: context)
        let made = try await members.invite(
            email: fields["email"] ?? "", role: fields["role"] ?? "", tenant: context.tenant.id, by: context.actor
        ) { token in Self.invitationURL(token: token, secure: secure, host: host) }
        await audit.record(
            .memberInvited, target: "member:" + made.invitation.email,
            changes: [AuditChange(field: "role", before: nil, after: made.invitation.role.rawValue)], request: request,
            context: context)
        return .json(
            .object([
                "url": JSONNode(.string(made.url)),
                "expiresAt": JSONNode(.string(ISO8601.string(from: made.invitation.expiresAt))),
            ]), status: .created)
    }

    private func changeRole(_ request: Request, _ context: APIRequestContext) async throws -> Response {
        let fields = try await Self.fields(request, limit: maxBodySize, known: ["role"])
        let (member, before) = try await members.changeRole(
            of: Self.pathEmail(context), to: fields["role"] ?? "", tenant: context.tenant.id,
            by: context.actor)
        if before != member.role {
            await audit.record(
                .memberRoleChanged, target: "member:" + member.email,
                changes: [AuditChange(field: "role", before: before.rawValue, after: member.role.rawValue)],
                request: request, context: context)
        }
        return .json(Self.node(member))
    }

    private func remove(_ request: Request, _ context: APIRequestContext) async throws -> Response {
        let member = try await members.remove(
            Self.pathEmail(context), tenant: context.tenant.id, by: context.actor)
        await audit.record(
            .memberRemoved, target: "member:" + member.email,
            changes: [AuditChange(field: "role", before: member.role.rawValue, after: nil)], request: request,
            context: context)
        return Response(status: .noContent)
    }

    /// The path's email, percent-decoded (`ada%40example.com` is `ada@example.com`).
    private static func pathEmail(_ context: APIRequestContext) -> String {
        let text = context.parameters.get("email") ?? ""
        return text.removingPercentEncoding ?? text
    }

    /// The link an invitation's token opens: the console's invitation page on the host the call
    /// was made to.
    package static func invitationURL(token: String, secure: Bool, host: String) -> String {
        (secure ? "https://" : "http://") + host + "/admin/invitations/" + token
    }

    /// A member as the API writes them.
    package static func node(_ member: MemberDirectory.Member) -> JSONNode {
        .object([
            "email": JSONNode(.string(member.email)),
            "role": JSONNode(.string(member.role.rawValue)),
            "joinedAt": JSONNode(.string(ISO8601.string(from: member.joinedAt))),
        ])
    }

    /// The string members of the request's JSON object (each required to be a string when given).
    private static func fields(_ request: Request, limit: Int, known: [String]) async throws -> [String: String] {
        let body = try await request.collectBody(upTo: limit)
        do {
            let node: JSONNode
            do {
                node = try JSONParser(maximumDepth: 4).parse(body.readableBytesView)
            } catch {
                throw FieldError.malformedJSON(error)
            }
            let members = try LinkRequest.members(of: node, at: "", known: known)
            var fields: [String: String] = [:]
            for name in known {
                guard let value = try LinkRequest.optionalString(members[name], at: name) else {
                    throw FieldError(name, "\"\(name)\" is required", code: .missingField)
                }
                fields[name] = value
            }
            return fields
        } catch let error as FieldError {
            throw Problem(error)
        }
    }
}
