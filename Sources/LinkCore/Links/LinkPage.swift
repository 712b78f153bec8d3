/// One page of a tenant's links, oldest first, and the cursor of the next page (`nil` on the last).
package struct LinkPage: Sendable, Hashable {
    package var links: [Link]
    package var nextCursor: String?

    package init(links: [Link], nextCursor: String?) {
        self.links = links
        self.nextCursor = nextCursor
    }
}

extension LinkPage {
    /// The position a cursor names (a link's `seq`), as every store reads it.
    package static func position(of cursor: String) throws -> Int {
        guard let seq = Int(cursor), seq >= 0 else { throw LinkStoreError.invalidCursor(cursor) }
        return seq
    }
}
