import LinkCore

/// A link as ``CachingLinkStore`` read it, with the stamp of that read.
package struct CachedLink: Sendable {
    package let link: Link
    /// Equal only for the same read of the link: another read, or a change, has another.
    package let version: VersionStamp

    package init(link: Link, version: VersionStamp) {
        self.link = link
        self.version = version
    }
}
