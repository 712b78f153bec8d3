import DeepLinkRouting
import Foundation
import LinkCore

/// Writes a tenant's links as `wayfinder import csv` reads them back (CSV), or one JSON object a
/// line (JSONL), page by page: the export is streamed, never built in memory.
///
/// A CSV row has `id`, `domain`, `slug`, `destination`, `tags` (separated by spaces), `createdAt`
/// and `importedClicks` for people, and `link`, the link's create body as JSON: everything needed
/// to make the link again (rules, variants, tags, UTM, fallbacks, social card, expiry). A JSONL
/// line is the API's link JSON with `importedClicks`. A password hash is never written (a
/// protected link says `passwordProtected` in JSONL).
package struct LinkExport: Sendable {
    package let store: any LinkStore
    package let tenant: String
    package let request: ExportRequest
    /// Links read a page.
    package var pageSize = 500

    package init(store: any LinkStore, tenant: String, request: ExportRequest) {
        self.store = store
        self.tenant = tenant
        self.request = request
    }

    /// The CSV header, in the order ``WayfinderCSVFormat`` reads.
    package static let columns = WayfinderCSVFormat.columns

    /// Writes the export to `write`, a piece at a time (the header, then a page of rows a call).
    package func run(_ write: (String) async throws -> Void) async throws {
        if request.format == .csv { try await write(CSVWriter.record(Self.columns)) }
        var cursor: String? = nil
        repeat {
            let page = try await store.links(tenant: tenant, after: cursor, limit: pageSize)
            var text = ""
            for link in page.links where included(link) {
                text += line(link)
            }
            if !text.isEmpty { try await write(text) }
            cursor = page.nextCursor
        } while cursor != nil
    }

    private func included(_ link: Link) -> Bool {
        if let since = request.since, link.createdAt < since { return false }
        if let until = request.until, link.createdAt >= until { return false }
        return true
    }

    /// One link as a CSV record or a JSONL line.
    package func line(_ link: Link) -> String {
        let body = LinkRequest.document(of: link).jsonText(style: .compact)
        switch request.format {
        case .csv:
            return CSVWriter.record([
                link.id, link.domain, link.slug, link.content.destination, link.content.tags.joined(separator: " "),
                ISO8601.string(from: link.createdAt), String(link.importedClicks), body,
            ])
        case .jsonl:
            var members = LinkJSON.node(link).objectValue ?? []
            members.append(.init(key: "importedClicks", value: JSONNode(integerLiteral: link.importedClicks)))
            return JSONNode(.object(members)).jsonText(style: .compact) + "\n"
        }
    }
}
