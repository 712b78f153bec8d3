/// The values of one preview page (see ``PageTemplates/preview``).
struct PreviewPage: Sendable, Hashable {
    var title: String
    var description: String?
    var imageURL: String?
    var shortURL: String
    var siteName: String
    /// The link's destination: the Smart App Banner's `app-argument`.
    var destination: String
    var appStoreID: String?
    var iosURL: String?
    var androidPackage: String?
    var androidURL: String?
    var getAppURL: String?
    var webURL: String?
    /// The app's icon (manifest `iconURL`).
    var iconURL: String? = nil
    /// The deferred deep link claim URL "Get the app" copies (iOS visitors only).
    var claimURL: String? = nil

    var mustacheContext: [String: Any] {
        var context: [String: Any] = [
            "title": title, "shortURL": shortURL, "siteName": siteName, "destination": destination,
        ]
        context["description"] = description
        context["imageURL"] = imageURL
        context["appStoreID"] = appStoreID
        context["iosURL"] = iosURL
        context["androidPackage"] = androidPackage
        context["androidURL"] = androidURL
        context["getAppURL"] = getAppURL
        context["webURL"] = webURL
        context["iconURL"] = iconURL
        context["claimURL"] = claimURL
        context["initial"] = siteName.first.map { String($0).uppercased() } ?? "?"
        context["host"] = WebURL(shortURL)?.host
        return context
    }
}
