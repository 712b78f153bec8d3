import DeepLinkRouting
import HTTPTypes
import Hummingbird
import LinkCore

/// An error in FDL's shape: `{"error": {"code": 400, "message": "…", "status": "INVALID_ARGUMENT"}}`.
package struct FirebaseAPIError: CodedError {
    /// Google's status word (`INVALID_ARGUMENT`, …): the code FDL's clients match on, so it keeps
    /// Google's spelling rather than our kebab-case.
    package typealias Code = ErrorCode<FirebaseAPIError>

    package var status: HTTPResponse.Status
    package var message: String

    package init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    /// A problem of the shared link checks, naming the FDL parameter at fault.
    package init(_ problem: Problem) {
        let parameter = FirebaseLinkParameters.parameter(forField: problem.field)
        self.init(problem.status, parameter.map { "\($0): \(problem.detail)" } ?? problem.detail)
    }

    /// Google's status word for the HTTP status.
    package var code: Code {
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

    package func response(retryAfter: Int? = nil) -> Response {
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
    package static let invalidArgument = Self("INVALID_ARGUMENT")
    package static let unauthenticated = Self("UNAUTHENTICATED")
    package static let permissionDenied = Self("PERMISSION_DENIED")
    package static let notFound = Self("NOT_FOUND")
    package static let alreadyExists = Self("ALREADY_EXISTS")
    package static let resourceExhausted = Self("RESOURCE_EXHAUSTED")
    package static let unimplemented = Self("UNIMPLEMENTED")
    package static let unavailable = Self("UNAVAILABLE")
    package static let `internal` = Self("INTERNAL")
}
