import HTTPTypes
import Hummingbird
import LinkCore
import NIOCore

/// Wraps every answer under `/admin`: every error becomes an HTML page (not JSON) with the status
/// and `Retry-After` the API would answer (``Problem/init(answering:path:logger:)``), and every response
/// carries the console's security headers: a strict Content-Security-Policy (only the console's
/// own stylesheet, script and images; no inline script or style; no framing; forms post only
/// here), `X-Frame-Options: DENY`, no sniffing, no referrer to other sites, and no caching of
/// pages that show a tenant's data. A problem page for a signed-in browser keeps the console's
/// navigation bar, so a wrong address inside the console is never a dead end.
package struct ConsoleMiddleware: RouterMiddleware {
    package let renderer: PageRenderer
    package let sessions: ConsoleSessions
    package let addressing: ClientAddressing

    package static let contentSecurityPolicy =
        "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

    package func handle(
        _ request: Request, context: LinkRequestContext, next: (Request, LinkRequestContext) async throws -> Response
    ) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            let problem = Problem(answering: error, path: request.uri.path, logger: context.logger)
            // A failed lookup only costs the bar: the page about the first problem still shows.
            let signedIn =
                problem.code == .noSession
                ? nil
                : try? await sessions.current(request, overTLS: addressing.cameOverTLS(request, context: context))
            response = page(for: problem, signedIn: signedIn)
        }
        SecurityHeaders.apply(to: &response.headers, policy: Self.contentSecurityPolicy, referrerPolicy: "same-origin")
        if response.headers[.cacheControl] == nil {
            response.headers[.cacheControl] = "no-store"
        }
        return response
    }

    private func page(for problem: Problem, signedIn: ConsoleSessions.SignedIn?) -> Response {
        let text = renderer.render(ConsoleMessagePage(problem: problem, signedIn: signedIn))
        var headers: HTTPFields = [.contentType: "text/html; charset=utf-8"]
        if let retryAfter = problem.retryAfter { headers[.retryAfter] = String(retryAfter) }
        return Response(status: problem.status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
