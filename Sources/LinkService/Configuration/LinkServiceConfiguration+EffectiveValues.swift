import LinkCore
import LinkDelivery
import LinkStorage

extension LinkServiceConfiguration {
    /// The value in force of each documented key, by its environment name, written the way the
    /// key takes it (`WAYFINDER_PORT` → `8080`); a key with no value (no GeoIP file) is absent.
    ///
    /// `wayfinder serve --print-config` shows these, so that a key set nowhere still tells what
    /// the server will use.
    public var effectiveValues: [String: String] {
        var values: [String: String?] = [
            "WAYFINDER_MANIFEST": manifestPaths.isEmpty ? nil : manifestPaths.joined(separator: ","),
            "WAYFINDER_DATABASE": database.description,
            "WAYFINDER_POSTGRES_CONNECTIONS": String(postgres.maximumConnections),
            "WAYFINDER_POSTGRES_KEEPALIVE_SECONDS": Self.seconds(postgres.keepAliveInterval ?? .zero),
            "WAYFINDER_HOST": host,
            "WAYFINDER_PORT": String(port),
            "WAYFINDER_CLICK_BATCH_SIZE": String(clickBatchSize),
            "WAYFINDER_CLICK_FLUSH_INTERVAL_MS": String(Int(clickFlushInterval.timeInterval * 1000)),
            "WAYFINDER_CLICK_FLUSH": clickFlush.rawValue,
            "WAYFINDER_LINK_CACHE_CAPACITY": String(linkCacheCapacity),
            "WAYFINDER_RESOLVE_RATE_PER_MINUTE": Self.perMinute(resolveRateLimit),
            "WAYFINDER_API_RATE_PER_MINUTE": Self.perMinute(apiRateLimit),
            "WAYFINDER_APP_LINKS_PER_MINUTE": Self.perMinute(appLinkRateLimit),
            "WAYFINDER_AUDIT_RETENTION_DAYS": String(Int((auditRetention.timeInterval / 86_400).rounded())),
            "WAYFINDER_TRUST_FORWARDED_FOR": String(trustForwardedFor),
            "WAYFINDER_DEFERRED_LIFETIME_SECONDS": Self.seconds(claimTokenLifetime),
            "WAYFINDER_DEFERRED_CLAIM_RATE_PER_MINUTE": Self.perMinute(claimRateLimit),
            "WAYFINDER_TRUSTED_PROXIES": trustedProxies.isEmpty ? nil : trustedProxies.joined(separator: ","),
            "WAYFINDER_CONSOLE_IDLE_SECONDS": Self.seconds(consoleIdleTimeout),
            "WAYFINDER_CONSOLE_LIFETIME_SECONDS": Self.seconds(consoleSessionLifetime),
            "WAYFINDER_CONSOLE_SIGNIN_RATE_PER_MINUTE": Self.perMinute(consoleSignInRateLimit),
            "WAYFINDER_PUBLIC_RATE_PER_MINUTE": Self.perMinute(publicRateLimit),
            "WAYFINDER_OIDC_ISSUER": oidcIssuer,
            "WAYFINDER_OIDC_CLIENT_ID": oidcClientID,
            "WAYFINDER_OIDC_CLIENT_SECRET": oidcClientSecret.map { _ in "(set)" },
            "WAYFINDER_OIDC_REDIRECT_URI": oidcRedirectURI,
            "WAYFINDER_OIDC_ALLOWED_DOMAINS": allowedEmailDomains.isEmpty
                ? nil
                : allowedEmailDomains.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.joined(separator: " "))" }
                    .joined(separator: ";"),
            "WAYFINDER_CONSOLE_KEY_SIGN_IN": consoleKeySignIn.map(String.init),
            "WAYFINDER_GEOIP": geoIPPath,
            "WAYFINDER_DNS_RESOLVER": domains.resolver,
            "WAYFINDER_DOMAIN_TARGET": domains.target,
            "WAYFINDER_RESERVED_DOMAIN_SUFFIXES": domains.reservedSuffixes.isEmpty
                ? nil : domains.reservedSuffixes.joined(separator: ","),
            "WAYFINDER_DOMAIN_HEALTH_SECONDS": Self.seconds(domains.healthInterval),
            "WAYFINDER_APPLE_CDN_URL": domains.appleCDNURL,
            "WAYFINDER_COUNTRY_HEADER": countryHeader,
            "WAYFINDER_MEMORY_TRIM_SECONDS": Self.seconds(memoryTrimInterval),
            "WAYFINDER_BACKGROUND_NICENESS": String(backgroundNiceness),
            "WAYFINDER_LOG_FORMAT": logFormat.rawValue,
            "WAYFINDER_LOG_FULL_ADDRESSES": String(logFullClientAddresses),
            "WAYFINDER_HTTP_HEAD_TIMEOUT_SECONDS": Self.seconds(connectionLimits.headTimeout),
            "WAYFINDER_HTTP_BODY_TIMEOUT_SECONDS": Self.seconds(connectionLimits.bodyTimeout),
            "WAYFINDER_HTTP_IDLE_TIMEOUT_SECONDS": Self.seconds(connectionLimits.idleTimeout),
            "WAYFINDER_HTTP_CONNECTIONS_PER_ADDRESS": String(connectionLimits.connectionsPerAddress),
            "WAYFINDER_HTTP_MAX_CONNECTIONS": String(connectionLimits.effectiveMaximumConnections),
            "WAYFINDER_METRICS_ADDRESS": metricsAddress?.description ?? "off",
            "WAYFINDER_CLICKHOUSE_URL": clickhouse?.description,
            "WAYFINDER_CLICKHOUSE_USER": clickhouse?.user,
            "WAYFINDER_CLICKHOUSE_PASSWORD": clickhouse?.password,
            "WAYFINDER_CLICKHOUSE_OUTBOX_LIMIT": String(clickhouseOutboxLimit),
        ]
        for (name, value) in webhooks.effectiveValues { values[name] = value }
        return values.compactMapValues { $0 }
    }

    /// A whole number of seconds, as the `…_SECONDS` keys take it.
    package static func seconds(_ duration: Duration) -> String { String(Int(duration.timeInterval.rounded())) }

    /// Requests per minute, as the `…_RATE_PER_MINUTE` keys take it.
    package static func perMinute(_ limit: RateLimit) -> String {
        String(Int((Double(limit.requests) * 60 / max(limit.period.timeInterval, 0.001)).rounded()))
    }
}

extension WebhookSettings {
    /// The value in force of each of ``documentedKeys``, by its environment name.
    package var effectiveValues: [String: String] {
        [
            "WAYFINDER_WEBHOOKS_ALLOW_PRIVATE": String(allowPrivate),
            "WAYFINDER_WEBHOOKS_RETRY_SECONDS": retrySchedule.map(LinkServiceConfiguration.seconds).joined(
                separator: ","),
            "WAYFINDER_WEBHOOKS_CLICK_LIMIT": String(clickEventLimit),
            "WAYFINDER_WEBHOOKS_LEASE_SECONDS": LinkServiceConfiguration.seconds(lease),
            "WAYFINDER_WEBHOOKS_DELIVER": String(deliver),
            "WAYFINDER_WEBHOOKS_PACE": String(pace),
        ]
    }
}
