import LinkCore

extension MemoryLinkStore {
    package func click(tenant: String, id: ClickID) async throws -> ClickReference? {
        // The newest first: an app names its click soon after it.
        guard let click = clicks.last(where: { $0.id == id && $0.tenant == tenant }) else { return nil }
        return ClickReference(id: id, linkID: click.linkID, time: click.time, platform: click.platform)
    }
}
