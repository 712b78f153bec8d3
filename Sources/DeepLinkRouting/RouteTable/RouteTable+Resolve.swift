import Foundation

extension RouteTable {
    /// Resolves a link as the app would, without running anything. The source is
    /// ``DeepLink/Source/appLink`` when the URL carries a well-formed App Links payload (whose
    /// target URL is routed when it is one of the app's links), otherwise
    /// ``DeepLink/Source/universalLink`` for http(s) and ``DeepLink/Source/customScheme``.
    public func resolve(_ url: URL) -> Resolution {
        resolve(text: url.absoluteString, link: .url(url), source: nil, appLink: nil)
    }

    /// Resolves a link that was already read, keeping its source (a push payload stays
    /// ``DeepLink/Source/push``) and App Links payload.
    public func resolve(_ link: DeepLink) -> Resolution {
        resolve(text: link.url.absoluteString, link: .url(link.url), source: link.source, appLink: link.appLink)
    }

    /// Resolves link text; ``Resolution/invalid(reason:)`` when it is not a URL.
    public func resolve(_ text: String) -> Resolution {
        // Text that `URL(string:)` takes as written is matched as it is; its URL is made only if
        // the match's `url` is read.
        if text.withUTF8Buffer(VerbatimURLText.accepts) {
            return resolve(text: text, link: .text(text), source: nil, appLink: nil)
        }
        guard let url = URL(string: text) else {
            return .invalid(reason: "not a URL; a link looks like https://example.com/story/42 or example://open/42")
        }
        return resolve(url)
    }

    /// Whether the link opens a route.
    public func canOpen(_ url: URL) -> Bool {
        resolve(url).match != nil
    }

    private func resolve(text: String, link: RouteMatch.Link, source: DeepLink.Source?, appLink: AppLinkData?)
        -> Resolution
    {
        guard text.utf8.count < Int32.max else { return .invalid(reason: DeepLinkError.tooLong.reason) }
        return text.withUTF8Buffer { bytes in
            guard let parts = URLParts(bytes) else { return .invalid(reason: DeepLinkError.notAbsolute.reason) }
            var appLink = appLink
            if appLink == nil, source == nil || source == .appLink, let query = parts.query,
                let payload = QueryScanner.first(AppLinkData.queryItemName, in: bytes, query: query),
                let json = payload.flatMap({ QueryScanner.decoded(bytes, $0) })
            {
                appLink = AppLinkData(json: json)
            }
            guard let appLink else { return match(text, bytes, parts, link: link, source: source, appLink: nil) }
            let target = appLink.targetURL
            let targetText = target.absoluteString
            let resolution = targetText.withUTF8Buffer { targetBytes -> Resolution in
                guard let targetParts = URLParts(targetBytes) else { return .notDeepLink }
                return match(
                    targetText, targetBytes, targetParts, link: .url(target), source: .appLink, appLink: appLink)
            }
            if resolution != .notDeepLink { return resolution }
            return match(text, bytes, parts, link: link, source: .appLink, appLink: appLink)
        }
    }

    /// Matches the link's path (host first for a custom scheme) against the path patterns,
    /// whatever its scheme and host: for plugins that take a path on any host.
    func matchOnAnyHost(_ link: DeepLink) -> RouteMatch? {
        let text = link.url.absoluteString
        return text.withUTF8Buffer { bytes in
            guard let parts = URLParts(bytes) else { return nil }
            return match(
                text, bytes, parts, link: .url(link.url), source: link.source, appLink: link.appLink, anyHost: true
            )
            .match
        }
    }

    private static let https = Array("https".utf8)
    private static let http = Array("http".utf8)

