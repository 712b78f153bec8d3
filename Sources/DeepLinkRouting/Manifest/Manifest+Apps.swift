extension Manifest {
    /// How the link service treats the tenant's apps after a click (`"apps"`, optional): how long
    /// an event can be attributed to the click that brought it, and whether app-opening
    /// destinations carry the click's id (`wf_click`).
    public struct Apps: Sendable, Hashable {
        /// The longest attribution window a manifest can set, in days.
        public static let maximumAttributionWindowDays = 90

        /// Days after a click within which an app's event is attributed to it (default 7).
        public let attributionWindowDays: Int
        /// Whether a destination that opens the app is to carry `wf_click=<click id>` (default
        /// `true`): an Android intent's URL, the iOS page's "Open in app" and its Smart App
        /// Banner's `app-argument`.
        public let clickParameter: Bool

        public init(attributionWindowDays: Int = 7, clickParameter: Bool = true) {
            self.attributionWindowDays = attributionWindowDays
            self.clickParameter = clickParameter
        }
    }
}
