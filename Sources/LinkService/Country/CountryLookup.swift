import HTTPTypes
import LinkCore

/// Where a visitor is, by country: what `country` conditions of redirect rules read.
///
/// The server asks once per visit (``VisitCountry``) when it has a source. Two sources:
/// a header set by a proxy the operator trusts (``TrustedHeaderCountryLookup``) and a MaxMind DB
/// file looked up by the client address.
package protocol CountryLookup: Sendable {
    /// The visitor's ISO 3166-1 alpha-2 code, upper case; `nil` when unknown.
    func country(of origin: VisitorOrigin) -> String?
}

/// What a country lookup may read of a request.
package struct VisitorOrigin: Sendable {
    /// The address of the peer that sent the request (perhaps a proxy); `nil` when unknown.
    package var peerAddress: String?
    /// The client address under the trusted-proxy rules (``ClientAddressing/clientAddress(of:context:)``).
    package var clientAddress: String
    package var headers: HTTPFields

    package init(peerAddress: String?, clientAddress: String, headers: HTTPFields) {
        self.peerAddress = peerAddress
        self.clientAddress = clientAddress
        self.headers = headers
    }
}

/// Sources asked in order: the first that knows the country answers.
package struct CountryLookupChain: CountryLookup {
    package let lookups: [any CountryLookup]

    package func country(of origin: VisitorOrigin) -> String? {
        for lookup in lookups {
            if let country = lookup.country(of: origin) { return country }
        }
        return nil
    }
}