    /// Matches a link whose text is `text` (`bytes`, split into `parts`).
    private func match(
        _ text: String, _ bytes: UnsafeBufferPointer<UInt8>, _ parts: URLParts, link: RouteMatch.Link,
        source: DeepLink.Source?,
        appLink: AppLinkData?, anyHost: Bool = false
    ) -> Resolution {
        let web =
            ASCII.equalsIgnoringCase(bytes, parts.scheme, Self.https)
            || ASCII.equalsIgnoringCase(bytes, parts.scheme, Self.http)
        let root: Int32
        if anyHost {
            guard web || !(parts.host ?? 0..<0).isEmpty else {
                return .invalid(reason: DeepLinkError.emptyHost.reason)
            }
            root = pathRoot
        } else if web {
            guard let host = parts.host, !host.isEmpty else {
                return .invalid(reason: DeepLinkError.emptyHost.reason)
            }
            guard domainBytes.contains(where: { ASCII.equalsIgnoringCase(bytes, host, $0) }) else {
                return .notDeepLink
            }
            if !exclude.isEmpty, isExcluded(bytes, path: parts.path) { return .excluded }
            root = pathRoot
        } else {
            guard let index = schemeBytes.firstIndex(where: { ASCII.equalsIgnoringCase(bytes, parts.scheme, $0) })
            else {
                return .notDeepLink
            }
            guard let host = parts.host, !host.isEmpty else {
                return .invalid(reason: DeepLinkError.emptyHost.reason)
            }
            root = schemeRoots[index]
        }
        var search = Search(bytes: bytes, parts: parts, web: web)
        if let problem = search.checkEscapes() { return .invalid(reason: problem) }
        let terminal = self.search(root, search.firstCursor, &search)
        if let problem = search.invalid { return .invalid(reason: problem) }
        guard terminal >= 0 else { return .notFound }
        let end = trie.terminals[Int(terminal)]
        let route = Int(end.route)
        return .matched(
            RouteMatch(
                route: routes[route].name, pattern: end.pattern,
                source: source ?? (web ? .universalLink : .customScheme), barriers: routes[route].barriers, link: link,
                appLink: appLink,
                storage: .captured(text: text, names: end.names, captures: search.captures)
            ))
    }

    /// The state of one match: the link's bytes, where its segments are, and the captures so far.
    struct Search {
        let bytes: UnsafeBufferPointer<UInt8>
        /// A custom scheme link's host, its first segment.
        let host: Range<Int>?
        let pathStart: Int
        let pathEnd: Int
        let query: Range<Int>?
        var hasEscapes = false
        var captures = CaptureList()
        var invalid: String? = nil

        /// The cursor that stands for "the host is next".
        static let hostCursor = -1

        init(bytes: UnsafeBufferPointer<UInt8>, parts: URLParts, web: Bool) {
            self.bytes = bytes
            self.host = web ? nil : parts.host
            let path = ASCII.trimmingTrailingSlashes(bytes, parts.path)
            var start = path.lowerBound
            if start < path.upperBound, bytes[start] == UInt8(ascii: "/") { start += 1 }
            self.pathStart = start
            self.pathEnd = path.upperBound
            self.query = parts.query
        }

        var firstCursor: Int { host == nil ? pathStart : Search.hostCursor }

        /// Checks every escape in the host and path once, so that matching can decode freely.
        mutating func checkEscapes() -> String? {
            hasEscapes =
                ASCII.contains(UInt8(ascii: "%"), bytes, pathStart..<pathEnd)
                || host.map { ASCII.contains(UInt8(ascii: "%"), bytes, $0) } ?? false
            guard hasEscapes else { return nil }
            if let host, !QueryScanner.decodes(bytes, host) {
                return DeepLinkError.invalidPercentEncoding(component: "host").reason
            }
            var valid = true
            PathSegments.forEach(bytes, in: pathStart..<pathEnd) { range in
                valid = QueryScanner.decodes(bytes, range)
                return valid
            }
            return valid ? nil : DeepLinkError.invalidPercentEncoding(component: "path").reason
        }

        /// The segment at `cursor` and the cursor after it, or `nil` when no segment is left.
        @inline(__always)
        func segment(at cursor: Int) -> (range: Range<Int>, next: Int)? {
            if cursor == Search.hostCursor, let host { return (host, pathStart) }
            guard cursor < pathEnd else { return nil }
            var end = cursor
            while end < pathEnd, bytes[end] != UInt8(ascii: "/") { end += 1 }
            return (cursor..<end, end == pathEnd ? pathEnd : end + 1)
        }

        /// The text from the segment at `cursor` to the end of the path, for a catch-all.
        func rest(from cursor: Int) -> Range<Int> {
            if cursor == Search.hostCursor, let host { return host.lowerBound..<max(host.upperBound, pathEnd) }
            return min(cursor, pathEnd)..<pathEnd
        }
    }

