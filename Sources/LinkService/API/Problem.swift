import DeepLinkRouting
import HTTPTypes
import Hummingbird
import LinkCore

/// An RFC 9457 problem document (`application/problem+json`): what went wrong, and which field of
/// the request is at fault. Handlers throw it; it renders its own response.
package struct Problem: Error, HTTPResponseError, Sendable {
    package var status: HTTPResponse.Status
    /// What kind of problem this is (a constant of `ErrorCode<Problem>`, the catalogue); the
    /// `type` member is `urn:wayfinder:problem:<code>`.
    package var code: ErrorCode<Problem>
    package var title: String
    package var detail: String
    /// The JSON path of the field at fault (`fallbacks.ios`), or the query item / header name.
    package var field: String?
    /// Seconds, for `429`.
    package var retryAfter: Int?
    /// The methods the path takes, for `405`.
    package var allow: String?

    package init(
        _ status: HTTPResponse.Status, _ code: ErrorCode<Problem>, title: String, detail: String, field: String? = nil,
        retryAfter: Int? = nil
    ) {
        self.status = status
        self.code = code
        self.title = title
        self.detail = detail
        self.field = field
        self.retryAfter = retryAfter
    }

    package var jsonNode: JSONNode {
        var members: [JSONNode.Member] = [
            .init(key: "type", value: JSONNode(.string("urn:wayfinder:problem:" + code.description))),
            .init(key: "title", value: JSONNode(.string(title))),
            .init(key: "status", value: JSONNode(.number(String(status.code)))),
            .init(key: "detail", value: JSONNode(.string(detail))),
        ]
        if let field { members.append(.init(key: "field", value: JSONNode(.string(field)))) }
        return JSONNode(.object(members))
    }

    package func response(from request: Request, context: some RequestContext) throws -> Response {
        response()
    }

    package func response() -> Response {
        var headers: HTTPFields = [:]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        if let allow { headers[.allow] = allow }
        if status == .unauthorized { headers[.wwwAuthenticate] = "Bearer" }
        return .json(jsonNode, status: status, contentType: "application/problem+json", headers: headers)
    }
}

extension Problem {
    /// The problem document of a Hummingbird `HTTPError` (its status, and its body as the detail).
    package init(_ error: HTTPError) {
        self.init(
            error.status, .httpError, title: error.status.reasonPhrase,
            detail: error.body ?? error.status.reasonPhrase)
    }

    /// A request field with a bad value: `400`, the problem document of that ``FieldError``.
    package static func invalidField(
        _ field: String, _ detail: String, code: ErrorCode<FieldError> = .invalidField
    ) -> Problem {
        Problem(FieldError(field, detail, code: code))
    }

    /// Over a rate limit: `429` with `Retry-After: wait`; `reason` says whose budget it was.
    package static func rateLimited(_ reason: String, retryAfter wait: Int) -> Problem {
        Problem(
            .tooManyRequests, .rateLimited, title: "Too many requests", detail: "\(reason); retry in \(wait) s",
            retryAfter: wait)
    }

    /// A route registered without the middleware its child context needs (`middleware`): a
    /// programming error, answered as a `500` rather than a crash.
    package static func missingMiddleware(_ middleware: String) -> Problem {
        Problem(
            .internalServerError, .missingMiddleware, title: "Internal error",
            detail: "this route was registered without \(middleware) before it")
    }

    /// A method the path does not take: `405` with `Allow`.
    package static func methodNotAllowed(_ method: HTTPRequest.Method, path: String, allow: String) -> Problem {
        var problem = Problem(
            .methodNotAllowed, .methodNotAllowed, title: "Method not allowed",
            detail: "\(path) does not take \(method.rawValue); it takes \(allow)")
        problem.allow = allow
        return problem
    }

    package static func notFound(_ what: String, field: String? = nil) -> Problem {
        Problem(.notFound, .notFound, title: "Not found", detail: what, field: field)
    }
}
