import HTTPTypes
import Hummingbird
import LinkCore
import Logging

/// Lets a request reach a signed-in console page only with a live session, and a form `POST`
/// only from the console's own pages with the session's CSRF token; the handlers get the session
/// as ``ConsoleRequestContext`` (register them in `group(context: ConsoleRequestContext.self)`
/// after this middleware).
///
/// A page view without a session is sent to the sign-in page (`303`). A `POST` is refused with
/// `403` before anything is read or changed when it comes from another site (its `Origin`), has
/// no session, or does not carry the session's token in its `csrf` field.
package struct ConsoleSessionMiddleware: RouterMiddleware {
    package let sessions: ConsoleSessions
    package let addressing: ClientAddressing
    package let maxBodySize: Int
    package let logger: Logger

    package func handle(
        _ request: Request, context: LinkRequestContext, next: (Request, LinkRequestContext) async throws -> Response
    ) async throws -> Response {
        let isForm = request.method == .post
        if isForm { try addressing.checkSameOrigin(request, context: context) }
        guard
            let signedIn = try await sessions.current(
                request, overTLS: addressing.cameOverTLS(request, context: context))
        else {
            guard isForm else { return Response(status: .seeOther, headers: [.location: "/admin/sign-in"]) }
            throw Problem(
                .forbidden, .noSession, title: "Not signed in",
                detail: "Your session has ended, so nothing was changed. Sign in again and repeat what you did.")
        }
        var form = ConsoleForm()
        if isForm {
            form = try await ConsoleForm.read(request, limit: maxBodySize)
            guard ConsoleSessions.isValidCSRF(form["csrf"], for: signedIn.session) else {
                logger.warning(
                    "console form without a valid CSRF token", metadata: ["tenant": "\(signedIn.tenant.id)"])
                throw Problem(
                    .forbidden, .csrf, title: "The form is not valid",
                    detail:
                        "The form did not carry this session's security token (it may be from another window or an old session), so nothing was changed. Go back, reload the page and try again."
                )
            }
        }
        var context = context
        context.consoleVisit = ConsoleVisit(signedIn: signedIn, form: form)
        return try await next(request, context)
    }
}