    /// Depth-first search in specificity order; the first terminal reached is the most specific.
    private func search(_ nodeIndex: Int32, _ cursor: Int, _ search: inout Search) -> Int32 {
        let node = trie.nodes[Int(nodeIndex)]
        guard let (range, next) = search.segment(at: cursor) else {
            if node.exact >= 0, acceptsQuery(node.exact, &search) { return node.exact }
            if node.optional >= 0, acceptsQuery(node.optional, &search) { return node.optional }
            if node.catchAll >= 0 {
                let rest = search.rest(from: cursor)
                search.captures.push(
                    Capture(
                        name: Int32(search.captures.count), start: Int32(rest.lowerBound), end: Int32(rest.lowerBound)))
                if acceptsQuery(node.catchAll, &search) { return node.catchAll }
                search.captures.pop()
            }
            return -1
        }
        if search.hasEscapes, ASCII.contains(UInt8(ascii: "%"), search.bytes, range) {
            // Escapes were checked by checkEscapes, so decoding cannot fail here.
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: range.count) { buffer in
                let count = PercentDecoding.decodeEscapes(
                    UnsafeBufferPointer(rebasing: search.bytes[range]), into: buffer)
                let key = UnsafeBufferPointer(rebasing: buffer[..<(count ?? 0)])
                return step(node, nodeIndex, cursor, range, next, key, &search)
            }
        }
        return step(node, nodeIndex, cursor, range, next, UnsafeBufferPointer(rebasing: search.bytes[range]), &search)
    }

    @inline(__always)
    private func step(
        _ node: RouteTrie.Node, _ nodeIndex: Int32, _ cursor: Int, _ range: Range<Int>, _ next: Int,
        _ key: UnsafeBufferPointer<UInt8>,
        _ search: inout Search
    ) -> Int32 {
        if node.hasLiterals {
            let child = trie.literals.child(of: nodeIndex, key: key, folding: node.foldsCase)
            if child >= 0 {
                let found = self.search(child, next, &search)
                if found >= 0 || search.invalid != nil { return found }
            }
        }
        // A parameter captures a non-empty segment; "//" leaves an empty one only a catch-all takes.
        if !key.isEmpty {
            let capture = Capture(
                name: Int32(search.captures.count), start: Int32(range.lowerBound), end: Int32(range.upperBound))
            var edge = node.typedStart
            while edge < node.typedEnd {
                let typed = trie.typedEdges[Int(edge)]
                // Types at one node are disjoint, so at most one accepts the segment.
                if trie.types[Int(typed.type)].accepts(key) {
                    search.captures.push(capture)
                    let found = self.search(typed.child, next, &search)
                    if found >= 0 || search.invalid != nil { return found }
                    search.captures.pop()
                    break
                }
                edge += 1
            }
            if node.param >= 0 {
                search.captures.push(capture)
                let found = self.search(node.param, next, &search)
                if found >= 0 || search.invalid != nil { return found }
                search.captures.pop()
            }
            if node.optional >= 0, search.segment(at: next) == nil,
                node.optionalType < 0 || trie.types[Int(node.optionalType)].accepts(key)
            {
                search.captures.push(capture)
                if acceptsQuery(node.optional, &search) { return node.optional }
                search.captures.pop()
            }
        }
        if node.catchAll >= 0 {
            let rest = search.rest(from: cursor)
            search.captures.push(
                Capture(name: Int32(search.captures.count), start: Int32(rest.lowerBound), end: Int32(rest.upperBound)))
            if acceptsQuery(node.catchAll, &search) { return node.catchAll }
            search.captures.pop()
        }
        return -1
    }

    /// Whether the link has the terminal's required query items; captures the declared ones.
    private func acceptsQuery(_ terminalIndex: Int32, _ search: inout Search) -> Bool {
        guard trie.terminals[Int(terminalIndex)].hasQuery else { return true }
        let terminal = trie.terminals[Int(terminalIndex)]
        let items = routes[Int(terminal.route)].query
        let before = search.captures.count
        for (offset, item) in items.enumerated() {
            let found = search.query.flatMap { QueryScanner.first(item.name, in: search.bytes, query: $0) }
            // An item found means the link has a query.
            guard let found, let query = search.query else {
                if item.requirement == .required {
                    search.captures.truncate(to: before)
                    return false
                }
                continue
            }
            let value = found ?? (query.upperBound..<query.upperBound)
            if !QueryScanner.decodes(search.bytes, value) {
                search.invalid = DeepLinkError.invalidPercentEncoding(component: "query").reason
                search.captures.truncate(to: before)
                return false
            }
            let name = Int32(terminal.pathParameterCount + offset)
            search.captures.push(Capture(name: name, start: Int32(value.lowerBound), end: Int32(value.upperBound)))
        }
        return true
    }
}
