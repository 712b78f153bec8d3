import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import LinkCore
import NIOCore

extension LinksAPI {
    /// `GET /api/v1/export/{what}?format=csv|jsonl&since=&until=`: the tenant's links, clicks,
    /// events or audit entries as `wayfinder export` writes them, streamed a page at a time (never
    /// built in memory). Each `what` is routed with its own permission; another answers `400`.
    func export(_ what: String, _ request: Request, _ context: APIRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let parsed: ExportRequest
        do {
            parsed = try ExportRequest(
                what: what, format: query.get("format"), since: query.get("since"),
                until: query.get("until"))
        } catch {
            throw Problem(error)
        }
        let export = RecordExport(store: store, tenant: context.tenant.id, request: parsed)
        var headers = HTTPFields()
        headers[.contentType] = parsed.format.contentType
        headers[.contentDisposition] =
            "attachment; filename=\"\(context.tenant.id)-\(parsed.what.rawValue).\(parsed.format.rawValue)\""
        headers[.cacheControl] = "no-store"
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                try await export.run { text in try await writer.write(ByteBuffer(string: text)) }
                try await writer.finish(nil)
            })
    }
}
