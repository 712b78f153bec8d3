import LinkService

extension FuzzTarget {
    /// The `from` and `to` of a stats call (`GET /api/v1/links/{slug}/stats`, `GET
    /// /api/v1/stats`): what an API key sends that ends up in a ClickHouse statement. A range
    /// that is accepted holds its own bounds, and its bounds are `YYYY-MM-DD` in ASCII digits.
    static let statsRange = FuzzTarget(name: "stats-range") { bytes in
        let (first, second) = bytes.splitAtNUL
        let from = first.isEmpty ? nil : first.text
        guard let range = try? StatsRange(validatingFrom: from, to: second?.text) else { return }
        for bound in [range.from, range.to].compactMap({ $0 }) {
            precondition(bound.utf8.count == 10 && range.contains(bound), "accepted \(bound)")
            precondition(
                bound.utf8.enumerated().allSatisfy { index, byte in
                    [4, 7].contains(index) ? byte == UInt8(ascii: "-") : (0x30...0x39).contains(byte)
                }, "accepted \(bound)")
        }
    }
}
