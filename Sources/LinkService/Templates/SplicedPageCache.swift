import LinkCore

/// The redirect path's pages, rendered once and kept by what they show.
///
/// The key is the whole page model with placeholders in place of its per-visit values, so a page
/// is served again only to a visit that would draw exactly the same page: a change to the link,
/// its rules or variants, the manifest, or the kind of visitor makes another key, and the next
/// visit renders the new page, on every instance, with nothing to invalidate. Pages nobody draws
/// any more age out. At most `capacity` pages are kept, in a ``SharedCache``: two generations, as
/// the link cache keeps links.
package final class SplicedPageCache: Sendable {
    /// A page model as a key of any page type.
    package struct Key: Hashable, @unchecked Sendable {
        // Unchecked because `AnyHashable` is not `Sendable`; the only way in is `init(_:)`, which
        // takes a `Sendable` value, and the box is never mutated.
        private let page: AnyHashable

        package init(_ page: some Hashable & Sendable) {
            self.page = AnyHashable(page)
        }
    }

    private let pages: SharedCache<Key, SplicedPage>

    /// The number of pages kept by default: a few thousand links' pages for a few kinds of
    /// visitor each, at about 7 KB a page.
    package static let defaultCapacity = 4096

    package init(capacity: Int = SplicedPageCache.defaultCapacity) {
        pages = SharedCache(capacity: capacity)
    }

    /// The page kept for `key`, or the one `render` makes (then kept).
    package func page(for key: Key, render: () -> SplicedPage) -> SplicedPage {
        pages.value(for: key, make: render)
    }

    /// How many pages are kept.
    package var count: Int { pages.count }
}
