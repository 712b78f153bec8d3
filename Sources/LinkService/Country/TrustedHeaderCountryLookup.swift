import HTTPTypes
import LinkCore

/// The country a trusted proxy puts in a header (Cloudflare's `CF-IPCountry`, or any header named
/// by `WAYFINDER_COUNTRY_HEADER`).
///
/// The header is believed only when the request's peer is one of
/// ``LinkServiceConfiguration/trustedProxies``: anyone else could write any country there. A
/// value that is no ISO 3166-1 alpha-2 code (Cloudflare's `XX` for unknown, `T1` for Tor) is no
/// country.
package struct TrustedHeaderCountryLookup: CountryLookup {
    package let header: HTTPField.Name
    package let trustedProxies: Set<String>

    package init?(header: String, trustedProxies: [String]) {
        guard let name = HTTPField.Name(header) else { return nil }
        self.header = name
        self.trustedProxies = Set(trustedProxies)
    }

    package func country(of origin: VisitorOrigin) -> String? {
        guard let peer = origin.peerAddress, trustedProxies.contains(peer),
            let value = origin.headers[header], value.utf8.count == 2
        else { return nil }
        return CountryCode.normalized(value)
    }
}
