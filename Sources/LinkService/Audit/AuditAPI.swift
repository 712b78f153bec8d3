import DeepLinkRouting
import Hummingbird
import LinkCore

/// `GET /api/v1/audit?cursor=&actor=&target=&since=&limit=`: a tenant's audit log, newest first,
/// a page at a time (permission ``Permission/readAudit``: the `members:write` scope, or the
/// admin role). Read only: no call changes the log.
package struct AuditAPI: Sendable {
    package let store: any AuditRecords
    package let cursors: ListCursors
    package let authenticator: APIKeyAuthenticator
    package let publicLimit: PublicRateLimit

    /// The cursor's position is sealed with this prefix, so a link list's cursor is not one here.
    private static let positionPrefix = "audit:"

    package func register(on router: Hummingbird.Router<LinkRequestContext>) {
        router.group("/api/v1/audit")
            .add(middleware: BearerKeyMiddleware(authenticator: authenticator, publicLimit: publicLimit))
            .requiring(.readAudit)
            .get { request, context in try await list(request, context) }
    }

    private func list(_ request: Request, _ context: APIRequestContext) async throws -> Response {
        let items = request.uri.queryParameters
        var limit = 50
        if let text = items.get("limit") {
            guard let value = Int(text), (1...200).contains(value) else {
                throw Problem.invalidField("limit", "limit must be a whole number from 1 to 200, not \"\(text)\"")
            }
            limit = value
        }
        var query = AuditQuery(actor: items.get("actor"), target: items.get("target"))
        if let text = items.get("since") {
            guard let since = ISO8601.date(from: text) else {
                throw Problem.invalidField(
                    "since", "since is \"\(text)\"; give an ISO 8601 time such as 2026-01-31T00:00:00Z")
            }
            query.since = since
        }
        var before: Int? = nil
        if let cursor = items.get("cursor") {
            let position = try await cursors.open(cursor, tenant: context.tenant.id)
            guard position.hasPrefix(Self.positionPrefix), let id = Int(position.dropFirst(Self.positionPrefix.count))
            else { throw LinkStoreError.invalidCursor(cursor) }
            before = id
        }
        let entries = try await store.auditEntries(
            tenant: context.tenant.id, query: query, before: before, limit: limit)
        var next = JSONNode(.null)
        if entries.count == limit, let last = entries.last {
            next = JSONNode(
                .string(try await cursors.seal(Self.positionPrefix + String(last.id), tenant: context.tenant.id)))
        }
        return .json(.object(["entries": JSONNode(.array(entries.map(Self.node))), "nextCursor": next]))
    }

    /// An entry as the API writes it.
    package static func node(_ entry: AuditEntry) -> JSONNode {
        var members: [JSONNode.Member] = [
            .init(key: "time", value: JSONNode(.string(ISO8601.string(from: entry.time)))),
            .init(key: "actor", value: JSONNode(.string(entry.actor))),
            .init(key: "action", value: JSONNode(.string(entry.action.rawValue))),
            .init(key: "target", value: JSONNode(.string(entry.target))),
            .init(
                key: "changes",
                value: JSONNode(
                    .array(
                        entry.changes.map { change in
                            .object([
                                "field": JSONNode(.string(change.field)),
                                "before": change.before.map { JSONNode(.string($0)) } ?? JSONNode(.null),
                                "after": change.after.map { JSONNode(.string($0)) } ?? JSONNode(.null),
                            ])
                        }))),
        ]
        if let address = entry.address { members.append(.init(key: "address", value: JSONNode(.string(address)))) }
        return JSONNode(.object(members))
    }
}
