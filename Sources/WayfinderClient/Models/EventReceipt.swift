/// The service's answer for one event: its id, and whether (and to which click and link) it was
/// attributed.
public struct EventReceipt: Sendable, Hashable {
    public let id: String
    public let name: AppEvent.Name
    /// Whether a click of the tenant within its attribution window was found.
    public let isAttributed: Bool
    /// The click the event is attributed to.
    public let clickID: String?
    /// The link of that click, or the link the event named.
    public let linkID: String?

    public init(id: String, name: AppEvent.Name, isAttributed: Bool, clickID: String? = nil, linkID: String? = nil) {
        self.id = id
        self.name = name
        self.isAttributed = isAttributed
        self.clickID = clickID
        self.linkID = linkID
    }
}
