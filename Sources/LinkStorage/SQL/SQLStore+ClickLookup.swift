import LinkCore

extension SQLStore {
    package func click(tenant: String, id: ClickID) async throws -> ClickReference? {
        let rows = try await read(
            "SELECT link_id, time, platform FROM clicks WHERE click_id = \(id.text) AND tenant = \(tenant) LIMIT 1")
        guard let row = rows.first else { return nil }
        let reader = RowReader(row: row, table: "clicks", key: ["click_id"])
        let platform: String = try reader.read("platform")
        return ClickReference(
            id: id, linkID: try reader.read("link_id"), time: try reader.read("time"),
            platform: Platform(rawValue: platform) ?? .other)
    }
}
