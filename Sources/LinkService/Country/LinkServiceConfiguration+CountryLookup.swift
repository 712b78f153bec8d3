import Foundation
import GeoIP
import LinkCore

extension LinkServiceConfiguration {
    /// Where the server learns visitors' countries: the trusted proxies' header
    /// (``countryHeader``) first, then the MaxMind DB file (``geoIPPath``); `nil` when nothing is
    /// configured and `country` conditions never hold. Throws the reader's error for a file that
    /// cannot be opened or is no MaxMind DB.
    package func makeCountryLookup() throws -> (any CountryLookup)? {
        var lookups: [any CountryLookup] = []
        if let header = countryHeader.flatMap({ TrustedHeaderCountryLookup(header: $0, trustedProxies: trustedProxies) }
        ) {
            lookups.append(header)
        }
        if let geoIPPath {
            lookups.append(
                MaxMindCountryLookup(database: try MaxMindDatabase(contentsOf: URL(fileURLWithPath: geoIPPath))))
        }
        switch lookups.count {
        case 0: return nil
        case 1: return lookups[0]
        default: return CountryLookupChain(lookups: lookups)
        }
    }
}
