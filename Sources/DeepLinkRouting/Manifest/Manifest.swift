import Foundation

/// The app manifest (`wayfinder.json`): one declarative file that names an app's identities, its
/// domains and its routes.
///
/// The router loads its routes from it, the AASA and assetlinks files are generated from it, and the
/// link server uses it to know which URLs are app links. A `Manifest` value is always valid: it can
/// only be made by ``Manifest/decode(_:)`` (or the throwing initializers), which check every field
/// and report every problem with its JSON path.
public struct Manifest: Sendable, Hashable {
    /// The tenant on the link server: lowercase letters, digits and `-`.
    public let id: String
    /// For people; the `id` when the manifest gives none.
    public let name: String
    /// The iOS app that opens the links; `nil` for an Android-only manifest.
    public let ios: IOSApp?
    /// The Android app that opens the links; `nil` for an iOS-only manifest.
    public let android: AndroidApp?
    /// Lowercase host names; universal-link paths are valid on every one (http and https).
    public let domains: [String]
    /// The app's website, where web fallbacks go.
    public let web: URL?
    /// The app's icon (an https image URL, square, at least 180 px), shown on the link service's
    /// preview page next to ``name`` (`"iconURL"`, optional).
    public let iconURL: URL?
    /// The app's screens and the URL shapes that open them, in the order written.
    public let routes: [Route]
    /// Paths that never open the app (AASA `exclude` components; the router answers `excluded`).
    public let exclude: [PathPattern]
    /// Whether the generated AASA also covers single-segment paths so that short links open the
    /// app directly (`"shortLinksOpenApp"`, default `true`).
    public let shortLinksOpenApp: Bool
    /// Path prefixes under which a domain serves links (`"linkPathPrefixes"`: domain → prefixes
    /// such as `"/link"`), as Firebase Dynamic Links URL prefixes like `https://acme.example/link`
    /// did: short links (`/link/abc`) and long links (`/link/?link=…`) answer there as well as at
    /// the root. Each prefix starts with `/` and has no trailing `/`.
    public let linkPathPrefixes: [String: [String]]
    /// What a Firebase Dynamic Links long link may put on the domains (`"longLinks"`).
    public let longLinks: LongLinks
    /// Attribution of app events and the click id on app-opening destinations (`"apps"`).
    public let apps: Apps
    /// Origins other than `https` on the default port that a link's URLs may use
    /// (`"linkOrigins"`, default none).
    public let linkOrigins: [LinkOrigin]

    /// The custom schemes the app registers, lowercased, without duplicates.
    public var customSchemes: [String] {
        var schemes: [String] = []
        for scheme in [ios?.scheme, android?.scheme].compactMap({ $0 }) where !schemes.contains(scheme) {
            schemes.append(scheme)
        }
        return schemes
    }

    /// The route with this name.
    public func route(named name: String) -> Route? {
        routes.first { $0.name == name }
    }

    init(
        id: String, name: String, ios: IOSApp?, android: AndroidApp?, domains: [String], web: URL?,
        routes: [Route], exclude: [PathPattern], shortLinksOpenApp: Bool, iconURL: URL? = nil,
        linkPathPrefixes: [String: [String]] = [:], longLinks: LongLinks = LongLinks(), linkOrigins: [LinkOrigin] = [],
        apps: Apps = Apps()
    ) {
        self.apps = apps
        self.id = id
        self.name = name
        self.ios = ios
        self.android = android
        self.domains = domains
        self.web = web
        self.routes = routes
        self.exclude = exclude
        self.shortLinksOpenApp = shortLinksOpenApp
        self.iconURL = iconURL
        self.linkPathPrefixes = linkPathPrefixes
        self.longLinks = longLinks
        self.linkOrigins = linkOrigins
    }
}

extension Manifest {
    /// The iOS identity of the app.
    public struct IOSApp: Sendable, Hashable {
        /// `<team ID>.<bundle ID>` for each app (or app variant) that opens the links.
        public let appIDs: [AppID]
        /// The numeric App Store ID, for store fallbacks and Smart App Banners.
        public let appStoreID: String?
        /// The custom URL scheme, lowercased.
        public let scheme: String?
    }

    /// The Android identity of the app.
    public struct AndroidApp: Sendable, Hashable {
        /// The application ID, such as `com.example.app`.
        public let package: String
        /// SHA-256 fingerprints of the signing certificates: 32 colon-separated upper-case hex bytes.
        public let sha256CertFingerprints: [String]
        /// The custom URL scheme, lowercased.
        public let scheme: String?

        /// Whether `text` is written as Android expects a signing-certificate fingerprint in the
        /// manifest and in assetlinks.json: 32 colon-separated upper-case hex bytes.
        public static func isSHA256Fingerprint(_ text: String) -> Bool {
            let bytes = text.split(separator: ":", omittingEmptySubsequences: false)
            return bytes.count == 32
                && bytes.allSatisfy { byte in
                    byte.utf8.count == 2
                        && byte.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("A"..."F").contains($0) }
                }
        }
    }

    /// One screen of the app and the URL shapes that open it.
    public struct Route: Sendable, Hashable {
        /// The name handlers are registered under and reverse routing looks up, unique in the manifest.
        public let name: String
        /// Universal-link path patterns (aliases of one another).
        public let paths: [RoutePattern]
        /// Custom-scheme link patterns.
        public let schemeLinks: [SchemeLinkPattern]
        /// Declared query items, in the order written.
        public let query: [QueryItem]
        /// Names of the barriers (sign-in, …) a link must pass before the route opens.
        public let barriers: [String]
        /// The web page that shows the route's content (`"web"`), for visitors without the app.
        public let web: WebPageTemplate?

        /// A route declared in code rather than read from a manifest; ``RouteTableBuilder`` checks it
        /// when the table is built.
        public init(
            name: String, paths: [RoutePattern] = [], schemeLinks: [SchemeLinkPattern] = [],
            query: [QueryItem] = [], barriers: [String] = [], web: WebPageTemplate? = nil
        ) {
            self.name = name
            self.paths = paths
            self.schemeLinks = schemeLinks
            self.query = query
            self.barriers = barriers
            self.web = web
        }
    }

    /// A query item a route declares; its value joins the route's parameters.
    public struct QueryItem: Sendable, Hashable {
        /// The item's name in the URL, such as `ref`.
        public let name: String
        /// Whether a URL without the item still matches.
        public let requirement: Requirement

        /// Whether a URL without the item still matches.
        public enum Requirement: String, Sendable, Hashable, CaseIterable {
            /// No match without it.
            case required
            /// The route matches with or without it.
            case optional
        }

        /// A query item declared in code.
        public init(name: String, requirement: Requirement) {
            self.name = name
            self.requirement = requirement
        }
    }
}
