import Hummingbird
import LinkCore

/// Lets a console page or form through only when the session's actor holds the permission its
/// route declared; otherwise `403` (`insufficient-role` for a person, `insufficient-scope` for a
/// key), shown as a page by ``ConsoleMiddleware``, before anything is read or changed. Routes get
/// it through `requiring(_:)` on the signed-in group, as the API's routes do.
package struct ConsolePermissionMiddleware: RouterMiddleware {
    package typealias Context = ConsoleRequestContext

    package let permission: Permission
    /// Where refusals are recorded (`console.access-refused`, the path as the target).
    package let audit: AuditLog?

    package init(_ permission: Permission, audit: AuditLog? = nil) {
        self.permission = permission
        self.audit = audit
    }

    package func handle(
        _ request: Request, context: ConsoleRequestContext,
        next: (Request, ConsoleRequestContext) async throws -> Response
    ) async throws -> Response {
        guard context.actor.may(permission) else {
            if let audit {
                await audit.record(
                    AuditEntry(
                        tenant: context.tenant.id, time: audit.clock.now(), actor: context.actor.name,
                        action: .accessRefused, target: "console:" + request.uri.path,
                        changes: [AuditChange(field: "permission", before: nil, after: permission.rawValue)],
                        address: audit.address(of: request, context: context)))
            }
            throw Problem.refusing(permission, to: context.actor)
        }
        return try await next(request, context)
    }
}

extension RouterMethods where Context == ConsoleRequestContext {
    /// The console routes registered on the answer need `permission`: each page and form
    /// declares it where it is routed, and its handler runs only for an actor that holds it
    /// (a refusal is recorded in `audit`).
    package func requiring(_ permission: Permission, audit: AuditLog?) -> RouterGroup<ConsoleRequestContext> {
        group().add(middleware: ConsolePermissionMiddleware(permission, audit: audit))
    }
}
