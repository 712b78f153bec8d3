/// Where a visitor without the app goes, per platform; `nil` means the default (the App Store,
/// the Play Store, the tenant's website).
package struct Fallbacks: Sendable, Hashable {
    package var ios: String?
    package var android: String?
    package var desktop: String?

    package init(ios: String? = nil, android: String? = nil, desktop: String? = nil) {
        self.ios = ios
        self.android = android
        self.desktop = desktop
    }
}
