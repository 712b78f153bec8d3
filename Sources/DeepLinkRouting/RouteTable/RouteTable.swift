import Foundation

/// The app's routes compiled for matching: a frozen, `Sendable` value that resolves links
/// synchronously from any thread.
///
/// Build one from a manifest (``init(manifest:types:caseInsensitiveLiterals:)``) or with a
/// ``RouteTableBuilder``. ``resolve(_:)-(URL)`` answers ``Resolution/matched(_:)``,
/// ``Resolution/notDeepLink``, ``Resolution/excluded``, ``Resolution/notFound`` or
/// ``Resolution/invalid(reason:)`` without running anything; the ``Router`` actor, the link
/// server and `wayfinder route` all use it.
///
/// Matching walks a trie one segment at a time, trying literal, typed parameter, parameter,
/// optional and catch-all children in that order, so the most specific pattern wins segment by
/// segment from the left and the cost depends on the link, not on the number of routes. Patterns
/// that could tie were rejected when the table was built.
public struct RouteTable: Sendable {
    /// The routes in the order they were added; order does not decide matches (specificity does).
    public let routes: [Manifest.Route]
    /// Lowercased hosts whose http(s) links are the app's.
    public let domains: [String]
    /// Lowercased custom schemes.
    public let customSchemes: [String]
    /// Path patterns whose universal links are ``Resolution/excluded``.
    public let exclude: [PathPattern]
    /// Whether literal segments compare ignoring ASCII case.
    public let caseInsensitiveLiterals: Bool
    let trie: RouteTrie
    let pathRoot: Int32
    let schemeRoots: [Int32]
    private let excludeFilters: [ExcludeFilter]
    /// Route positions by name (names are unique in a table that built).
    private let routeIndex: [String: Int]
    /// `domains` and `customSchemes` as bytes, compared where they lie in a link.
    let domainBytes: [[UInt8]]
    let schemeBytes: [[UInt8]]

    init(
        routes: [Manifest.Route], domains: [String], customSchemes: [String], exclude: [PathPattern],
        caseInsensitiveLiterals: Bool, trie: RouteTrie, pathRoot: Int32, schemeRoots: [Int32],
        routeIndex: [String: Int]
    ) {
        self.routes = routes
        self.domains = domains
        self.customSchemes = customSchemes
        self.exclude = exclude
        self.caseInsensitiveLiterals = caseInsensitiveLiterals
        self.trie = trie
        self.pathRoot = pathRoot
        self.schemeRoots = schemeRoots
        self.excludeFilters = exclude.map(ExcludeFilter.init)
        self.domainBytes = domains.map { Array($0.utf8) }
        self.schemeBytes = customSchemes.map { Array($0.utf8) }
        self.routeIndex = routeIndex
    }

    /// The route with this name.
    public func route(named name: String) -> Manifest.Route? {
        routeIndex[name].map { routes[$0] }
    }

    /// Whether a universal link's raw path is excluded.
    func isExcluded(_ bytes: UnsafeBufferPointer<UInt8>, path range: Range<Int>) -> Bool {
        for filter in excludeFilters where filter.mightMatch(bytes, range) {
            if filter.pattern.matches(
                path: String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
            {
                return true
            }
        }
        return false
    }
}

/// An exclude pattern with the literal text its matches must start with, so that most paths are
/// turned away without building a string.
struct ExcludeFilter: Sendable {
    let pattern: PathPattern
    /// The normalized pattern's bytes before its first wildcard, without the leading and trailing
    /// slashes (a `/x/*` pattern also matches `/x`).
    let prefix: [UInt8]

    init(_ pattern: PathPattern) {
        self.pattern = pattern
        var prefix: [UInt8] = []
        for byte in PathPattern.normalize(pattern.text).utf8.dropFirst() {
            if byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") { break }
            prefix.append(byte)
        }
        while prefix.last == UInt8(ascii: "/") { prefix.removeLast() }
        self.prefix = prefix
    }

    func mightMatch(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var start = range.lowerBound
        while start < range.upperBound, bytes[start] == UInt8(ascii: "/") { start += 1 }
        guard range.upperBound - start >= prefix.count else { return false }
        for (offset, byte) in prefix.enumerated() where bytes[start + offset] != byte { return false }
        return true
    }
}
