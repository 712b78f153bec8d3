import HTTPTypes
import OpenAPIRuntime

import struct Foundation.URL

/// Sends the app's key as `Authorization: Bearer <key>` on the calls that need one (creating a
/// link, sending events), and on no other: resolve and claim take no key.
struct AppKeyMiddleware: ClientMiddleware {
    let key: String?

    static let operationsWithKey: Set<String> = [Operations.CreateLink.id, Operations.SendEvents.id]

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let key, Self.operationsWithKey.contains(operationID) else {
            return try await next(request, body, baseURL)
        }
        var request = request
        request.headerFields[.authorization] = "Bearer \(key)"
        return try await next(request, body, baseURL)
    }
}
