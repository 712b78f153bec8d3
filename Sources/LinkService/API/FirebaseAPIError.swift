import DeepLinkRouting
import HTTPTypes
import Hummingbird

/// An error in FDL's shape: `{"error": {"code": 400, "message": "…", "status": "INVALID_ARGUMENT"}}`.
struct FirebaseAPIError: CodedError {
    /// Google's status word (`INVALID_ARGUMENT`, …): the code FDL's clients match on, so it keeps
    /// Google's spelling rather than our kebab-case.
    typealias Code = ErrorCode<FirebaseAPIError>

    var status: HTTPResponse.Status
    var message: String

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    /// A problem of the shared link checks, naming the FDL parameter at fault.
    init(_ problem: Problem) {
        let parameter = FirebaseLinkParameters.parameter(forField: problem.field)
        self.init(problem.status, parameter.map { "\($0): \(problem.detail)" } ?? problem.detail)
    }

    /// Google's status word for the HTTP status.
    var code: Code {
        switch status.code {
        case 400, 413: .invalidArgument
        case 401: .unauthenticated
        case 403: .permissionDenied
        case 404: .notFound
        case 409: .alreadyExists
        case 429: .resourceExhausted
        case 501: .unimplemented
        case 503: .unavailable
        default: .internal
        }
    }

    func response(retryAfter: Int? = nil) -> Response {
        let node = JSONNode.object([
            "error": JSONNode.object([
                "code": JSONNode(.number(String(status.code))), "message": JSONNode(.string(message)),
                "status": JSONNode(.string(code.description)),
            ])
        ])
        var headers: HTTPFields = [:]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        return .json(node, status: status, contentType: FirebaseShortLinksAPI.contentType, headers: headers)
    }
}

extension ErrorCode where Owner == FirebaseAPIError {
    static let invalidArgument = Self("INVALID_ARGUMENT")
    static let unauthenticated = Self("UNAUTHENTICATED")
    static let permissionDenied = Self("PERMISSION_DENIED")
    static let notFound = Self("NOT_FOUND")
    static let alreadyExists = Self("ALREADY_EXISTS")
    static let resourceExhausted = Self("RESOURCE_EXHAUSTED")
    static let unimplemented = Self("UNIMPLEMENTED")
    static let unavailable = Self("UNAVAILABLE")
    static let `internal` = Self("INTERNAL")
}
