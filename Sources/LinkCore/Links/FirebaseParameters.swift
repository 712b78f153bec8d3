import Foundation

/// What a link brought from Firebase Dynamic Links beyond Wayfinder's own fields: kept with the
/// link so it behaves as FDL documented, and so nothing an FDL link said is lost on the move.
///
/// `ipadFallback` (`ipfl`) is where an iPad without the app goes; the App Store campaign fields
/// (`at`, `ct`, `mt`, `pt`) travel to the App Store as FDL sent them, `gclid` to the Play Store
/// referrer. The app identities (`ibi`, `ipbi`, `isi`, `apn`) and versions (`imv`, `amv`) and the
/// custom scheme (`ius`) are kept as written: the manifest decides which app opens, and a
/// mismatch is reported as a warning when the link is made, never acted on.
package struct FirebaseParameters: Sendable, Hashable, Codable {
    /// `ipfl`.
    package var ipadFallback: String?
    /// `ibi`, `ipbi`, `isi`, `ius`, `imv`.
    package var iosBundleID: String?
    package var ipadBundleID: String?
    package var appStoreID: String?
    package var iosCustomScheme: String?
    package var iosMinimumVersion: String?
    /// `apn`, `amv`.
    package var androidPackage: String?
    package var androidMinimumVersion: String?
    /// iTunes Connect campaign fields `at`, `ct`, `mt`, `pt`.
    package var affiliateToken: String?
    package var campaignToken: String?
    package var mediaType: String?
    package var providerToken: String?
    /// Google Play `gclid`.
    package var gclid: String?
    /// The link's name in the Firebase console (`link_name` of the export).
    package var linkName: String?

    package init(
        ipadFallback: String? = nil, iosBundleID: String? = nil, ipadBundleID: String? = nil,
        appStoreID: String? = nil, iosCustomScheme: String? = nil, iosMinimumVersion: String? = nil,
        androidPackage: String? = nil, androidMinimumVersion: String? = nil, affiliateToken: String? = nil,
        campaignToken: String? = nil, mediaType: String? = nil, providerToken: String? = nil, gclid: String? = nil,
        linkName: String? = nil
    ) {
        self.ipadFallback = ipadFallback
        self.iosBundleID = iosBundleID
        self.ipadBundleID = ipadBundleID
        self.appStoreID = appStoreID
        self.iosCustomScheme = iosCustomScheme
        self.iosMinimumVersion = iosMinimumVersion
        self.androidPackage = androidPackage
        self.androidMinimumVersion = androidMinimumVersion
        self.affiliateToken = affiliateToken
        self.campaignToken = campaignToken
        self.mediaType = mediaType
        self.providerToken = providerToken
        self.gclid = gclid
        self.linkName = linkName
    }

    /// Whether no field is set (a link without FDL parameters stores none).
    package var isEmpty: Bool { self == FirebaseParameters() }

    /// The App Store campaign query items (`at`, `ct`, `mt`, `pt`) that are set, in that order.
    package var appStoreCampaign: [(name: String, value: String)] {
        [("at", affiliateToken), ("ct", campaignToken), ("mt", mediaType), ("pt", providerToken)].compactMap {
            name, value in value.map { (name, $0) }
        }
    }

    /// The stored form: compact JSON with sorted keys, `nil` when empty.
    package var storedText: String? {
        guard !isEmpty else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Reads the stored form; `nil` for none (or text this version cannot read).
    package init?(storedText: String?) {
        guard let storedText, let decoded = try? JSONDecoder().decode(Self.self, from: Data(storedText.utf8)),
            !decoded.isEmpty
        else { return nil }
        self = decoded
    }
}
