import Configuration
import DNSClient
import DeepLinkRouting
import Foundation
import HTTPTypes
import LinkCore
import LinkDelivery
import LinkStorage

extension LinkServiceConfiguration {
    /// The configuration keys, as `wayfinder serve --help` documents them. With the environment
    /// provider a key `wayfinder.port` is the variable `WAYFINDER_PORT`.
    public static let documentedKeys = serverKeys + WebhookSettings.documentedKeys

    private static let serverKeys: [(key: String, environment: String, meaning: String)] = [
        ("wayfinder.manifest", "WAYFINDER_MANIFEST", "manifest files, comma-separated"),
        ("wayfinder.database", "WAYFINDER_DATABASE", "database URL (sqlite:PATH or postgres://…)"),
        (
            "wayfinder.postgres.connections", "WAYFINDER_POSTGRES_CONNECTIONS",
            "connections to PostgreSQL, all kept open (default 20)"
        ),
        (
            "wayfinder.postgres.keepalive.seconds", "WAYFINDER_POSTGRES_KEEPALIVE_SECONDS",
            "seconds a PostgreSQL connection waits unused before a keep-alive query (default 5; 0: never)"
        ),
        ("wayfinder.host", "WAYFINDER_HOST", "address to listen on"),
        ("wayfinder.port", "WAYFINDER_PORT", "port to listen on"),
        ("wayfinder.click.batch.size", "WAYFINDER_CLICK_BATCH_SIZE", "clicks per database write"),
        ("wayfinder.click.flush.interval.ms", "WAYFINDER_CLICK_FLUSH_INTERVAL_MS", "milliseconds between click writes"),
        (
            "wayfinder.click.flush", "WAYFINDER_CLICK_FLUSH",
            "batched (default) or synchronous: write each click before answering"
        ),
        (
            "wayfinder.link.cache.capacity", "WAYFINDER_LINK_CACHE_CAPACITY",
            "links kept in the redirect cache at most (default 100000)"
        ),
        (
            "wayfinder.resolve.rate.per.minute", "WAYFINDER_RESOLVE_RATE_PER_MINUTE",
            "resolve calls per client address per minute"
        ),
        ("wayfinder.api.rate.per.minute", "WAYFINDER_API_RATE_PER_MINUTE", "API calls per key per minute"),
        (
            "wayfinder.app.links.per.minute", "WAYFINDER_APP_LINKS_PER_MINUTE",
            "links an app key may create per minute, per key and per client address"
        ),
        ("wayfinder.audit.retention.days", "WAYFINDER_AUDIT_RETENTION_DAYS", "days the audit log keeps an entry"),
        (
            "wayfinder.trust.forwarded.for", "WAYFINDER_TRUST_FORWARDED_FOR",
            "take every peer for a proxy: client addresses from X-Forwarded-For's rightmost entry (true/false)"
        ),
        (
            "wayfinder.deferred.lifetime.seconds", "WAYFINDER_DEFERRED_LIFETIME_SECONDS",
            "seconds a deferred deep link claim token stays claimable (default 86400)"
        ),
        (
            "wayfinder.deferred.claim.rate.per.minute", "WAYFINDER_DEFERRED_CLAIM_RATE_PER_MINUTE",
            "deferred claims per client address per minute"
        ),
        (
            "wayfinder.trusted.proxies", "WAYFINDER_TRUSTED_PROXIES",
            "addresses of TLS-terminating proxies whose X-Forwarded-Proto/-For are believed, comma-separated"
        ),
        (
            "wayfinder.console.idle.seconds", "WAYFINDER_CONSOLE_IDLE_SECONDS",
            "seconds a console session lasts without a request (default 1800)"
        ),
        (
            "wayfinder.console.lifetime.seconds", "WAYFINDER_CONSOLE_LIFETIME_SECONDS",
            "seconds a console session lasts at most after signing in, however active (default 43200)"
        ),
        ("wayfinder.oidc.issuer", "WAYFINDER_OIDC_ISSUER", "OpenID Connect provider for console single sign-on"),
        ("wayfinder.oidc.client.id", "WAYFINDER_OIDC_CLIENT_ID", "this server's client id at the provider"),
        ("wayfinder.oidc.client.secret", "WAYFINDER_OIDC_CLIENT_SECRET", "this server's client secret"),
        (
            "wayfinder.oidc.redirect.uri", "WAYFINDER_OIDC_REDIRECT_URI",
            "https://<console host>/admin/sso/callback, as registered with the provider"
        ),
        (
            "wayfinder.oidc.allowed.domains", "WAYFINDER_OIDC_ALLOWED_DOMAINS",
            "email domains that join a tenant as viewers without an invitation: tenant=domain domain;tenant=domain"
        ),
        (
            "wayfinder.console.key.sign.in", "WAYFINDER_CONSOLE_KEY_SIGN_IN",
            "whether the console takes API keys (default: while no person exists)"
        ),
        (
            "wayfinder.console.signin.rate.per.minute", "WAYFINDER_CONSOLE_SIGNIN_RATE_PER_MINUTE",
            "console sign-in attempts per client address per minute (default 10)"
        ),
        (
            "wayfinder.public.rate.per.minute", "WAYFINDER_PUBLIC_RATE_PER_MINUTE",
            "redirects, previews, well-known files and console pages per client address per minute (default 12000; 0: no limit)"
        ),
        (
            "wayfinder.geoip", "WAYFINDER_GEOIP",
            "MaxMind DB file (GeoLite2-Country or -City) to look visitors' countries up in, for redirect rules"
        ),
        (
            "wayfinder.dns.resolver", "WAYFINDER_DNS_RESOLVER",
            "DNS server (IP address[:port]) runtime domains' TXT records are looked up through (default: the first of /etc/resolv.conf)"
        ),
        (
            "wayfinder.domain.target", "WAYFINDER_DOMAIN_TARGET",
            "the server's public name, shown as where tenants point the domains they add (a CNAME target)"
        ),
        (
            "wayfinder.reserved.domain.suffixes", "WAYFINDER_RESERVED_DOMAIN_SUFFIXES",
            "domain suffixes no tenant may add a runtime domain under, comma-separated (e.g. the server's own zone)"
        ),
        (
            "wayfinder.domain.health.seconds", "WAYFINDER_DOMAIN_HEALTH_SECONDS",
            "seconds between health checks of each served domain's AASA, assetlinks.json and Apple CDN copy (default 3600; 0: never)"
        ),
        (
            "wayfinder.apple.cdn.url", "WAYFINDER_APPLE_CDN_URL",
            "where Apple's CDN answers for a domain, the domain appended (default https://app-site-association.cdn-apple.com/a/v1/)"
        ),
        (
            "wayfinder.country.header", "WAYFINDER_COUNTRY_HEADER",
            "header a trusted proxy names the visitor's country in, for redirect rules (e.g. CF-IPCountry)"
        ),
        (
            "wayfinder.memory.trim.seconds", "WAYFINDER_MEMORY_TRIM_SECONDS",
            "seconds between handing freed memory back to the system, on glibc (default 1; 0: never)"
        ),
        (
            "wayfinder.background.niceness", "WAYFINDER_BACKGROUND_NICENESS",
            "added to the nice value of webhook delivery's and the ClickHouse shipper's threads, 0-19 (Linux; default 0)"
        ),
        (
            "wayfinder.log.format", "WAYFINDER_LOG_FORMAT",
            "text (default) or json: one JSON object per line and event, with the request id of each request's events"
        ),
        (
            "wayfinder.log.full.addresses", "WAYFINDER_LOG_FULL_ADDRESSES",
            "true: logs write whole client addresses; false (default): an IPv4 address's /24, an IPv6 address's /48"
        ),
        (
            "wayfinder.http.head.timeout.seconds", "WAYFINDER_HTTP_HEAD_TIMEOUT_SECONDS",
            "seconds a new connection may take to send a whole request head (default 60)"
        ),
        (
            "wayfinder.http.body.timeout.seconds", "WAYFINDER_HTTP_BODY_TIMEOUT_SECONDS",
            "seconds a request may take to send its whole body (default 60)"
        ),
        (
            "wayfinder.http.idle.timeout.seconds", "WAYFINDER_HTTP_IDLE_TIMEOUT_SECONDS",
            "seconds a keep-alive connection may stay silent between requests (default 75)"
        ),
        (
            "wayfinder.http.connections.per.address", "WAYFINDER_HTTP_CONNECTIONS_PER_ADDRESS",
            "open connections per client address; trusted proxies are not counted (default 256; 0: no limit)"
        ),
        (
            "wayfinder.http.max.connections", "WAYFINDER_HTTP_MAX_CONNECTIONS",
            "open connections in all; at it those waiting longest for a request head are closed (default 0: the file limit less a fifth, at least 128)"
        ),
        (
            "wayfinder.metrics.address", "WAYFINDER_METRICS_ADDRESS",
            "HOST:PORT of the /metrics listener, never the public one (default 127.0.0.1:9464; off: none)"
        ),
        (
            "wayfinder.clickhouse.url", "WAYFINDER_CLICKHOUSE_URL",
            "ClickHouse's HTTP interface for click analytics, http://HOST:8123/?database=NAME (default: none)"
        ),
        ("wayfinder.clickhouse.user", "WAYFINDER_CLICKHOUSE_USER", "ClickHouse user, when the URL names none"),
        (
            "wayfinder.clickhouse.password", "WAYFINDER_CLICKHOUSE_PASSWORD",
            "ClickHouse password, when the URL gives none"
        ),
        (
            "wayfinder.clickhouse.outbox.limit", "WAYFINDER_CLICKHOUSE_OUTBOX_LIMIT",
            "click events kept at most while ClickHouse is away; older ones are dropped (default 10000000)"
        ),
    ]

