/// One rule `wayfinder check` judges. The raw values are stable identifiers for scripts (`--json`);
/// `Documentation/Check.md` explains each one and its fix.
public enum HostingRule: String, Sendable, Hashable, CaseIterable {
    /// The file could be requested at all (DNS, connection, time limit).
    case reachable
    /// The TLS certificate is valid for the host against the trusted roots.
    case tls
    /// The file answers directly, without a 3xx redirect.
    case noRedirect = "no-redirect"
    /// The file answers with status 200.
    case status
    /// `application/json`, or `application/pkcs7-mime` for a CMS-signed AASA.
    case contentType = "content-type"
    /// At most 128 KB, signed or not.
    case size
    /// A CMS-signed AASA's signature matches its content and its certificate chains to a trusted
    /// root (only iOS 8 required it, so a failure is a warning).
    case signature
    /// The body reads as an AASA (signed or not) or as assetlinks.json.
    case parses
    /// The validator finds no errors (warnings are reported as warnings).
    case validates
    /// The checked host is one of the manifest's domains.
    case domainInManifest = "domain-in-manifest"
    /// A manifest app ID is named by the served AASA.
    case appID = "app-id"
    /// Sampled URLs of a manifest route decide `match` for every app ID.
    case route
    /// Sampled URLs of a manifest `exclude` pattern decide `exclude` for every app ID.
    case exclude
    /// The manifest's Android package is granted `handle_all_urls` by the served assetlinks.json.
    case assetLinksPackage = "assetlinks-package"
    /// The manifest's signing-certificate fingerprints are listed for that package.
    case assetLinksFingerprints = "assetlinks-fingerprints"
    /// The served Android 15 dynamic App Links rules for that package are the manifest's (and
    /// decide its sampled URLs alike).
    case assetLinksDynamicRules = "assetlinks-dynamic-rules"
    /// Apple's CDN holds a copy of the AASA (and what it says when it does not).
    case cdnFetch = "cdn-fetch"
    /// Apple's copy means the same as the origin's.
    case cdnCurrent = "cdn-current"
}
