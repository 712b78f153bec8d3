import DeepLinkRouting
import HTTPTypes
import Hummingbird
import NIOCore

/// An RFC 9457 problem document (`application/problem+json`): what went wrong, and which field of
/// the request is at fault. Handlers throw it; it renders its own response.
struct Problem: Error, HTTPResponseError, Sendable {
    var status: HTTPResponse.Status
    /// Stable kebab-case code; the `type` member is `urn:wayfinder:problem:<code>`.
    var code: String
    var title: String
    var detail: String
    /// The JSON path of the field at fault (`fallbacks.ios`), or the query item / header name.
    var field: String?
    /// Seconds, for `429`.
    var retryAfter: Int?

    init(
        _ status: HTTPResponse.Status, _ code: String, title: String, detail: String, field: String? = nil,
        retryAfter: Int? = nil
    ) {
        self.status = status
        self.code = code
        self.title = title
        self.detail = detail
        self.field = field
        self.retryAfter = retryAfter
    }

    var jsonNode: JSONNode {
        var members: [JSONNode.Member] = [
            .init(key: "type", value: JSONNode(.string("urn:wayfinder:problem:" + code))),
            .init(key: "title", value: JSONNode(.string(title))),
            .init(key: "status", value: JSONNode(.number(String(status.code)))),
            .init(key: "detail", value: JSONNode(.string(detail))),
        ]
        if let field { members.append(.init(key: "field", value: JSONNode(.string(field)))) }
        return JSONNode(.object(members))
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        response()
    }

    func response() -> Response {
        var headers: HTTPFields = [.contentType: "application/problem+json"]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        if status == .unauthorized { headers[.wwwAuthenticate] = "Bearer" }
        return Response(
            status: status, headers: headers,
            body: .init(byteBuffer: ByteBuffer(string: jsonNode.jsonText(style: .compact))))
    }
}

extension Problem {
    /// The problem document of a Hummingbird `HTTPError` (its status, and its body as the detail).
    init(_ error: HTTPError) {
        self.init(
            error.status, "http-error", title: error.status.reasonPhrase,
            detail: error.body ?? error.status.reasonPhrase)
    }

    /// A request field with a bad value: `400`.
    static func invalidField(_ field: String, _ detail: String, code: String = "invalid-field") -> Problem {
        Problem(.badRequest, code, title: "A field of the request is not valid", detail: detail, field: field)
    }

    static func notFound(_ what: String, field: String? = nil) -> Problem {
        Problem(.notFound, "not-found", title: "Not found", detail: what, field: field)
    }
}
