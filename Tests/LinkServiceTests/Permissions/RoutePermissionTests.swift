import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkService
import NIOCore
import Testing

/// Every keyed API route declares its permission where it is routed: a table over the OpenAPI
/// document's operations pins which scope opens each, and that every other scope is refused with
/// `403` `insufficient-scope` naming a scope that would do.
@Suite("Route permissions")
struct RoutePermissionTests {
    /// The scopes that open each keyed operation of the document. A new keyed route fails
    /// ``everyKeyedOperationIsInTheTable()`` until it is listed here.
    static let table: [String: Set<Scope>] = [
        "POST /api/v1/links": [.linksWrite, .app],
        "GET /api/v1/links": [.linksRead],
        "GET /api/v1/links/{slug}": [.linksRead],
        "PATCH /api/v1/links/{slug}": [.linksWrite],
        "DELETE /api/v1/links/{slug}": [.linksWrite],
        "GET /api/v1/links/{slug}/stats": [.statsRead],
        "GET /api/v1/links/{slug}/qr": [.linksRead],
        "GET /api/v1/links/{slug}/simulate": [.linksRead],
        "GET /api/v1/stats": [.statsRead],
        "GET /api/v1/export/{what}": [.linksRead],
        "GET /api/v1/audit": [.membersWrite],
        "POST /api/v1/webhooks": [.webhooksWrite],
        "GET /api/v1/webhooks": [.webhooksWrite],
        "GET /api/v1/webhooks/{id}": [.webhooksWrite],
        "PATCH /api/v1/webhooks/{id}": [.webhooksWrite],
        "DELETE /api/v1/webhooks/{id}": [.webhooksWrite],
        "POST /api/v1/webhooks/{id}/rotate-secret": [.webhooksWrite],
        "POST /api/v1/webhooks/{id}/test": [.webhooksWrite],
        "GET /api/v1/webhooks/{id}/deliveries": [.webhooksWrite],
        "POST /api/v1/domains": [.domainsWrite],
        "GET /api/v1/domains": [.domainsWrite],
        "GET /api/v1/domains/{domain}": [.domainsWrite],
        "POST /api/v1/domains/{domain}/verify": [.domainsWrite],
        "DELETE /api/v1/domains/{domain}": [.domainsWrite],
        "POST /api/v1/events": [.eventsWrite, .app],
        "GET /api/v1/members": [.membersWrite],
        "POST /api/v1/members/invitations": [.membersWrite],
        "PATCH /api/v1/members/{email}": [.membersWrite],
        "DELETE /api/v1/members/{email}": [.membersWrite],
    ]

    /// The document's operations that take `Authorization: Bearer <key>`.
    static func keyedOperations(_ contract: OpenAPIContract) -> [OpenAPIContract.Operation] {
        contract.operations.filter { operation in
            guard operation.path.hasPrefix("/api/v1/"),
                let node = contract.operation(HTTPRequest.Method(operation.method)!, operation.path)
            else { return false }
            return node["security"]?.arrayValue?.contains { $0["apiKey"] != nil } == true
        }
    }

    @Test("every keyed operation of the document is in the permission table, and the table lists no other")
    func everyKeyedOperationIsInTheTable() throws {
        let keyed = Set(Self.keyedOperations(try OpenAPIContract()).map(\.description))
        #expect(keyed.subtracting(Self.table.keys).sorted() == [])
        #expect(Set(Self.table.keys).subtracting(keyed).sorted() == [])
    }

    @Test("each keyed route opens to the scopes of the table and refuses every other scope with insufficient-scope")
    func eachScopeOpensOnlyItsRoutes() async throws {
        let contract = try OpenAPIContract()
        let service = try await TestService.make()
        var made: [Scope: String] = [:]
        for scope in Scope.allCases { made[scope] = try await service.key(for: "storyteller", scopes: [scope]) }
        let keys = made
        try await service.server.makeApplication().test(.router) { client in
            for operation in Self.keyedOperations(contract) {
                let opening = try #require(Self.table[operation.description])
                let uri = operation.path.replacingOccurrences(of: "{slug}", with: "missing")
                    .replacingOccurrences(of: "{id}", with: "missing").replacingOccurrences(
                        of: "{domain}", with: "missing.example.org"
                    ).replacingOccurrences(of: "{what}", with: "links")
                    .replacingOccurrences(of: "{email}", with: "nobody@example.com")
                let method = HTTPRequest.Method(operation.method)!
                for scope in Scope.allCases {
                    let response = try await client.execute(
                        uri: uri, method: method, headers: .bearer(keys[scope]!), body: ByteBuffer(string: "{}"))
                    if opening.contains(scope) {
                        #expect(response.status != .forbidden, "\(operation) with \(scope.rawValue): \(response.text)")
                    } else {
                        #expect(response.status == .forbidden, "\(operation) with \(scope.rawValue)")
                        #expect(response.json?[path: "type"] == "urn:wayfinder:problem:insufficient-scope")
                        let detail = response.json?[path: "detail"] ?? ""
                        #expect(
                            opening.contains { detail.contains($0.rawValue) },
                            "\(operation): \"\(detail)\" names none of \(opening.map(\.rawValue))")
                        #expect(contract.violations(of: response, to: method, operation.path) == [])
                    }
                }
            }
        }
        await service.close()
    }

    @Test("a key made without scopes holds every scope but app")
    func defaultScopes() {
        let (_, record) = APIKey.make(tenant: "storyteller")
        #expect(record.scopes == Scope.allCases.filter { $0 != .app })
        let actor = Actor(.key(prefix: record.prefix, scopes: record.scopes), tenant: "storyteller")
        #expect(actor.may(.createLinks) && actor.may(.readAudit) && actor.may(.changeDomains))
    }

    @Test("roles nest: each holds the one below it, the owner every permission, the viewer only reads")
    func rolesNest() {
        for (lower, higher) in zip(Role.allCases, Role.allCases.dropFirst()) {
            #expect(lower.permissions.isStrictSubset(of: higher.permissions), "\(lower) ⊄ \(higher)")
        }
        #expect(Role.owner.permissions == Set(Permission.allCases))
        #expect(Role.viewer.permissions == [.readLinks, .readStats])
        #expect(!Role.editor.permissions.contains(.changeWebhooks))
        #expect(Role.admin.permissions.isSuperset(of: [.changeMembers, .changeWebhooks, .changeDomains, .readAudit]))
        #expect(!Role.admin.permissions.contains(.changeOwners))
    }

    @Test("a person lacking a permission is refused insufficient-role naming the least role that has it")
    func personRefusal() {
        let viewer = Actor(.person(email: "ana@example.com", role: .viewer), tenant: "storyteller")
        let problem = Problem.refusing(.changeLinks, to: viewer)
        #expect(problem.status == .forbidden)
        #expect(problem.code == .insufficientRole)
        #expect(problem.detail.contains("editor"))
    }

    @Test("an app key only creates links and sends events")
    func appScope() {
        let app = Actor(.key(prefix: "wf_12345678", scopes: [.app]), tenant: "storyteller")
        #expect(app.permissions == [.createRouteLinks, .sendEvents])
        #expect(!app.may(.createLinks))
    }
}
