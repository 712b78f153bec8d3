import LinkCore

/// The SQLite schema, one entry per version. Never edit a released entry: append a new one.
package enum SQLiteMigrations {
    package static let all: [(version: Int, statements: [String])] = [
        (
            1,
            [
                """
                CREATE TABLE links (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    id TEXT NOT NULL UNIQUE,
                    tenant TEXT NOT NULL,
                    domain TEXT NOT NULL,
                    slug TEXT NOT NULL,
                    destination TEXT NOT NULL,
                    social_title TEXT, social_description TEXT, social_image_url TEXT,
                    fallback_ios TEXT, fallback_android TEXT, fallback_desktop TEXT,
                    skip_preview INTEGER NOT NULL DEFAULT 0,
                    utm_source TEXT, utm_medium TEXT, utm_campaign TEXT, utm_term TEXT, utm_content TEXT,
                    expires_at INTEGER,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL,
                    UNIQUE (tenant, slug)
                )
                """,
                """
                CREATE TABLE api_keys (
                    hash TEXT PRIMARY KEY,
                    prefix TEXT NOT NULL,
                    tenant TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    revoked_at INTEGER
                )
                """,
                "CREATE INDEX api_keys_prefix ON api_keys (prefix)",
                """
                CREATE TABLE clicks (
                    id INTEGER PRIMARY KEY,
                    link_id TEXT,
                    tenant TEXT NOT NULL,
                    time INTEGER NOT NULL,
                    platform TEXT NOT NULL,
                    os TEXT, browser TEXT, referrer_host TEXT,
                    is_bot INTEGER NOT NULL,
                    utm_source TEXT, utm_medium TEXT, utm_campaign TEXT, utm_term TEXT, utm_content TEXT
                )
                """,
                "CREATE INDEX clicks_link ON clicks (link_id)",
                "CREATE INDEX clicks_tenant ON clicks (tenant)",
                """
                CREATE TABLE click_daily (
                    link_id TEXT NOT NULL,
                    day TEXT NOT NULL,
                    platform TEXT NOT NULL,
                    referrer TEXT NOT NULL,
                    is_bot INTEGER NOT NULL,
                    count INTEGER NOT NULL,
                    PRIMARY KEY (link_id, day, platform, referrer, is_bot)
                )
                """,
            ]
        ),
        (
            // Deferred deep links: the secrets that sign claim tokens, the claimed tokens (single
            // use by primary key), and the tokens issued per link and day (written with the clicks).
            2,
            [
                """
                CREATE TABLE claim_secrets (
                    key_id INTEGER PRIMARY KEY,
                    secret TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    retired_at INTEGER
                )
                """,
                """
                CREATE TABLE deferred_claims (
                    nonce TEXT PRIMARY KEY,
                    tenant TEXT NOT NULL,
                    link_id TEXT NOT NULL,
                    claimed_at INTEGER NOT NULL
                )
                """,
                "CREATE INDEX deferred_claims_link ON deferred_claims (link_id)",
                """
                CREATE TABLE claims_issued_daily (
                    link_id TEXT NOT NULL,
                    day TEXT NOT NULL,
                    count INTEGER NOT NULL,
                    PRIMARY KEY (link_id, day)
                )
                """,
            ]
        ),
        (
            // The console's sessions (stored, so that every instance shares them).
            3,
            [
                """
                CREATE TABLE console_sessions (
                    id_hash TEXT PRIMARY KEY,
                    tenant TEXT NOT NULL,
                    key_hash TEXT NOT NULL,
                    csrf_token TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    last_used_at INTEGER NOT NULL
                )
                """,
                "CREATE INDEX console_sessions_last_used ON console_sessions (last_used_at)",
            ]
        ),
        // Firebase Dynamic Links parameters a link keeps beyond its own fields (ipfl, ibi, isi, at, …),
        // as the JSON of `FirebaseParameters`.
        (4, ["ALTER TABLE links ADD COLUMN firebase TEXT"]),
        (
            // The rollups a stats call reads, kept by the click flusher beside `click_daily`: people's
            // clicks per link and day, and clicks per link, platform, referrer and bot flag over every
            // day. A stats call then reads one row per day and one per breakdown, however many clicks
            // the link has. `WITHOUT ROWID`: the rows live in their primary-key B-tree, so a link's
            // rows are one range of it and `count` is read without a second lookup. An existing
            // database gets them summed from `click_daily`.
            5,
            [
                """
                CREATE TABLE click_daily_totals (
                    link_id TEXT NOT NULL,
                    day TEXT NOT NULL,
                    count INTEGER NOT NULL,
                    PRIMARY KEY (link_id, day)
                ) WITHOUT ROWID
                """,
                """
                CREATE TABLE click_totals (
                    link_id TEXT NOT NULL,
                    platform TEXT NOT NULL,
                    referrer TEXT NOT NULL,
                    is_bot INTEGER NOT NULL,
                    count INTEGER NOT NULL,
                    PRIMARY KEY (link_id, platform, referrer, is_bot)
                ) WITHOUT ROWID
                """,
                """
                INSERT INTO click_daily_totals (link_id, day, count)
                SELECT link_id, day, SUM(count) FROM click_daily WHERE is_bot = 0 GROUP BY link_id, day
                """,
                """
                INSERT INTO click_totals (link_id, platform, referrer, is_bot, count)
                SELECT link_id, platform, referrer, is_bot, SUM(count) FROM click_daily
                GROUP BY link_id, platform, referrer, is_bot
                """,
            ]
        ),
        // Every click paid for an index on `clicks.tenant` that no query needs: stats read the
        // rollups, and a link's clicks are found through `clicks_link`. `IF EXISTS`: a database
        // rolled back to an older version for a test keeps it dropped.
        (6, ["DROP INDEX IF EXISTS clicks_tenant"]),
        // `click_daily` (per link, day, platform, referrer and bot flag) was read by nothing since
        // version 5 (stats read `click_daily_totals` and `click_totals`), yet every click batch
        // upserted it, the largest of its rollups. Gone; the two rollups carry what stats need.
        (7, ["DROP TABLE IF EXISTS click_daily"]),
        // The platform a claimed token was issued to (tokens say so from format version 2), for
        // FDL's link stats; `NULL` for claims of older tokens.
        (8, ["ALTER TABLE deferred_claims ADD COLUMN platform TEXT"]),
        // Webhooks (Standard Webhooks 1.0): the tenants' endpoints; the outbox, one row per event and
        // endpoint, written in the transaction of the change it reports and taken by the delivery
        // worker under a lease (`lease_owner`, `lease_until`); the log of delivery attempts.
        (
            9,
            [
                """
                CREATE TABLE webhook_endpoints (
                    id TEXT PRIMARY KEY,
                    tenant TEXT NOT NULL,
                    url TEXT NOT NULL,
                    events TEXT NOT NULL,
                    description TEXT NOT NULL,
                    enabled INTEGER NOT NULL,
                    secret TEXT NOT NULL,
                    previous_secret TEXT,
                    previous_secret_expires_at INTEGER,
                    paused_until INTEGER,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL
                )
                """,
                "CREATE INDEX webhook_endpoints_tenant ON webhook_endpoints (tenant, created_at)",
                """
                CREATE TABLE webhook_messages (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    id TEXT NOT NULL,
                    endpoint_id TEXT NOT NULL,
                    tenant TEXT NOT NULL,
                    type TEXT NOT NULL,
                    order_key TEXT,
                    payload TEXT NOT NULL,
                    is_click INTEGER NOT NULL,
                    state TEXT NOT NULL,
                    attempts INTEGER NOT NULL,
                    next_attempt_at INTEGER NOT NULL,
                    lease_owner TEXT,
                    lease_until INTEGER,
                    created_at INTEGER NOT NULL,
                    finished_at INTEGER,
                    UNIQUE (id, endpoint_id)
                )
                """,
                "CREATE INDEX webhook_messages_due ON webhook_messages (state, next_attempt_at)",
                "CREATE INDEX webhook_messages_order ON webhook_messages (endpoint_id, order_key, seq)",
                """
                CREATE TABLE webhook_attempts (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    endpoint_id TEXT NOT NULL,
                    tenant TEXT NOT NULL,
                    message_id TEXT NOT NULL,
                    type TEXT NOT NULL,
                    attempt INTEGER NOT NULL,
                    at INTEGER NOT NULL,
                    status INTEGER,
                    duration_ms INTEGER NOT NULL,
                    error TEXT,
                    outcome TEXT NOT NULL
                )
                """,
                "CREATE INDEX webhook_attempts_endpoint ON webhook_attempts (endpoint_id, seq)",
                "CREATE INDEX webhook_attempts_at ON webhook_attempts (at)",
            ]
        ),
        (
            // What leaves the server later, in order (``OutboxRecords``): click events bound for
            // ClickHouse, appended in the transaction that stores the clicks. `AUTOINCREMENT`: an
            // entry's id is never reused, so "through id N" always means what it meant.
            // `outbox_leases`: which instance sends a topic's entries. `daily_secrets`: a
            // secret per purpose and UTC day (the visitor key), deleted when its day is over.
            10,
            [
                """
                CREATE TABLE outbox (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    topic TEXT NOT NULL,
                    payload TEXT NOT NULL,
                    created_at INTEGER NOT NULL
                )
                """,
                "CREATE INDEX outbox_topic ON outbox (topic, id)",
                """
                CREATE TABLE outbox_leases (
                    topic TEXT PRIMARY KEY,
                    holder TEXT NOT NULL,
                    expires_at INTEGER NOT NULL
                )
                """,
                """
                CREATE TABLE daily_secrets (
                    purpose TEXT NOT NULL,
                    day TEXT NOT NULL,
                    secret TEXT NOT NULL,
                    PRIMARY KEY (purpose, day)
                )
                """,
            ]
        ),
        // Redirect rules and the link's life: where a visit goes after expiry, and the rules and A/B
        // variants as JSON (the API's shape; `NULL` when a link has none).
        (
            11,
            [
                "ALTER TABLE links ADD COLUMN expired_url TEXT",
                "ALTER TABLE links ADD COLUMN rules TEXT",
                "ALTER TABLE links ADD COLUMN variants TEXT",
                "ALTER TABLE links ADD COLUMN password_hash TEXT",
                // People's clicks per rule (`kind` 'rule') and per A/B variant ('variant') of a
                // link, by index: the stats' `rules` and `variants`.
                """
                CREATE TABLE choice_clicks (
                    link_id TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    idx INTEGER NOT NULL,
                    count INTEGER NOT NULL,
                    PRIMARY KEY (link_id, kind, idx)
                )
                """,
            ]
        ),
        // Tags: the `tags` column is what a link reads back (in the order written, with the link's
        // row, no join on the redirect path); `link_tags` is its index, written in the same
        // transaction, so `?tag=` finds a tenant's tagged links without reading the others.
        (
            12,
            [
                "ALTER TABLE links ADD COLUMN tags TEXT",
                """
                CREATE TABLE link_tags (
                    tenant TEXT NOT NULL,
                    tag TEXT NOT NULL,
                    link_id TEXT NOT NULL,
                    PRIMARY KEY (tenant, tag, link_id)
                )
                """,
                "CREATE INDEX link_tags_link ON link_tags (link_id)",
            ]
        ),
        // The outbox's pending messages only, in the order the delivery worker claims them (due
        // time, then write order): a claim reads about as many entries as it takes however many
        // messages wait or were delivered (ordered by `seq` alone it sorted every due message at
        // each claim), and the click flush counts pending click messages from the index alone
        // (`is_click` and `state` are in it for that). The order index holds only messages that
        // have an order (link events): click events, by far the most, skip it.
        (
            13,
            [
                "DROP INDEX webhook_messages_due",
                """
                CREATE INDEX webhook_messages_due ON webhook_messages (next_attempt_at, seq, is_click, state)
                WHERE state = 'pending'
                """,
                "DROP INDEX webhook_messages_order",
                """
                CREATE INDEX webhook_messages_order ON webhook_messages (endpoint_id, order_key, seq)
                WHERE order_key IS NOT NULL
                """,
            ]
        ),
        // A flush's `link.clicked` events for one endpoint share one outbox row
        // (``WebhookClickBatch``): `events` is how many a row holds (1 for every other message),
        // so the bound of pending click events sums it, from the due index alone.
        (
            14,
            [
                "ALTER TABLE webhook_messages ADD COLUMN events INTEGER NOT NULL DEFAULT 1",
                "DROP INDEX webhook_messages_due",
                """
                CREATE INDEX webhook_messages_due ON webhook_messages (next_attempt_at, seq, is_click, state, events)
                WHERE state = 'pending'
                """,
            ]
        ),
        // An outbox entry can hold several lines (newline-separated): a flush's click events for
        // ClickHouse go 100 to an entry, not one row each. `lines` says how many, for the depth
        // and the count of what the bound deleted.
        (15, ["ALTER TABLE outbox ADD COLUMN lines INTEGER NOT NULL DEFAULT 1"]),
        // `lines` in the topic's index: the depth (`SUM(lines)`) reads the index alone. Read from
        // the rows, SQLite walked each entry's 30 KB payload to reach the column after it, 40 ms
        // a second with 4,000 entries waiting, on a thread the redirects' clicks need.
        (16, ["DROP INDEX outbox_topic", "CREATE INDEX outbox_topic ON outbox (topic, id, lines)"]),
        // In-app browsers (``InAppBrowser``): the app a click came from (its name, `NULL` from a
        // system browser), and people's clicks per link and app, the stats' `inApp`. Clicks
        // stored before have no app: the counts start with this version.
        (
            17,
            [
                "ALTER TABLE clicks ADD COLUMN in_app TEXT",
                """
                CREATE TABLE in_app_clicks (
                    link_id TEXT NOT NULL,
                    app TEXT NOT NULL,
                    count INTEGER NOT NULL,
                    PRIMARY KEY (link_id, app)
                )
                """,
            ]
        ),
        // Runtime domains (``RuntimeDomain``): added through the API, served once their TXT
        // record is seen. A name is held by one tenant at most.
        (
            18,
            [
                """
                CREATE TABLE domains (
                    name TEXT PRIMARY KEY,
                    tenant TEXT NOT NULL,
                    status TEXT NOT NULL,
                    token TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    verified_at INTEGER,
                    checked_at INTEGER,
                    check_error TEXT,
                    checks INTEGER NOT NULL
                )
                """,
                "CREATE INDEX domains_tenant ON domains (tenant, created_at)",
            ]
        ),
        // The click total a link's former service had counted (`wayfinder import`), shown apart
        // from Wayfinder's own clicks as the stats' `imported`.
        (19, ["ALTER TABLE links ADD COLUMN imported_clicks INTEGER NOT NULL DEFAULT 0"]),
        // Keys' scopes, name, owner and last use; keys made before hold every scope but `app`. The
        // audit log: appended to, read, and pruned past its retention, never changed.
        (
            20,
            [
                "ALTER TABLE api_keys ADD COLUMN scopes TEXT NOT NULL DEFAULT 'links:read links:write stats:read webhooks:write domains:write members:write events:write'",
                "ALTER TABLE api_keys ADD COLUMN name TEXT",
                "ALTER TABLE api_keys ADD COLUMN owner TEXT",
                "ALTER TABLE api_keys ADD COLUMN last_used_at INTEGER",
                """
                CREATE TABLE audit_events (
                    id INTEGER PRIMARY KEY,
                    tenant TEXT NOT NULL,
                    time INTEGER NOT NULL,
                    actor TEXT NOT NULL,
                    action TEXT NOT NULL,
                    target TEXT NOT NULL,
                    changes TEXT NOT NULL,
                    address TEXT
                )
                """,
                "CREATE INDEX audit_events_tenant ON audit_events (tenant, id)",
                "CREATE INDEX audit_events_time ON audit_events (time)",
            ]
        ),
        // People (issue #43's sign-in): a person per normalised email, with a password hash or
        // none (single sign-on only) and a TOTP secret or none; their role in each tenant;
        // invitations (the token's SHA-256 only, single use: `used_at`); and their console
        // sessions (the id's SHA-256 only, like `console_sessions`).
        (
            21,
            [
                """
                CREATE TABLE people (
                    id TEXT PRIMARY KEY,
                    email TEXT NOT NULL UNIQUE,
                    password_hash TEXT,
                    totp_secret TEXT,
                    totp_last_step INTEGER,
                    created_at INTEGER NOT NULL
                )
                """,
                """
                CREATE TABLE memberships (
                    person_id TEXT NOT NULL,
                    tenant TEXT NOT NULL,
                    role TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    PRIMARY KEY (person_id, tenant)
                )
                """,
                "CREATE INDEX memberships_tenant ON memberships (tenant, created_at)",
                """
                CREATE TABLE invitations (
                    token_hash TEXT PRIMARY KEY,
                    tenant TEXT NOT NULL,
                    email TEXT NOT NULL,
                    role TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    expires_at INTEGER NOT NULL,
                    used_at INTEGER
                )
                """,
                "CREATE INDEX invitations_tenant ON invitations (tenant, created_at)",
                """
                CREATE TABLE person_sessions (
                    id_hash TEXT PRIMARY KEY,
                    person_id TEXT NOT NULL,
                    tenant TEXT NOT NULL,
                    csrf_token TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    last_used_at INTEGER NOT NULL
                )
                """,
                "CREATE INDEX person_sessions_last_used ON person_sessions (last_used_at)",
            ]
        ),
        // Click ids (``ClickID``), which events name for attribution: looked up by id, so indexed.
        // Clicks stored before have none. App events (``AppEvent``): one row each, a tenant's
        // dedupe key at most once (NULLs are distinct), read per link and name by stats.
        (
            22,
            [
                """
                CREATE TABLE events (
                    id TEXT PRIMARY KEY,
                    tenant TEXT NOT NULL,
                    name TEXT NOT NULL,
                    click_id TEXT,
                    link_id TEXT,
                    platform TEXT,
                    customer_id TEXT,
                    value_micros INTEGER,
                    currency TEXT,
                    dedupe_key TEXT,
                    occurred_at INTEGER NOT NULL,
                    received_at INTEGER NOT NULL
                )
                """,
                "CREATE INDEX events_link ON events (link_id, name)",
                "CREATE INDEX events_tenant ON events (tenant, occurred_at)",
                "CREATE UNIQUE INDEX events_dedupe ON events (tenant, dedupe_key)",
                "ALTER TABLE clicks ADD COLUMN click_id TEXT",
                "CREATE INDEX clicks_click_id ON clicks (click_id)",
            ]
        ),
        // Served domains' health (``DomainHealth``), manifest and runtime ones alike: the last
        // check's outcome, so every instance and a restart show it, and a change is noticed once.
        // (`IF NOT EXISTS`: a database a test rolled back to an older version keeps the table.)
        (
            23,
            [
                """
                CREATE TABLE IF NOT EXISTS domain_health (
                    domain TEXT PRIMARY KEY,
                    tenant TEXT NOT NULL,
                    state TEXT NOT NULL,
                    failures TEXT NOT NULL,
                    since INTEGER NOT NULL,
                    checked_at INTEGER NOT NULL
                )
                """
            ]
        ),
        // People's console sessions join the keys' (issue #43): one `console_sessions` row shape,
        // `person_id` set (and `key_hash` empty) for a person's; `person_sessions` goes.
        (
            24,
            [
                "ALTER TABLE console_sessions ADD COLUMN person_id TEXT",
                "DROP TABLE IF EXISTS person_sessions",
            ]
        ),
    ]

    package static var latestVersion: Int { all.last?.version ?? 0 }
}
