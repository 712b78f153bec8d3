import Synchronization

/// The redirect path's pages, rendered once and kept by what they show.
///
/// The key is the whole page model with placeholders in place of its per-visit values, so a page
/// is served again only to a visit that would draw exactly the same page: a change to the link,
/// its rules or variants, the manifest, or the kind of visitor makes another key, and the next
/// visit renders the new page, on every instance, with nothing to invalidate. Pages nobody draws
/// any more age out. At most `capacity` pages are kept, in two generations of half that size, as
/// the link cache keeps links (`CachingLinkStore`): a page drawn again in the old generation moves
/// to the young one, and when the young one is full the old one is dropped whole.
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

    private struct State {
        var young: [Key: SplicedPage] = [:]
        var old: [Key: SplicedPage] = [:]
        let generationSize: Int

        mutating func page(_ key: Key) -> SplicedPage? {
            if let page = young[key] { return page }
            guard let page = old.removeValue(forKey: key) else { return nil }
            insert(page, key)
            return page
        }

        mutating func insert(_ page: SplicedPage, _ key: Key) {
            if young.count >= generationSize, young[key] == nil {
                old = young
                young = Dictionary(minimumCapacity: generationSize)
            }
            young[key] = page
        }
    }

    private let state: Mutex<State>

    /// The number of pages kept by default: a few thousand links' pages for a few kinds of
    /// visitor each, at about 7 KB a page.
    package static let defaultCapacity = 4096

    package init(capacity: Int = SplicedPageCache.defaultCapacity) {
        state = Mutex(State(generationSize: max(1, capacity / 2)))
    }

    /// The page kept for `key`, or the one `render` makes (then kept).
    package func page(for key: Key, render: () -> SplicedPage) -> SplicedPage {
        if let page = state.withLock({ $0.page(key) }) { return page }
        // Rendered outside the lock: two visits that miss at once both render, and the same page.
        let page = render()
        state.withLock { $0.insert(page, key) }
        return page
    }

    /// How many pages are kept.
    package var count: Int { state.withLock { $0.young.count + $0.old.count } }
}
