import Hummingbird
import LinkCore
import Logging

/// The request id of every event logged while a request is answered, whichever logger logs it:
/// `RequestLogMiddleware` sets it for the request's task (and the tasks it starts), and
/// ``metadataProvider`` adds it to each event as `request_id`. Bootstrap swift-log with the
/// provider (`wayfinder serve` does) for it to show in text logs too.
public enum RequestLogContext {
    /// Kept as the logger's metadata value: made text only when an event is logged, not for
    /// every request (a redirect logs nothing).
    @TaskLocal package static var requestID: Logger.MetadataValue?

    /// The metadata key of the request id.
    public static let metadataKey = "request_id"

    /// Adds `request_id` to the events logged while a request is answered.
    public static let metadataProvider = Logger.MetadataProvider {
        guard let requestID else { return [:] }
        return [metadataKey: requestID]
    }
}

/// Runs the rest of the request with its id (Hummingbird's, ``RequestContext/id``) as
/// ``RequestLogContext``'s request id.
package struct RequestLogMiddleware: RouterMiddleware {
    package func handle(
        _ request: Request, context: LinkRequestContext, next: (Request, LinkRequestContext) async throws -> Response
    ) async throws -> Response {
        try await RequestLogContext.$requestID.withValue(context.logger[metadataKey: "hb.request.id"]) {
            try await next(request, context)
        }
    }
}
