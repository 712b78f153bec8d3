import LinkCore

/// The PostgreSQL schema, one entry per version, the same tables and versions as
/// ``SQLiteMigrations``. Never edit a released entry: append a new one.
///
/// Times are whole milliseconds since 1970 (`bigint`), as in SQLite, so that a stored date reads
/// back equal. A trigger on `links` announces every change on the channel
/// ``PostgresLinkStore/changeChannel(schema:)``, whoever made it: that is how other server
/// instances learn to drop a cached link. The payload is `["tenant","slug","writer"]`, where
/// `writer` is the `wayfinder.writer` setting of the connection that made the change (`null` for
/// other clients), so that a store can skip its own changes.
package enum PostgresMigrations {
    package static let all: [(version: Int, statements: [String])] = [
        (
            1,
            [
                """
                CREATE TABLE links (
                    seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    id text NOT NULL UNIQUE,
                    tenant text NOT NULL,
                    domain text NOT NULL,
                    slug text NOT NULL,
                    destination text NOT NULL,
                    social_title text, social_description text, social_image_url text,
                    fallback_ios text, fallback_android text, fallback_desktop text,
                    skip_preview boolean NOT NULL DEFAULT false,
                    utm_source text, utm_medium text, utm_campaign text, utm_term text, utm_content text,
                    expires_at bigint,
                    created_at bigint NOT NULL,
                    updated_at bigint NOT NULL,
                    UNIQUE (tenant, slug)
                )
                """,
                """
                CREATE TABLE api_keys (
                    hash text PRIMARY KEY,
                    prefix text NOT NULL,
                    tenant text NOT NULL,
                    created_at bigint NOT NULL,
                    revoked_at bigint
                )
                """,
                "CREATE INDEX api_keys_prefix ON api_keys (prefix)",
                """
                CREATE TABLE clicks (
                    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    link_id text,
                    tenant text NOT NULL,
                    time bigint NOT NULL,
                    platform text NOT NULL,
                    os text, browser text, referrer_host text,
                    is_bot boolean NOT NULL,
                    utm_source text, utm_medium text, utm_campaign text, utm_term text, utm_content text
                )
                """,
                "CREATE INDEX clicks_link ON clicks (link_id)",
                "CREATE INDEX clicks_tenant ON clicks (tenant)",
                """
                CREATE TABLE click_daily (
                    link_id text NOT NULL,
                    day text NOT NULL,
                    platform text NOT NULL,
                    referrer text NOT NULL,
                    is_bot boolean NOT NULL,
                    count bigint NOT NULL,
                    PRIMARY KEY (link_id, day, platform, referrer, is_bot)
                )
                """,
                """
                CREATE FUNCTION wayfinder_link_changed() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    IF TG_OP <> 'INSERT' THEN
                        PERFORM pg_notify('wayfinder_links.' || TG_TABLE_SCHEMA, json_build_array(OLD.tenant, OLD.slug, current_setting('wayfinder.writer', true))::text);
                    END IF;
                    IF TG_OP <> 'DELETE' THEN
                        PERFORM pg_notify('wayfinder_links.' || TG_TABLE_SCHEMA, json_build_array(NEW.tenant, NEW.slug, current_setting('wayfinder.writer', true))::text);
                    END IF;
                    RETURN NULL;
                END
                $$
                """,
                """
                CREATE TRIGGER links_changed AFTER INSERT OR UPDATE OR DELETE ON links
                FOR EACH ROW EXECUTE FUNCTION wayfinder_link_changed()
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
                    key_id integer PRIMARY KEY,
                    secret text NOT NULL,
                    created_at bigint NOT NULL,
                    retired_at bigint
                )
                """,
                """
                CREATE TABLE deferred_claims (
                    nonce text PRIMARY KEY,
                    tenant text NOT NULL,
                    link_id text NOT NULL,
                    claimed_at bigint NOT NULL
                )
                """,
                "CREATE INDEX deferred_claims_link ON deferred_claims (link_id)",
                """
                CREATE TABLE claims_issued_daily (
                    link_id text NOT NULL,
                    day text NOT NULL,
                    count bigint NOT NULL,
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
                    id_hash text PRIMARY KEY,
                    tenant text NOT NULL,
                    key_hash text NOT NULL,
                    csrf_token text NOT NULL,
                    created_at bigint NOT NULL,
                    last_used_at bigint NOT NULL
                )
                """,
                "CREATE INDEX console_sessions_last_used ON console_sessions (last_used_at)",
            ]
        ),
        // Firebase Dynamic Links parameters a link keeps beyond its own fields (ipfl, ibi, isi, at, …),
        // as the JSON of `FirebaseParameters`.
        (4, ["ALTER TABLE links ADD COLUMN firebase text"]),
        (
            // The rollups a stats call reads, kept by the click flusher beside `click_daily`: people's
            // clicks per link and day, and clicks per link, platform, referrer and bot flag over every
            // day, so a stats call reads one row per day and one per breakdown, however many clicks
            // the link has. An existing database gets them summed from `click_daily`.
            5,
            [
                """
                CREATE TABLE click_daily_totals (
                    link_id text NOT NULL,
                    day text NOT NULL,
                    count bigint NOT NULL,
                    PRIMARY KEY (link_id, day)
                )
                """,
                """
                CREATE TABLE click_totals (
                    link_id text NOT NULL,
                    platform text NOT NULL,
                    referrer text NOT NULL,
                    is_bot boolean NOT NULL,
                    count bigint NOT NULL,
                    PRIMARY KEY (link_id, platform, referrer, is_bot)
                )
                """,
                """
                INSERT INTO click_daily_totals (link_id, day, count)
                SELECT link_id, day, SUM(count) FROM click_daily WHERE NOT is_bot GROUP BY link_id, day
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
        (8, ["ALTER TABLE deferred_claims ADD COLUMN platform text"]),
        // Webhooks (Standard Webhooks 1.0): the tenants' endpoints; the outbox, one row per event and
        // endpoint, written in the transaction of the change it reports and taken by the delivery
        // worker under a lease (`lease_owner`, `lease_until`); the log of delivery attempts.
        (
            9,
            [
                """
                CREATE TABLE webhook_endpoints (
                    id text PRIMARY KEY,
                    tenant text NOT NULL,
                    url text NOT NULL,
                    events text NOT NULL,
                    description text NOT NULL,
                    enabled boolean NOT NULL,
                    secret text NOT NULL,
                    previous_secret text,
                    previous_secret_expires_at bigint,
                    paused_until bigint,
                    created_at bigint NOT NULL,
                    updated_at bigint NOT NULL
                )
                """,
                "CREATE INDEX webhook_endpoints_tenant ON webhook_endpoints (tenant, created_at)",
                """
                CREATE TABLE webhook_messages (
                    seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    id text NOT NULL,
                    endpoint_id text NOT NULL,
                    tenant text NOT NULL,
                    type text NOT NULL,
                    order_key text,
                    payload text NOT NULL,
                    is_click boolean NOT NULL,
                    state text NOT NULL,
                    attempts bigint NOT NULL,
                    next_attempt_at bigint NOT NULL,
                    lease_owner text,
                    lease_until bigint,
                    created_at bigint NOT NULL,
                    finished_at bigint,
                    UNIQUE (id, endpoint_id)
                )
                """,
                "CREATE INDEX webhook_messages_due ON webhook_messages (state, next_attempt_at)",
                "CREATE INDEX webhook_messages_order ON webhook_messages (endpoint_id, order_key, seq)",
                """
                CREATE TABLE webhook_attempts (
                    seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    endpoint_id text NOT NULL,
                    tenant text NOT NULL,
                    message_id text NOT NULL,
                    type text NOT NULL,
                    attempt bigint NOT NULL,
                    at bigint NOT NULL,
                    status bigint,
                    duration_ms bigint NOT NULL,
                    error text,
                    outcome text NOT NULL
                )
                """,
                "CREATE INDEX webhook_attempts_endpoint ON webhook_attempts (endpoint_id, seq)",
                "CREATE INDEX webhook_attempts_at ON webhook_attempts (at)",
            ]
        ),
        (
            // The outbox, its leases and the daily secrets, as in SQLite's version 9.
            10,
            [
                """
                CREATE TABLE outbox (
                    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    topic text NOT NULL,
                    payload text NOT NULL,
                    created_at bigint NOT NULL
                )
                """,
                "CREATE INDEX outbox_topic ON outbox (topic, id)",
                """
                CREATE TABLE outbox_leases (
                    topic text PRIMARY KEY,
                    holder text NOT NULL,
                    expires_at bigint NOT NULL
                )
                """,
                """
                CREATE TABLE daily_secrets (
                    purpose text NOT NULL,
                    day text NOT NULL,
                    secret text NOT NULL,
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
                "ALTER TABLE links ADD COLUMN expired_url text",
                "ALTER TABLE links ADD COLUMN rules text",
                "ALTER TABLE links ADD COLUMN variants text",
                "ALTER TABLE links ADD COLUMN password_hash text",
                // People's clicks per rule (`kind` 'rule') and per A/B variant ('variant') of a
                // link, by index: the stats' `rules` and `variants`.
                """
                CREATE TABLE choice_clicks (
                    link_id text NOT NULL,
                    kind text NOT NULL,
                    idx bigint NOT NULL,
                    count bigint NOT NULL,
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
                "ALTER TABLE links ADD COLUMN tags text",
                """
                CREATE TABLE link_tags (
                    tenant text NOT NULL,
                    tag text NOT NULL,
                    link_id text NOT NULL,
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
                "ALTER TABLE clicks ADD COLUMN in_app text",
                """
                CREATE TABLE in_app_clicks (
                    link_id text NOT NULL,
                    app text NOT NULL,
                    count bigint NOT NULL,
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
                    name text PRIMARY KEY,
                    tenant text NOT NULL,
                    status text NOT NULL,
                    token text NOT NULL,
                    created_at bigint NOT NULL,
                    verified_at bigint,
                    checked_at bigint,
                    check_error text,
                    checks bigint NOT NULL
                )
                """,
                "CREATE INDEX domains_tenant ON domains (tenant, created_at)",
            ]
        ),
        // The click total a link's former service had counted (`wayfinder import`), shown apart
        // from Wayfinder's own clicks as the stats' `imported`.
        (19, ["ALTER TABLE links ADD COLUMN imported_clicks bigint NOT NULL DEFAULT 0"]),
        // Keys' scopes, name, owner and last use; keys made before hold every scope but `app`. The
        // audit log: appended to, read, and pruned past its retention, never changed.
        (
            20,
            [
                "ALTER TABLE api_keys ADD COLUMN scopes text NOT NULL DEFAULT 'links:read links:write stats:read webhooks:write domains:write members:write events:write'",
                "ALTER TABLE api_keys ADD COLUMN name text",
                "ALTER TABLE api_keys ADD COLUMN owner text",
                "ALTER TABLE api_keys ADD COLUMN last_used_at bigint",
                """
                CREATE TABLE audit_events (
                    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    tenant text NOT NULL,
                    time bigint NOT NULL,
                    actor text NOT NULL,
                    action text NOT NULL,
                    target text NOT NULL,
                    changes text NOT NULL,
                    address text
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
                    id text PRIMARY KEY,
                    email text NOT NULL UNIQUE,
                    password_hash text,
                    totp_secret text,
                    totp_last_step bigint,
                    created_at bigint NOT NULL
                )
                """,
                """
                CREATE TABLE memberships (
                    person_id text NOT NULL,
                    tenant text NOT NULL,
                    role text NOT NULL,
                    created_at bigint NOT NULL,
                    PRIMARY KEY (person_id, tenant)
                )
                """,
                "CREATE INDEX memberships_tenant ON memberships (tenant, created_at)",
                """
                CREATE TABLE invitations (
                    token_hash text PRIMARY KEY,
                    tenant text NOT NULL,
                    email text NOT NULL,
                    role text NOT NULL,
                    created_at bigint NOT NULL,
                    expires_at bigint NOT NULL,
                    used_at bigint
                )
                """,
                "CREATE INDEX invitations_tenant ON invitations (tenant, created_at)",
                """
                CREATE TABLE person_sessions (
                    id_hash text PRIMARY KEY,
                    person_id text NOT NULL,
                    tenant text NOT NULL,
                    csrf_token text NOT NULL,
                    created_at bigint NOT NULL,
                    last_used_at bigint NOT NULL
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
                    id text PRIMARY KEY,
                    tenant text NOT NULL,
                    name text NOT NULL,
                    click_id text,
                    link_id text,
                    platform text,
                    customer_id text,
                    value_micros bigint,
                    currency text,
                    dedupe_key text,
                    occurred_at bigint NOT NULL,
                    received_at bigint NOT NULL
                )
                """,
                "CREATE INDEX events_link ON events (link_id, name)",
                "CREATE INDEX events_tenant ON events (tenant, occurred_at)",
                "CREATE UNIQUE INDEX events_dedupe ON events (tenant, dedupe_key)",
                "ALTER TABLE clicks ADD COLUMN click_id text",
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
                    domain text PRIMARY KEY,
                    tenant text NOT NULL,
                    state text NOT NULL,
                    failures text NOT NULL,
                    since bigint NOT NULL,
                    checked_at bigint NOT NULL
                )
                """
            ]
        ),
        // People's console sessions join the keys' (issue #43): one `console_sessions` row shape,
        // `person_id` set (and `key_hash` empty) for a person's; `person_sessions` goes.
        (
            24,
            [
                "ALTER TABLE console_sessions ADD COLUMN person_id text",
                "DROP TABLE IF EXISTS person_sessions",
            ]
        ),
    ]

    package static var latestVersion: Int { all.last?.version ?? 0 }
}
