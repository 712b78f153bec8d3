extension LinkServiceConfiguration {
    /// Where the server learns visitors' countries: the trusted proxies' header
    /// (``countryHeader``), or `nil` when nothing is configured and `country` conditions never
    /// hold.
    var countryLookup: (any CountryLookup)? {
        let lookups: [any CountryLookup] = [
            countryHeader.flatMap { TrustedHeaderCountryLookup(header: $0, trustedProxies: trustedProxies) }
        ].compactMap { $0 }
        switch lookups.count {
        case 0: return nil
        case 1: return lookups[0]
        default: return CountryLookupChain(lookups: lookups)
        }
    }
}
