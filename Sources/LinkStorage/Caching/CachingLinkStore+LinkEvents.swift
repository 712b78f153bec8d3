import LinkCore

extension CachingLinkStore {
    /// Counts are read from the store every time (they change with every click batch).
    package func linkEvents(tenant: String, linkID: String, sinceDay days: Int) async throws -> LinkEventCounts {
        try await base.linkEvents(tenant: tenant, linkID: linkID, sinceDay: days)
    }
}
