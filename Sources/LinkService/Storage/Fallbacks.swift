/// Where a visitor without the app goes, per platform; `nil` means the default (the App Store,
/// the Play Store, the tenant's website).
public struct Fallbacks: Sendable, Hashable {
    public var ios: String?
    public var android: String?
    public var desktop: String?

    public init(ios: String? = nil, android: String? = nil, desktop: String? = nil) {
        self.ios = ios
        self.android = android
        self.desktop = desktop
    }
}
