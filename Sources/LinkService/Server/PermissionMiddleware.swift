import Hummingbird
import LinkCore

/// Lets a call through only when its actor (set by ``BearerKeyMiddleware`` or
/// ``FirebaseKeyMiddleware`` before it) holds the permission its route declared; otherwise `403`
/// `insufficient-scope` (a key) or `insufficient-role` (a person), naming what is needed. Routes
/// get it through `requiring(_:)`, the only way to an ``APIRequestContext``.
package struct PermissionMiddleware: RouterMiddleware {
    package let permission: Permission

    package init(_ permission: Permission) {
        self.permission = permission
    }

    package func handle(
        _ request: Request, context: LinkRequestContext, next: (Request, LinkRequestContext) async throws -> Response
    ) async throws -> Response {
        guard let actor = context.actor else {
            throw Problem.missingMiddleware("BearerKeyMiddleware or FirebaseKeyMiddleware")
        }
        guard actor.may(permission) else { throw Problem.refusing(permission, to: actor) }
        var context = context
        context.checkedPermission = permission
        return try await next(request, context)
    }
}

extension RouterMethods where Context == LinkRequestContext {
    /// The routes registered on the answer need `permission`: each API route declares its
    /// permission here, where it is routed, and its handler runs only for an actor that holds it.
    /// Register after the middleware that finds the actor.
    package func requiring(_ permission: Permission) -> RouterGroup<APIRequestContext> {
        group().add(middleware: PermissionMiddleware(permission)).group(context: APIRequestContext.self)
    }
}
