"""Many clicks of a link spread over the last 90 days, for the stats comparison, on SQLite or
PostgreSQL.

Why this writes into the database instead of going through the product: the product records a
click only when it answers a visit, stamped with the present moment. Ten million visits over HTTP
would take the better part of an hour here and would all fall on one day, which is not the shape
the comparison is about (a link's clicks over 90 days, four platforms, three referrers, bots: every
row of the two rollups a stats call reads); the store's batch write of clicks (`insertClicks`, which
keeps the rollups) is reachable from Swift only, not from the command line. So the rows are made
here, from one statement per table written once for both stores, and a dialect says the few
expressions in which SQLite and PostgreSQL differ. Only what the stats call reads and the raw rows
are written: `clicks`, then `click_daily_totals` (people's clicks per day) and `click_totals`
(per platform, referrer and bot flag over every day), summed from those raw rows by the database
itself, with the keys `ClickRollup` gives them (UTC day, `direct` for no referrer). The caller
checks the stats call's total against the clicks written, so a rollup that drifts from the
product's shows up as a failed run, not a wrong figure.
"""

import sqlite3
import subprocess

from . import HarnessError

DAY_MS = 86_400_000
DAYS = 90

DIALECTS = {
    "sqlite": {
        # The whole numbers 1…n, as the table `series(i)`.
        "series": "WITH RECURSIVE series(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM series WHERE i < {n})",
        # A uniform whole number in [0, n).
        "below": "abs(random() % {n})",
        "day": "strftime('%Y-%m-%d', time / 1000, 'unixepoch')",
        "false": "0",
        "placeholders": ("?1", "?2"),
    },
    "postgres": {
        "series": "WITH series(i) AS (SELECT generate_series(1, {n}))",
        "below": "floor(random() * {n})::bigint",
        "day": "to_char(to_timestamp(time / 1000) AT TIME ZONE 'UTC', 'YYYY-MM-DD')",
        "false": "false",
        "placeholders": ("$1", "$2"),
    },
}


def statements(dialect, link_id, tenant, count, now_ms):
    """The statements that store `count` clicks of one link over the last 90 days and their
    rollups, in `dialect`."""
    d = DIALECTS[dialect]

    def below(n):
        return d["below"].format(n=n)

    def quoted(text):
        return "'" + text.replace("'", "''") + "'"

    link = quoted(link_id)
    clicks = f"""
        {d["series"].format(n=int(count))}
        INSERT INTO clicks (link_id, tenant, time, platform, referrer_host, is_bot)
        SELECT {link}, {quoted(tenant)}, {int(now_ms)} - {below(DAYS * DAY_MS)},
               CASE {below(4)} WHEN 0 THEN 'ios' WHEN 1 THEN 'android' WHEN 2 THEN 'desktop' ELSE 'other' END,
               CASE {below(3)} WHEN 0 THEN NULL WHEN 1 THEN 'news.example.com' ELSE 'social.example.com' END,
               {below(100)} < 5
        FROM series"""
    daily_totals = f"""
        INSERT INTO click_daily_totals (link_id, day, count)
        SELECT link_id, {d["day"]}, count(*) FROM clicks WHERE link_id = {link} AND NOT is_bot GROUP BY 1, 2"""
    totals = f"""
        INSERT INTO click_totals (link_id, platform, referrer, is_bot, count)
        SELECT link_id, platform, coalesce(referrer_host, 'direct'), is_bot, count(*) FROM clicks
        WHERE link_id = {link} GROUP BY 1, 2, 3, 4"""
    return [clicks, daily_totals, totals]


def stats_statement(dialect):
    """The statement of the stores' stats call (`SQLiteLinkStore.stats`, `PostgresLinkStore.stats`),
    with the link ID and the tenant as its two parameters: its query plan on a seeded database
    shows whether the call reads a range of each rollup's primary key."""
    d = DIALECTS[dialect]
    link, tenant = d["placeholders"]
    exists = f"EXISTS (SELECT 1 FROM links WHERE links.id = {link} AND links.tenant = {tenant})"
    return (f"SELECT 0 AS part, day, '' AS platform, '' AS referrer, {d['false']} AS is_bot, count FROM click_daily_totals\n"
            f"WHERE link_id = {link} AND {exists}\n"
            "UNION ALL\n"
            "SELECT 1, '', platform, referrer, is_bot, count FROM click_totals\n"
            f"WHERE link_id = {link} AND {exists}")


def summary(query, link_id):
    """(days, breakdown rows) the stats call reads for a link; `query(sql)` returns the rows."""
    days = query(f"SELECT count(*) FROM click_daily_totals WHERE link_id = '{link_id}'")[0][0]
    totals = query(f"SELECT count(*) FROM click_totals WHERE link_id = '{link_id}'")[0][0]
    return int(days), int(totals)


class SQLiteClicks:
    """Clicks written into a stopped server's SQLite file."""

    dialect = "sqlite"

    def __init__(self, path):
        self.path = path

    def query(self, sql, parameters=()):
        db = sqlite3.connect(self.path)
        try:
            return db.execute(sql, parameters).fetchall()
        finally:
            db.close()

    def link(self, slug):
        return self.query("SELECT id, tenant FROM links WHERE slug = ?", (slug,))[0]

    def execute(self, statements):
        db = sqlite3.connect(self.path)
        try:
            db.execute("PRAGMA synchronous = OFF")
            with db:
                for statement in statements:
                    db.execute(statement)
        finally:
            db.close()

    def plan(self, slug):
        link_id, tenant = self.link(slug)
        return [row[3] for row in self.query("EXPLAIN QUERY PLAN " + stats_statement("sqlite"), (link_id, tenant))]


class PostgresClicks:
    """Clicks written into a PostgreSQL database (through psql) while the server runs on it."""

    dialect = "postgres"

    def __init__(self, url):
        self.url = url

    def psql(self, script, *options):
        result = subprocess.run(["psql", self.url, "-v", "ON_ERROR_STOP=1", "-q", *options], input=script,
                                capture_output=True, text=True)
        if result.returncode != 0:
            raise HarnessError(f"psql failed: {result.stderr.strip()}")
        return result.stdout

    def query(self, sql):
        return [line.split("|") for line in self.psql(sql, "-tA").splitlines() if line]

    def link(self, slug):
        return tuple(self.query(f"SELECT id, tenant FROM links WHERE slug = '{slug}'")[0])

    def execute(self, statements):
        self.psql("SET synchronous_commit = off;\nBEGIN;\n" + ";\n".join(statements) + ";\nCOMMIT;\nANALYZE;\n")

    def plan(self, slug):
        link_id, tenant = self.link(slug)
        script = (f"PREPARE stats(text, text) AS\n{stats_statement('postgres')};\n"
                  f"EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) EXECUTE stats('{link_id}', '{tenant}');\n")
        return self.psql(script, "-tA").splitlines()


def store_clicks(store, counts, now_ms):
    """Stores clicks of each slug in `counts` ({slug: clicks}); [(slug, clicks, days, breakdown
    rows)] of what the stats call will read."""
    read = []
    for slug, count in counts.items():
        link_id, tenant = store.link(slug)
        store.execute(statements(store.dialect, link_id, tenant, count, now_ms))
        read.append((slug, count, *summary(store.query, link_id)))
    return read
