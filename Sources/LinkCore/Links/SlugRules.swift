/// What a slug may be, and how new ones are made.
package enum SlugRules {
    package static let maximumLength = 64
    package static let generatedLength = 7
    package static let unguessableLength = 22
    /// First path segments the server's own routes take (a link there would be created and never
    /// answer: `/v1/…` is the Firebase Dynamic Links API, `/admin` the console, `/tls/ask` the
    /// certificate check), and ones people would mistake for its pages; refused in any letter case.
    /// A test walks the router and fails when a route's first segment is missing here.
    package static let reserved: Set<String> = [
        "api", "v1", "admin", "well-known", "healthz", "readyz", "tls", "metrics", "apple-app-site-association",
        "assetlinks", "resolve", "static", "assets", "login", "logout", "robots", "favicon",
        "console", "sign-in", "sign-out", "signin", "signout",
    ]
    private static let alphabet = Array("abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789".utf8)

    /// Whether `text` has the shape of a slug: 1–64 (or 1–`maximumLength`) of `[A-Za-z0-9_-]`.
    package static func isWellFormed(_ text: some StringProtocol, maximumLength: Int = maximumLength) -> Bool {
        let utf8 = text.utf8
        guard !utf8.isEmpty, utf8.count <= maximumLength else { return false }
        return utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F
        }
    }

    /// Why `slug` cannot be a custom alias, or `nil` when it can.
    package static func problem(with slug: String) -> String? {
        guard isWellFormed(slug) else {
            return "the slug \"\(slug)\" must be 1 to \(maximumLength) characters of A-Z, a-z, 0-9, \"_\" and \"-\""
        }
        if reserved.contains(slug.lowercased()) {
            return
                "the slug \"\(slug)\" is reserved for the server's own paths (/\(slug.lowercased())…), where a link would never be reached; choose another"
        }
        return nil
    }

    /// A new random slug: 7 characters without look-alikes (`l`, `1`, `O`, `0`), or 22 characters
    /// (about 131 bits) that cannot be guessed.
    package static func generate(unguessable: Bool) -> String {
        unguessable
            ? RandomText.make(length: unguessableLength, from: RandomText.lettersAndDigits)
            : RandomText.make(length: generatedLength, from: alphabet)
    }
}
