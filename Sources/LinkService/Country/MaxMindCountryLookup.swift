import GeoIP
import LinkCore

/// The country of the client address in a MaxMind DB file (`WAYFINDER_GEOIP`, `--geoip`), read
/// by the `GeoIP` module's reader. The address is the one the rate limiter uses: the peer's, or a
/// trusted proxy's `X-Forwarded-For` entry.
package struct MaxMindCountryLookup: CountryLookup {
    package let database: MaxMindDatabase

    package func country(of origin: VisitorOrigin) -> String? {
        database.countryCode(for: origin.clientAddress).flatMap { CountryCode.normalized($0) }
    }
}
