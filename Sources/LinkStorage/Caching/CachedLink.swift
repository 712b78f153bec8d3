import LinkCore

/// A link as ``CachingLinkStore`` read it, with the stamp of that read.
package struct CachedLink: Sendable {
    package let link: Link
    /// Equal only for the same version of the link: a change has another (a read that finds the
    /// link unchanged keeps it).
    package let version: VersionStamp

    package init(link: Link, version: VersionStamp) {
        self.link = link
        self.version = version
    }
}
