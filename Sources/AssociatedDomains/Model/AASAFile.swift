import DeepLinkRouting

/// An `apple-app-site-association` file: the `applinks` service (universal links) and the
/// `webcredentials`, `appclips` and `activitycontinuation` services.
///
/// Every shape in use is representable: legacy `paths` (with `NOT `), `details` keyed by app ID,
/// modern `components`, `defaults` at the file and detail level, and `substitutionVariables`.
/// Read one with ``decode(_:)`` (lenient: a broken entry is reported and skipped, the rest is
/// kept) and write it back with ``jsonText(style:)``. Decide URLs with ``CompiledAASA``.
public struct AASAFile: Sendable, Hashable {
    /// The `applinks` service: which URLs open which apps (universal links).
    public var applinks: AppLinks?
    /// The `webcredentials` service: apps that share the site's saved passwords.
    public var webcredentials: ServiceApps?
    /// The `appclips` service: App Clips that the site's links may open.
    public var appclips: ServiceApps?
    /// The `activitycontinuation` service: apps that continue Handoff activities from the site.
    public var activitycontinuation: ServiceApps?

    /// A file with these services; a service left `nil` is not written.
    public init(
        applinks: AppLinks? = nil, webcredentials: ServiceApps? = nil, appclips: ServiceApps? = nil,
        activitycontinuation: ServiceApps? = nil
    ) {
        self.applinks = applinks
        self.webcredentials = webcredentials
        self.appclips = appclips
        self.activitycontinuation = activitycontinuation
    }

    /// The most an association file may weigh, signed or not (Apple's CDN refuses larger files).
    public static let maximumSize = 128 * 1024

    /// The `apps` list of `webcredentials`, `appclips` and `activitycontinuation`.
    public struct ServiceApps: Sendable, Hashable {
        /// The app IDs (`<team ID>.<bundle ID>`) the service names, in file order.
        public var apps: [String]

        /// A service naming these app IDs.
        public init(apps: [String]) {
            self.apps = apps
        }
    }

    /// The `applinks` service.
    public struct AppLinks: Sendable, Hashable {
        /// Legacy files must carry `"apps": []`; `nil` when the key is absent.
        public var apps: [String]?
        /// `applinks.defaults`: flags (and, observed, pattern keys) every component inherits.
        public var defaults: Component?
        /// The entries, in file order: for an app, iOS tries the rules of each detail naming it in
        /// this order.
        public var details: [Detail]
        /// Whether `details` was written as an array or as the older dictionary keyed by app ID.
        public var detailsShape: DetailsShape
        /// `applinks.substitutionVariables`, in file order.
        public var substitutionVariables: [SubstitutionVariable]

        /// The `applinks` service from its parts; by default an array of no details.
        public init(
            apps: [String]? = nil, defaults: Component? = nil, details: [Detail] = [],
            detailsShape: DetailsShape = .array, substitutionVariables: [SubstitutionVariable] = []
        ) {
            self.apps = apps
            self.defaults = defaults
            self.details = details
            self.detailsShape = detailsShape
            self.substitutionVariables = substitutionVariables
        }

        /// How `details` is written.
        public enum DetailsShape: String, Sendable, Hashable {
            /// `[{"appIDs": […], "components": […]}]`, the iOS 13+ form.
            case array
            /// `{"<app ID>": {"paths": […]}}`, the pre-iOS 13 variant.
            case dictionary
        }
    }

    /// A named list of values that `$(name)` in a pattern stands for.
    public struct SubstitutionVariable: Sendable, Hashable {
        /// The name `$(name)` refers to.
        public var name: String
        /// The texts `$(name)` may stand for.
        public var values: [String]

        /// A variable named `name` standing for any of `values`.
        public init(name: String, values: [String]) {
            self.name = name
            self.values = values
        }
    }

    /// One entry of `applinks.details`: the apps it names and their rules.
    public struct Detail: Sendable, Hashable {
        /// The apps this entry is for (`appIDs`, or the single `appID`, or the dictionary key).
        public var appIDs: [String]
        /// Which key named the apps, so the file is written back as it was read.
        public var appIDKey: AppIDKey
        /// Legacy path rules (`"NOT /x"` excludes); ignored when `components` is present.
        public var paths: [String]?
        /// Modern rules (iOS 13+), tried in order: the first that matches decides.
        public var components: [Component]?
        /// The detail's `defaults`, between `applinks.defaults` and each component.
        public var defaults: Component?

        /// A detail for `appIDs` with legacy `paths`, modern `components`, or both.
        public init(
            appIDs: [String], appIDKey: AppIDKey = .appIDs, paths: [String]? = nil, components: [Component]? = nil,
            defaults: Component? = nil
        ) {
            self.appIDs = appIDs
            self.appIDKey = appIDKey
            self.paths = paths
            self.components = components
            self.defaults = defaults
        }

        /// How a detail names its apps.
        public enum AppIDKey: String, Sendable, Hashable {
            /// `"appID": "…"` (one app, legacy) or `"appIDs": […]`.
            case appID, appIDs
            /// The key of a dictionary-shaped `details`.
            case dictionaryKey
        }

        /// Whether the detail's rules are its components (iOS 13+) rather than its legacy paths.
        public var usesComponents: Bool { components != nil }
    }

    /// One rule of a modern detail, or a `defaults` object (same keys). Every key is optional:
    /// an unspecified pattern key matches anything.
    public struct Component: Sendable, Hashable {
        /// `/`: the path pattern.
        public var path: String?
        /// `?`: the query pattern.
        public var query: QueryPattern?
        /// `#`: the fragment pattern.
        public var fragment: String?
        /// `exclude`: a match keeps the URL on the web instead of opening the app; `nil` inherits.
        public var exclude: Bool?
        /// `caseSensitive`: whether patterns compare case-sensitively (`true` by default); `nil` inherits.
        public var caseSensitive: Bool?
        /// `percentEncoded`: whether patterns compare as percent-encoded text (`true` by default); `nil`
        /// inherits.
        public var percentEncoded: Bool?
        /// `comment`: a note for people; iOS ignores it.
        public var comment: String?

        /// A component from its keys; a key left `nil` is not written.
        public init(
            path: String? = nil, query: QueryPattern? = nil, fragment: String? = nil, exclude: Bool? = nil,
            caseSensitive: Bool? = nil, percentEncoded: Bool? = nil, comment: String? = nil
        ) {
            self.path = path
            self.query = query
            self.fragment = fragment
            self.exclude = exclude
            self.caseSensitive = caseSensitive
            self.percentEncoded = percentEncoded
            self.comment = comment
        }

        /// Whether the object carries any of `/`, `?`, `#` (a warning inside `defaults`).
        public var hasPatternKeys: Bool { path != nil || query != nil || fragment != nil }
    }

    /// The `?` key of a component.
    public enum QueryPattern: Sendable, Hashable {
        /// A pattern for the raw query as a whole.
        case whole(String)
        /// Item name → value pattern; only the named items are tested.
        case items([QueryItemPattern])
        /// A dictionary with a non-string value: iOS ignores the whole dictionary (kept as written).
        case ignoredDictionary(RawJSON)
    }

    /// One `"name": "pattern"` entry of a query dictionary.
    public struct QueryItemPattern: Sendable, Hashable {
        /// The query item's name, matched exactly.
        public var name: String
        /// The pattern its value must match (`*`, `?` and substitution variables).
        public var pattern: String

        /// An entry requiring the item `name` with a value matching `pattern`.
        public init(name: String, pattern: String) {
            self.name = name
            self.pattern = pattern
        }
    }
}
