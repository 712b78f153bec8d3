extension Manifest {
    /// What a Firebase Dynamic Links long link (`https://<domain>/?link=…&st=…&si=…`) may put on
    /// the tenant's domain (`"longLinks"`, optional).
    ///
    /// A long link carries its own social card: `st` (title), `sd` (description) and `si` (image).
    /// FDL showed them, so by default Wayfinder does too; but anyone can write a long link, so a
    /// team may drop the card (`"social": "ignore"`) or keep images only from its own hosts
    /// (`"imageHosts": ["cdn.example.com"]`). An image is https only, whichever the setting.
    public struct LongLinks: Sendable, Hashable {
        /// Whether a long link's `st`, `sd` and `si` are shown (`"keep"`, the default) or
        /// dropped (`"ignore"`).
        public enum Social: String, Sendable, Hashable, CaseIterable {
            case keep
            case ignore
        }

        public let social: Social
        /// Lowercase hosts a long link's `si` may name (over https); `nil`: any host the link
        /// service allows for images.
        public let imageHosts: [String]?

        public init(social: Social = .keep, imageHosts: [String]? = nil) {
            self.social = social
            self.imageHosts = imageHosts
        }

        /// Whether a long link's image `url` may be shown: it must be https (a preview page on the
        /// tenant's domain loads no plain-http image), on one of ``imageHosts`` when they are
        /// given, else on any host, as FDL showed any.
        public func allowsImage(_ url: String) -> Bool {
            guard social == .keep else { return false }
            guard let split = SplitURL(url), split.scheme.lowercased() == "https", let host = split.host,
                !host.isEmpty
            else {
                return false
            }
            guard let imageHosts else { return true }
            return imageHosts.contains(host.lowercased())
        }
    }
}
