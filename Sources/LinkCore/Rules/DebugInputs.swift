/// What a person types into the `?d=1` page to try a visitor: a country, an `Accept-Language`
/// and a client address (`?d=1&country=DE&language=de-AT&ip=203.0.113.7`).
package struct DebugInputs: Sendable, Hashable {
    package var country = ""
    package var language = ""
    package var ip = ""

    /// The typed country as a code, when it is one.
    package var countryCode: String? { country.utf8.count == 2 ? CountryCode.normalized(country) : nil }

    /// The inputs of a `?d=1` query, each cut to a sane length.
    package init(query: (String) -> String?) {
        func value(_ name: String) -> String { String((query(name) ?? "").prefix(200)) }
        country = value("country")
        language = value("language")
        ip = value("ip")
    }

    package init() {}
}
