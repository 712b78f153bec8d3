"""Databases and schemas of a run's own on a PostgreSQL server, through psql."""

import os
import subprocess
import urllib.parse

from . import HarnessError
from .binary import ROOT


def psql(url, sql):
    """Runs `sql` with psql on `url`; HarnessError with psql's message when it fails."""
    result = subprocess.run(["psql", url, "-qc", sql], capture_output=True, text=True)
    if result.returncode != 0:
        raise HarnessError(result.stderr.strip())


def with_database(url, name):
    """`url` with its database replaced by `name`."""
    parts = urllib.parse.urlsplit(url)
    return urllib.parse.urlunsplit(parts._replace(path="/" + name))


def with_schema(url, schema):
    """`url` with `schema=SCHEMA` added to its query (the server's own search path)."""
    return url + ("&" if "?" in url else "?") + f"schema={schema}"


def test_cluster():
    """WAYFINDER_TEST_POSTGRES_URL when it is set (a database of one's own), else the URL of the
    cluster of `Scripts/test-postgres start` (started when it is not running)."""
    if os.environ.get("WAYFINDER_TEST_POSTGRES_URL"):
        return os.environ["WAYFINDER_TEST_POSTGRES_URL"]
    result = subprocess.run([f"{ROOT}/Scripts/test-postgres", "start"], cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        raise HarnessError(f"Scripts/test-postgres start failed: {result.stderr}")
    return result.stdout.strip()


def drop_schema(url, schema):
    """Drops a schema made for a run; errors are ignored (the run is over)."""
    base = url.split("?")[0].replace("postgres://", "postgresql://")
    subprocess.run(["psql", base, "-qc", f"DROP SCHEMA IF EXISTS {schema} CASCADE"], capture_output=True)
