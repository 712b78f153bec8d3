/// One page of a tenant's links, oldest first, and the cursor of the next page (`nil` on the last).
public struct LinkPage: Sendable, Hashable {
    public var links: [Link]
    public var nextCursor: String?

    public init(links: [Link], nextCursor: String?) {
        self.links = links
        self.nextCursor = nextCursor
    }
}