    /// Where `wayfinder serve` serves `/metrics` unless told otherwise.
    public static let defaultMetricsAddress = ListenAddress(host: "127.0.0.1", port: 9464)

    /// Reads every documented key from `reader`, keeping the default of each key that is not set.
    ///
    /// A database URL that does not parse throws `LinkStoreError/unsupportedDatabaseURL(_:)`.
    public init(reading reader: ConfigReader) throws {
        self.init()
        let scope = reader.scoped(to: "wayfinder")
        manifestPaths = scope.stringArray(forKey: "manifest", default: [])
        if let database = scope.string(forKey: "database") {
            self.database = try DatabaseURL(parsing: database)
        }
        if let connections = scope.int(forKey: "postgres.connections") {
            guard connections >= 1 else {
                throw InvalidValue(
                    key: "wayfinder.postgres.connections", value: String(connections), expected: "a whole number from 1"
                )
            }
            postgres.maximumConnections = connections
            postgres.minimumConnections = connections
        }
        if let seconds = scope.int(forKey: "postgres.keepalive.seconds") {
            guard seconds >= 0 else {
                throw InvalidValue(
                    key: "wayfinder.postgres.keepalive.seconds", value: String(seconds),
                    expected: "a whole number of seconds, 0 for no keep-alive query")
            }
            postgres.keepAliveInterval = seconds == 0 ? nil : .seconds(seconds)
        }
        host = scope.string(forKey: "host", default: host)
        port = scope.int(forKey: "port", default: port)
        clickBatchSize = scope.int(forKey: "click.batch.size", default: clickBatchSize)
        if let milliseconds = scope.int(forKey: "click.flush.interval.ms") {
            clickFlushInterval = .milliseconds(milliseconds)
        }
        if let flush = scope.string(forKey: "click.flush") {
            guard let mode = ClickFlushMode(rawValue: flush) else {
                throw InvalidValue(
                    key: "wayfinder.click.flush", value: flush,
                    expected: ClickFlushMode.allCases.map(\.rawValue).joined(separator: " or "))
            }
            clickFlush = mode
        }
        linkCacheCapacity = scope.int(forKey: "link.cache.capacity", default: linkCacheCapacity)
        if let perMinute = scope.int(forKey: "resolve.rate.per.minute") {
            resolveRateLimit = RateLimit(requests: perMinute, per: .seconds(60))
        }
        if let perMinute = scope.int(forKey: "app.links.per.minute") {
            appLinkRateLimit = RateLimit(requests: perMinute, per: .seconds(60))
        }
        if let days = scope.int(forKey: "audit.retention.days") {
            auditRetention = .seconds(max(1, days) * 86_400)
        }
        if let perMinute = scope.int(forKey: "api.rate.per.minute") {
            apiRateLimit = RateLimit(requests: perMinute, per: .seconds(60))
        }
        trustForwardedFor = scope.bool(forKey: "trust.forwarded.for", default: trustForwardedFor)
        if let seconds = scope.int(forKey: "deferred.lifetime.seconds") {
            claimTokenLifetime = .seconds(seconds)
        }
        if let perMinute = scope.int(forKey: "deferred.claim.rate.per.minute") {
            claimRateLimit = RateLimit(requests: perMinute, per: .seconds(60))
        }
        trustedProxies = scope.stringArray(forKey: "trusted.proxies", default: trustedProxies)
        if let seconds = scope.int(forKey: "console.idle.seconds") {
            consoleIdleTimeout = .seconds(seconds)
        }
        if let seconds = scope.int(forKey: "console.lifetime.seconds") {
            consoleSessionLifetime = .seconds(seconds)
        }
        oidcIssuer = scope.string(forKey: "oidc.issuer").flatMap { $0.isEmpty ? nil : $0 }
        oidcClientID = scope.string(forKey: "oidc.client.id").flatMap { $0.isEmpty ? nil : $0 }
        oidcClientSecret = scope.string(forKey: "oidc.client.secret").flatMap { $0.isEmpty ? nil : $0 }
        oidcRedirectURI = scope.string(forKey: "oidc.redirect.uri").flatMap { $0.isEmpty ? nil : $0 }
        if oidcIssuer != nil, oidcClientID == nil || oidcRedirectURI == nil {
            throw InvalidValue(
                key: "wayfinder.oidc.client.id", value: oidcClientID ?? "",
                expected: "a client id and a redirect URI (WAYFINDER_OIDC_REDIRECT_URI) with WAYFINDER_OIDC_ISSUER")
        }
        if let text = scope.string(forKey: "oidc.allowed.domains"), !text.isEmpty {
            allowedEmailDomains = try Self.allowedEmailDomains(text)
        }
        if scope.string(forKey: "console.key.sign.in") != nil {
            consoleKeySignIn = scope.bool(forKey: "console.key.sign.in", default: true)
        }
        if let perMinute = scope.int(forKey: "console.signin.rate.per.minute") {
            consoleSignInRateLimit = RateLimit(requests: perMinute, per: .seconds(60))
        }
        if let perMinute = scope.int(forKey: "public.rate.per.minute") {
            publicRateLimit = RateLimit(requests: perMinute, per: .seconds(60))
        }
        if let path = scope.string(forKey: "geoip"), !path.isEmpty { geoIPPath = path }
        if let resolver = scope.string(forKey: "dns.resolver"), !resolver.isEmpty {
            do {
                _ = try DNSResolver(address: resolver)
            } catch {
                throw InvalidValue(
                    key: "wayfinder.dns.resolver", value: resolver,
                    expected: "an IP address and an optional port, such as 127.0.0.1:53 or [::1]:5353")
            }
            domains.resolver = resolver
        }
        if let target = scope.string(forKey: "domain.target"), !target.isEmpty { domains.target = target }
        if let suffixes = scope.string(forKey: "reserved.domain.suffixes"), !suffixes.isEmpty {
            domains.reservedSuffixes = try suffixes.split(separator: ",").map { suffix in
                do {
                    return try DomainName.normalized(String(suffix.filter { $0 != " " }))
                } catch {
                    throw InvalidValue(
                        key: "wayfinder.reserved.domain.suffixes", value: String(suffix),
                        expected: "host names such as links.example.com, comma-separated")
                }
            }
        }
        if let seconds = scope.int(forKey: "domain.health.seconds") {
            guard seconds >= 0 else {
                throw InvalidValue(
                    key: "wayfinder.domain.health.seconds", value: String(seconds),
                    expected: "a whole number of seconds, such as 3600, or 0 for no health checks")
            }
            domains.healthInterval = .seconds(seconds)
        }
        if let url = scope.string(forKey: "apple.cdn.url"), !url.isEmpty {
            guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
                throw InvalidValue(
                    key: "wayfinder.apple.cdn.url", value: url,
                    expected:
                        "an http(s) URL the domain is appended to, such as https://app-site-association.cdn-apple.com/a/v1/"
                )
            }
            domains.appleCDNURL = url
        }
        if let header = scope.string(forKey: "country.header"), !header.isEmpty {
            guard HTTPField.Name(header) != nil else {
                throw InvalidValue(key: "wayfinder.country.header", value: header, expected: "an HTTP header name")
            }
            countryHeader = header
        }
        if let seconds = scope.int(forKey: "memory.trim.seconds") {
            memoryTrimInterval = .seconds(seconds)
        }
        if let niceness = scope.int(forKey: "background.niceness") {
            guard (0...19).contains(niceness) else {
                throw InvalidValue(
                    key: "wayfinder.background.niceness", value: String(niceness),
                    expected: "a whole number from 0 (the server's own priority) to 19 (the lowest)")
            }
            backgroundNiceness = niceness
        }
        try webhooks.read(from: scope)
        let metrics = scope.string(forKey: "metrics.address", default: Self.defaultMetricsAddress.description)
        metricsAddress = metrics == "off" ? nil : try ListenAddress(parsing: metrics, key: "wayfinder.metrics.address")
        if let url = scope.string(forKey: "clickhouse.url", isSecret: true), !url.isEmpty {
            clickhouse = try ClickHouseURL(
                parsing: url, user: scope.string(forKey: "clickhouse.user"),
                password: scope.string(forKey: "clickhouse.password", isSecret: true))
        }
        if let limit = scope.int(forKey: "clickhouse.outbox.limit") {
            guard limit >= 1 else {
                throw InvalidValue(
                    key: "wayfinder.clickhouse.outbox.limit", value: String(limit), expected: "a whole number from 1")
            }
            clickhouseOutboxLimit = limit
        }
        if let format = scope.string(forKey: "log.format") {
            guard let value = LogFormat(rawValue: format) else {
                throw InvalidValue(
                    key: "wayfinder.log.format", value: format,
                    expected: LogFormat.allCases.map(\.rawValue).joined(separator: " or "))
            }
            logFormat = value
        }
        logFullClientAddresses = scope.bool(forKey: "log.full.addresses", default: logFullClientAddresses)
        try readConnectionLimits(scope)
    }

    private mutating func readConnectionLimits(_ scope: ConfigReader) throws {
        func seconds(_ value: Int?, key: String) throws -> Duration? {
            guard let value else { return nil }
            guard value >= 1 else {
                throw InvalidValue(key: key, value: String(value), expected: "a whole number of seconds from 1")
            }
            return .seconds(value)
        }
        if let head = try seconds(
            scope.int(forKey: "http.head.timeout.seconds"), key: "wayfinder.http.head.timeout.seconds")
        {
            connectionLimits.headTimeout = head
        }
        if let body = try seconds(
            scope.int(forKey: "http.body.timeout.seconds"), key: "wayfinder.http.body.timeout.seconds")
        {
            connectionLimits.bodyTimeout = body
        }
        if let idle = try seconds(
            scope.int(forKey: "http.idle.timeout.seconds"), key: "wayfinder.http.idle.timeout.seconds")
        {
            connectionLimits.idleTimeout = idle
        }
        if let connections = scope.int(forKey: "http.connections.per.address") {
            guard connections >= 0 else {
                throw InvalidValue(
                    key: "wayfinder.http.connections.per.address", value: String(connections),
                    expected: "a whole number, 0 for no limit")
            }
            connectionLimits.connectionsPerAddress = connections
        }
        if let maximum = scope.int(forKey: "http.max.connections") {
            guard maximum >= 0 else {
                throw InvalidValue(
                    key: "wayfinder.http.max.connections", value: String(maximum),
                    expected: "a whole number, 0 for the file limit less a fifth")
            }
            connectionLimits.maximumConnections = maximum
        }
    }

    /// `WAYFINDER_OIDC_ALLOWED_DOMAINS`: `tenant=domain domain;tenant=domain`, domains lowercased.
    package static func allowedEmailDomains(_ text: String) throws(InvalidValue) -> [String: [String]] {
        var domains: [String: [String]] = [:]
        for entry in text.split(separator: ";") {
            let parts = entry.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let names = parts.count == 2 ? parts[1].split(whereSeparator: { $0 == " " || $0 == "," }) : []
            guard parts.count == 2, !parts[0].isEmpty, !names.isEmpty,
                names.allSatisfy({ $0.contains(".") && !$0.contains("@") })
            else {
                throw InvalidValue(
                    key: "wayfinder.oidc.allowed.domains", value: String(entry),
                    expected: "tenant=domain domain;tenant=domain, such as storyteller=example.com example.org")
            }
            domains[parts[0], default: []] += names.map { $0.lowercased() }
        }
        return domains
    }

    /// A configuration value that is not one of those the key takes.
    public struct InvalidValue: CodedError, Hashable {
        /// A stable kind of configuration error.
        public typealias Code = ErrorCode<InvalidValue>

        /// The key, as in the configuration file (`wayfinder.click.flush`).
        public let key: String
        /// The value given.
        public let value: String
        /// What the key takes.
        public let expected: String

        public var code: Code { .invalidValue }
        public var message: String { "\(key) is \"\(value)\"; use \(expected)" }
    }
}

extension ErrorCode where Owner == LinkServiceConfiguration.InvalidValue {
    /// A value the key does not take.
    public static let invalidValue = Self("invalid-configuration-value")
}
