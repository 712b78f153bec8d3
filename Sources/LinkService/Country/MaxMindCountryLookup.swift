import GeoIP

/// The country of the client address in a MaxMind DB file (`WAYFINDER_GEOIP`, `--geoip`), read
/// by the `GeoIP` module's reader. The address is the one the rate limiter uses: the peer's, or a
/// trusted proxy's `X-Forwarded-For` entry.
struct MaxMindCountryLookup: CountryLookup {
    let database: MaxMindDatabase

    func country(of origin: VisitorOrigin) -> String? {
        database.countryCode(for: origin.clientAddress).flatMap { CountryCode.normalized($0) }
    }
}
