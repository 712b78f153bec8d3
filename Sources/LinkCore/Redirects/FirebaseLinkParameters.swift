import DeepLinkRouting
import Foundation

/// Firebase Dynamic Links parameters by their FDL names (`link`, `apn`, `ifl`, …), however they
/// came: a long link's query, a row of Google's export, or the body of FDL's REST call (which
/// ``FirebaseShortLinksAPI`` maps onto these names). One mapping turns them into a link's
/// content, so the three ways in cannot drift apart.
///
/// | FDL | Wayfinder |
/// |---|---|
/// | `link` | destination |
/// | `ifl`, `afl`, `ofl` | iOS, Android, desktop fallbacks |
/// | `ipfl` | iPad fallback |
/// | `efr=1` | skip the preview |
/// | `st`, `sd`, `si` | social card |
/// | `utm_*` | campaign (also the Play Store referrer) |
/// | `at`, `ct`, `mt`, `pt`, `gclid` | store campaign fields, passed on as sent |
/// | `ibi`, `ipbi`, `isi`, `ius`, `imv`, `apn`, `amv` | kept with the link; checked against the manifest |
package struct FirebaseLinkParameters: Sendable, Hashable {
    /// Every parameter name understood, in FDL's documentation order.
    package static let names = [
        "link", "apn", "afl", "amv", "ibi", "ifl", "ius", "ipfl", "ipbi", "isi", "imv", "efr", "ofl", "st", "sd", "si",
        "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "at", "ct", "mt", "pt", "gclid",
    ]
    package static let nameSet = Set(names)

    /// Values by name; empty values are left out (an empty export cell is no value).
    package private(set) var values: [String: String]

    package init(_ values: [String: String]) {
        self.values = values.filter { !$0.value.isEmpty }
    }

    /// The parameters of a long link's query (`link=…&apn=…`), percent-decoded; the names that
    /// are not FDL parameters are returned apart.
    package init(query: String) {
        var values: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = parts.first.flatMap({ PercentDecoding.decode($0) }) else { continue }
            let value = parts.count > 1 ? PercentDecoding.decode(parts[1]) ?? "" : ""
            if values[name] == nil { values[name] = value }
        }
        self.init(values)
    }

    package subscript(name: String) -> String? {
        get { values[name] }
        set { values[name] = newValue.flatMap { $0.isEmpty ? nil : $0 } }
    }

    /// Names given that are not FDL parameters.
    package var unknownNames: [String] { values.keys.filter { !Self.nameSet.contains($0) }.sorted() }

    /// The link's content, as FDL documented each parameter. Nothing is checked here: the content
    /// goes through the same checks as any created link (``LinkPolicy``).
    package var content: LinkContent {
        let social = SocialCard(title: values["st"], description: values["sd"], imageURL: values["si"])
        var utm = UTMParameters()
        for name in UTMParameters.names { utm[name] = values["utm_" + name] }
        let firebase = FirebaseParameters(
            ipadFallback: values["ipfl"], iosBundleID: values["ibi"], ipadBundleID: values["ipbi"],
            appStoreID: values["isi"], iosCustomScheme: values["ius"], iosMinimumVersion: values["imv"],
            androidPackage: values["apn"], androidMinimumVersion: values["amv"], affiliateToken: values["at"],
            campaignToken: values["ct"], mediaType: values["mt"], providerToken: values["pt"], gclid: values["gclid"])
        return LinkContent(
            destination: values["link"] ?? "",
            social: social.isEmpty ? nil : social,
            fallbacks: Fallbacks(ios: values["ifl"], android: values["afl"], desktop: values["ofl"]),
            skipPreview: Self.isTrue(values["efr"]),
            utm: utm,
            firebase: firebase)
    }

    /// FDL read `efr=1` (and the REST API's `true`) as on.
    package static func isTrue(_ value: String?) -> Bool {
        value == "1" || value?.lowercased() == "true"
    }

    /// Where the app identities the parameters name differ from the manifest's: the manifest's
    /// app is the one links open, so these are warnings, never a change of app.
    package func warnings(for manifest: Manifest) -> [FirebaseWarning] {
        var warnings: [FirebaseWarning] = []
        let bundleIDs = Set(manifest.ios?.appIDs.map(\.bundleID) ?? [])
        if let apn = values["apn"], apn != manifest.android?.package {
            warnings.append(
                FirebaseWarning(
                    code: "NOT_IN_PROJECT_ANDROID_PACKAGE_NAME", parameter: "apn",
                    message: manifest.android.map {
                        "apn \"\(apn)\" is not the manifest's Android app; the link opens \($0.package)"
                    }
                        ?? "apn \"\(apn)\" names an Android app, but the manifest has none; Android visitors go to the fallback or the website"
                ))
        }
        if let amv = values["amv"], Int(amv) == nil {
            warnings.append(
                FirebaseWarning(
                    code: "NOT_INTEGER_ANDROID_PACKAGE_MIN_VERSION", parameter: "amv",
                    message: "amv \"\(amv)\" is not a whole number (Android version codes are); kept as written"))
        }
        for (name, code) in [("ibi", "NOT_IN_PROJECT_IOS_BUNDLE_ID"), ("ipbi", "NOT_IN_PROJECT_IPAD_BUNDLE_ID")] {
            guard let bundleID = values[name], !bundleIDs.contains(bundleID) else { continue }
            let opens =
                bundleIDs.isEmpty
                ? "the manifest has no iOS app" : "the link opens \(bundleIDs.sorted().joined(separator: ", "))"
            warnings.append(
                FirebaseWarning(
                    code: code, parameter: name,
                    message: "\(name) \"\(bundleID)\" is not a bundle ID of the manifest's iOS app; \(opens)"))
        }
        if let isi = values["isi"], isi != manifest.ios?.appStoreID {
            warnings.append(
                FirebaseWarning(
                    code: "NOT_MATCHING_IOS_BUNDLE_ID_AND_STORE_ID", parameter: "isi",
                    message: manifest.ios?.appStoreID.map {
                        "isi \"\(isi)\" is not the manifest's App Store ID; visitors are sent to id\($0)"
                    }
                        ?? "isi \"\(isi)\" names an App Store app, but the manifest has no appStoreID; iOS visitors go to the fallback or the website"
                ))
        }
        return warnings
    }

    /// The FDL parameter a field of a link request stands for, so that a problem found by the
    /// shared checks names what the team wrote.
    package static func parameter(forField field: String?) -> String? {
        switch field {
        case "destination": "link"
        case "fallbacks.ios": "ifl"
        case "fallbacks.android": "afl"
        case "fallbacks.desktop": "ofl"
        case "firebase.ipadFallback": "ipfl"
        case "social.imageURL": "si"
        case "social.title": "st"
        case "social.description": "sd"
        default: field
        }
    }
}

/// A difference between what an FDL link asked for and what Wayfinder does, with FDL's warning
/// code (`warningCode` in the REST answer).
package struct FirebaseWarning: Sendable, Hashable {
    package var code: String
    /// The FDL parameter concerned.
    package var parameter: String
    package var message: String

    /// A value with every stored property given.
    package init(code: String, parameter: String, message: String) {
        self.code = code
        self.parameter = parameter
        self.message = message
    }
}
