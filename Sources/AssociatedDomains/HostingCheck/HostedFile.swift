/// A file `wayfinder check` fetches: the three association files on the domain itself, and
/// Apple's CDN copy of the AASA.
public enum HostedFile: String, Sendable, Hashable, CaseIterable {
    /// `/.well-known/apple-app-site-association`, where iOS 9 and later look first.
    case appleAppSiteAssociation = "/.well-known/apple-app-site-association"
    /// `/apple-app-site-association`, the legacy location older clients and tools still try.
    case rootAppleAppSiteAssociation = "/apple-app-site-association"
    /// `/.well-known/assetlinks.json`, Android's Digital Asset Links file.
    case assetLinks = "/.well-known/assetlinks.json"
    /// `https://app-site-association.cdn-apple.com/a/v1/<domain>`: what Apple's CDN holds and
    /// hands to devices.
    case appleCDN = "apple-cdn"

    /// The files fetched from the domain itself, in the order they are checked.
    public static let onOrigin: [HostedFile] = [.appleAppSiteAssociation, .rootAppleAppSiteAssociation, .assetLinks]

    /// The path on the domain, or `nil` for the CDN copy (which lives on Apple's host).
    public var originPath: String? { self == .appleCDN ? nil : rawValue }

    /// Whether the file is an AASA (as opposed to assetlinks.json).
    public var isAppleAppSiteAssociation: Bool { self != .assetLinks }

    /// How a checklist names the file.
    public var label: String { self == .appleCDN ? "Apple CDN" : rawValue }
}
