import DeepLinkRouting

extension AASAFile {
    /// A JSON value kept exactly as the file wrote it: a part iOS ignores, which a rewrite of the
    /// file must still carry (see ``QueryPattern/ignoredDictionary(_:)``).
    ///
    /// Its text is compact JSON with the members in file order; two values compare equal when
    /// they are the same JSON written the same way, wherever they stood in their files.
    public struct RawJSON: Sendable, Hashable, CustomStringConvertible {
        package let node: JSONNode

        package init(_ node: JSONNode) {
            self.node = node
        }

        /// The value as compact JSON text, such as `{"id":42}`.
        public var description: String { node.jsonText(style: .compact) }
    }
}
