import LinkCore
import LinkDelivery
import LinkStorage

/// Everything the link service can be tuned with; every field has a working default.
///
/// The `wayfinder serve` command fills it from flags and `WAYFINDER_*` environment variables
/// (see ``LinkServiceConfiguration/init(reading:)``).
public struct LinkServiceConfiguration: Sendable, Hashable {
    /// The address to listen on. `127.0.0.1` keeps the service off the network until a reverse
    /// proxy (which terminates TLS) is put in front of it.
    public var host: String
    public var port: Int
    /// Where links, keys and clicks are stored.
    public var database: DatabaseURL
    /// The connection pool when ``database`` is PostgreSQL: a fixed pool of 20 by default
    /// (see `PostgresPoolOptions/server(connections:keepAliveInterval:)`).
    public var postgres: PostgresPoolOptions
    /// Manifest files, one tenant each (used by the command line; the server takes manifests).
    public var manifestPaths: [String]
    /// Clicks are written when this many are waiting (at most this many per transaction)…
    public var clickBatchSize: Int
    /// …or when this long has passed since the last write.
    public var clickFlushInterval: Duration
    /// Whether clicks are written in batches (the default) or each before its answer.
    public var clickFlush: ClickFlushMode
    /// Clicks kept in memory at most while the database cannot take them; older ones are dropped
    /// (and counted in `/metrics`).
    public var clickBufferLimit: Int
    /// Largest request body the API reads; larger ones are answered `413`.
    public var maxBodySize: Int
    /// `GET /api/v1/resolve` calls allowed per client address.
    public var resolveRateLimit: RateLimit
    /// API calls allowed per API key.
    public var apiRateLimit: RateLimit
    /// Links an `app` key may create, per key and per client address (the key ships in apps).
    public var appLinkRateLimit = RateLimit(requests: 30, per: .seconds(60))
    /// How long the audit log keeps an entry; older ones are pruned.
    public var auditRetention: Duration = .seconds(400 * 86_400)
    /// How long a link read for a redirect is reused before the store is asked again (other
    /// instances may have changed it; this instance's own changes apply at once). Only for a store
    /// whose change feed may miss a change (PostgreSQL's): with SQLite, whose file tells when
    /// another process committed to it, links stay cached until a change.
    public var linkCacheLifetime: Duration
    /// Links (and unknown slugs) kept in the redirect cache at most: what bounds the memory the
    /// cache takes (about 1 KB per link with short texts; see `BENCHMARKS.md` for a measure).
    public var linkCacheCapacity: Int
    /// How long an API key's tenant is reused before the store is asked again. A key revoked
    /// through an instance on the same PostgreSQL database stops working at once (the store
    /// announces it); revoked another way (`wayfinder keys revoke` on an SQLite file the server
    /// has open, or an announcement lost while the database was away), it works at most this
    /// long after.
    public var apiKeyCacheLifetime: Duration = .seconds(5)
    /// `Cache-Control: max-age` of the well-known files, in seconds.
    public var wellKnownMaxAge: Int
    /// Whether every peer is taken for a proxy whose `X-Forwarded-For` names the client (its
    /// rightmost entry). Set it only when nothing but proxies can reach the server; prefer
    /// `trustedProxies`, which names them.
    public var trustForwardedFor: Bool
    /// How long a deferred deep link's claim token can be claimed after the click that issued it.
    public var claimTokenLifetime: Duration
    /// `POST /api/v1/deferred/claims` calls allowed per client address.
    public var claimRateLimit: RateLimit
    /// Addresses of the reverse proxies in front of the server (TLS terminators). A request from
    /// one of them is taken to have come over TLS when it says `X-Forwarded-Proto: https`, so the
    /// console's cookie is marked `Secure`; its `X-Forwarded-For` names the client.
    public var trustedProxies: [String]
    /// How long a console session lasts without a request before it ends.
    public var consoleIdleTimeout: Duration
    /// How long a console session lasts at most after its sign-in, however active it is.
    public var consoleSessionLifetime: Duration
    /// How `wayfinder serve` writes its log (the library itself logs through whatever handler
    /// swift-log was bootstrapped with).
    public var logFormat: LogFormat
    /// Console sign-in attempts allowed per client address.
    public var consoleSignInRateLimit: RateLimit
    /// Requests allowed per client address to what needs no key: redirects, previews, `?d=1`
    /// pages, well-known files, console pages, FDL's `/v1/shortLinks` before its key is checked,
    /// and `/api/v1/links…` requests without a valid key.
    /// Generous, so that no real visitor (nor a crawler, nor an office behind one address) meets
    /// it; `0` requests turns it off (load tests from one address).
    public var publicRateLimit: RateLimit
    /// How often memory freed by the server is handed back to the system (glibc's `malloc_trim`),
    /// so that RSS follows the live heap; `.zero` never does.
    public var memoryTrimInterval: Duration
    /// How much the nice value of the threads that deliver webhooks and ship clicks to ClickHouse
    /// is raised, 0–19 (Linux): above 0 they get less of a core that the threads answering visits
    /// also want. 0 by default, the server's own priority: measured on a 2-core machine, 10 and
    /// 19 made no difference that the noise let show (Documentation/MeasurementLog.md).
    public var backgroundNiceness: Int = 0
    /// Deadlines for a client's request head and body, the keep-alive idle timeout, and the
    /// connections one client address may hold.
    public var connectionLimits: ConnectionLimits
    /// The request header a trusted proxy writes the visitor's country into (Cloudflare's
    /// `CF-IPCountry`), for redirect rules' `country` conditions; believed only from
    /// ``trustedProxies``. `nil`: no header is read.
    public var countryHeader: String? = nil
    /// A MaxMind DB file (GeoLite2-Country or -City, GeoIP2) the visitor's country is looked up in
    /// by the client address (under the trusted-proxy rules), for redirect rules' `country`
    /// conditions. `nil`: no file.
    public var geoIPPath: String? = nil
    /// Whether logs write whole client addresses; by default they write the address's network
    /// (an IPv4 /24, an IPv6 /48).
    public var logFullClientAddresses = false
    /// Single sign-on to the console through an OpenID Connect provider: its issuer (as its
    /// discovery document names it); `nil` offers no single sign-on.
    public var oidcIssuer: String? = nil
    /// This server's client id at the provider.
    public var oidcClientID: String? = nil
    /// This server's client secret at the provider.
    public var oidcClientSecret: String? = nil
    /// Where the provider sends the browser back: `https://<console host>/admin/sso/callback`,
    /// registered with the provider.
    public var oidcRedirectURI: String? = nil
    /// Per tenant (manifest id), the email domains whose people the provider may sign in without
    /// an invitation; they join as viewers.
    public var allowedEmailDomains: [String: [String]] = [:]
    /// Whether the console's sign-in page takes API keys; `nil`: while no person exists.
    public var consoleKeySignIn: Bool? = nil
    /// Webhook endpoints and their delivery.
    public var webhooks = WebhookSettings()
    /// Runtime domains: the DNS server their TXT records are looked up through, where tenants
    /// point them, the suffixes no tenant may add.
    public var domains = DomainSettings()
    /// Where `/metrics` is served, on a listener of its own so that no tenant domain shows it;
    /// `nil` serves no metrics. `wayfinder serve` listens on `127.0.0.1:9464` unless
    /// `WAYFINDER_METRICS_ADDRESS` says otherwise.
    public var metricsAddress: ListenAddress?
    /// The analytics engine: click events also go to this ClickHouse, and stats are read from
    /// it (`nil`: the rollups in the main database only). See `Documentation/Analytics.md`.
    public var clickhouse: ClickHouseURL?
    /// Click events the outbox keeps at most while ClickHouse is away (about 400 bytes each in
    /// the main database); past it the oldest are deleted unsent and counted in `/metrics`
    /// (`wayfinder_clickhouse_events_dropped_total`). The rollups keep counting them.
    public var clickhouseOutboxLimit: Int

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        database: DatabaseURL = .defaultValue,
        postgres: PostgresPoolOptions = .server(),
        manifestPaths: [String] = [],
        clickBatchSize: Int = 5_000,
        clickFlushInterval: Duration = .seconds(1),
        clickBufferLimit: Int = 1_000_000,
        maxBodySize: Int = 1_048_576,
        resolveRateLimit: RateLimit = RateLimit(requests: 120, per: .seconds(60)),
        apiRateLimit: RateLimit = RateLimit(requests: 1200, per: .seconds(60)),
        linkCacheLifetime: Duration = .seconds(30),
        linkCacheCapacity: Int = 100_000,
        wellKnownMaxAge: Int = 3600,
        trustForwardedFor: Bool = false,
        clickFlush: ClickFlushMode = .batched,
        claimTokenLifetime: Duration = .seconds(86_400),
        claimRateLimit: RateLimit = RateLimit(requests: 30, per: .seconds(60)),
        trustedProxies: [String] = [],
        consoleIdleTimeout: Duration = .seconds(30 * 60),
        consoleSignInRateLimit: RateLimit = RateLimit(requests: 10, per: .seconds(60)),
        publicRateLimit: RateLimit = RateLimit(requests: 12_000, per: .seconds(60)),
        memoryTrimInterval: Duration = .seconds(1),
        connectionLimits: ConnectionLimits = ConnectionLimits(),
        consoleSessionLifetime: Duration = .seconds(12 * 3600),
        logFormat: LogFormat = .text,
        metricsAddress: ListenAddress? = nil,
        clickhouse: ClickHouseURL? = nil,
        clickhouseOutboxLimit: Int = 10_000_000
    ) {
        self.clickhouse = clickhouse
        self.clickhouseOutboxLimit = clickhouseOutboxLimit
        self.host = host
        self.port = port
        self.database = database
        self.postgres = postgres
        self.manifestPaths = manifestPaths
        self.clickBatchSize = clickBatchSize
        self.clickFlushInterval = clickFlushInterval
        self.clickBufferLimit = clickBufferLimit
        self.maxBodySize = maxBodySize
        self.resolveRateLimit = resolveRateLimit
        self.apiRateLimit = apiRateLimit
        self.linkCacheLifetime = linkCacheLifetime
        self.linkCacheCapacity = linkCacheCapacity
        self.wellKnownMaxAge = wellKnownMaxAge
        self.trustForwardedFor = trustForwardedFor
        self.clickFlush = clickFlush
        self.claimTokenLifetime = claimTokenLifetime
        self.claimRateLimit = claimRateLimit
        self.trustedProxies = trustedProxies
        self.consoleIdleTimeout = consoleIdleTimeout
        self.consoleSignInRateLimit = consoleSignInRateLimit
        self.publicRateLimit = publicRateLimit
        self.memoryTrimInterval = memoryTrimInterval
        self.connectionLimits = connectionLimits
        self.consoleSessionLifetime = consoleSessionLifetime
        self.logFormat = logFormat
        self.metricsAddress = metricsAddress
    }
}
