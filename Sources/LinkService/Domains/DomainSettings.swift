/// How runtime domains are verified and what the API tells tenants to point them at.
public struct DomainSettings: Sendable, Hashable {
    /// The DNS server TXT records are looked up through (`host:port`, an IP address); `nil`: the
    /// first name server of `/etc/resolv.conf`.
    public var resolver: String? = nil
    /// Where tenants point a domain (a CNAME target, the server's public name), shown with each
    /// added domain; `nil`: not shown.
    public var target: String? = nil
    /// Suffixes no tenant may add a domain under (the operator's own zone), lowercase.
    public var reservedSuffixes: [String] = []
    /// How often pending domains are looked at, and the served set re-read from the store.
    public var checkInterval: Duration = .seconds(60)
    /// How often each served domain's hosting is checked (`DomainHealthChecker`); zero: never.
    public var healthInterval: Duration = .seconds(3600)
    /// Where Apple's CDN answers for a domain (the domain follows): its copy of the AASA is part
    /// of each domain's health.
    public var appleCDNURL: String = "https://app-site-association.cdn-apple.com/a/v1/"

    public init() {}
}
