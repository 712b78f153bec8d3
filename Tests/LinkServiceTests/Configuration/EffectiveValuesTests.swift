import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// `wayfinder serve --print-config` shows the value in force of a key set nowhere.
@Suite("Configuration values in force")
struct EffectiveValuesTests {
    @Test("every documented key has a value in force, except those whose default is none")
    func effectiveValuesCoverEveryKey() {
        let documented = Set(LinkServiceConfiguration.documentedKeys.map(\.environment))
        let effective = LinkServiceConfiguration().effectiveValues
        #expect(Set(effective.keys).isSubset(of: documented), "\(Set(effective.keys).subtracting(documented))")
        #expect(
            documented.subtracting(effective.keys)
                == [
                    "WAYFINDER_MANIFEST", "WAYFINDER_TRUSTED_PROXIES", "WAYFINDER_GEOIP", "WAYFINDER_COUNTRY_HEADER",
                    "WAYFINDER_CLICKHOUSE_URL", "WAYFINDER_CLICKHOUSE_USER", "WAYFINDER_CLICKHOUSE_PASSWORD",
                    "WAYFINDER_DNS_RESOLVER", "WAYFINDER_DOMAIN_TARGET", "WAYFINDER_RESERVED_DOMAIN_SUFFIXES",
                    "WAYFINDER_OIDC_ISSUER", "WAYFINDER_OIDC_CLIENT_ID", "WAYFINDER_OIDC_CLIENT_SECRET",
                    "WAYFINDER_OIDC_REDIRECT_URI", "WAYFINDER_OIDC_ALLOWED_DOMAINS", "WAYFINDER_CONSOLE_KEY_SIGN_IN",
                ])
        #expect(effective["WAYFINDER_WEBHOOKS_RETRY_SECONDS"] == "5,300,1800,7200,18000,36000,50400,72000,86400")
        #expect(effective["WAYFINDER_CLICK_FLUSH"] == "batched")
    }
}
