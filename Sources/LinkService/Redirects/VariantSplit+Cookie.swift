import Hummingbird
import LinkCore

extension VariantSplit {
    /// The cookie that keeps `variant`, scoped to the link's path.
    package static func cookie(name: String, variant: Int, slug: String) -> Cookie {
        Cookie(
            name: name, value: String(variant), maxAge: cookieLifetime, path: "/" + slug, httpOnly: true,
            sameSite: .lax)
    }
}
