"""A live `wayfinder serve` for the Python test suites (Tests/Browser, Tests/FirebaseClient).

It runs the built binary (`.build/debug/wayfinder`, or `$WAYFINDER_BIN`) on a free port of
127.0.0.1 with a fresh SQLite file, the given manifest and a key of its tenant, and removes
everything when stopped. Started and stopped by the launcher of Scripts/harness.
"""

import json
import os
import pathlib
import shutil
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Scripts"))
from harness.launcher import Server, keys_create, wayfinder_binary  # noqa: E402


class WayfinderServer:
    """The running server: `port`, `key` (an API key of the manifest's tenant), `directory` (the
    manifest, the database and the server's log, server.log)."""

    def __init__(self, manifest, environment=None, prefix="wayfinder-"):
        binary = wayfinder_binary()
        self.directory = tempfile.mkdtemp(prefix=prefix)
        try:
            manifest_path = self.write_manifest(manifest)
            database = "sqlite:" + os.path.join(self.directory, "links.sqlite")
            self.key = keys_create(binary, manifest["id"], manifest_path, database)
            self.server = Server(binary, manifest_path, database, os.path.join(self.directory, "server.log"),
                                 environment).start(timeout=30)
        except BaseException:
            shutil.rmtree(self.directory, ignore_errors=True)
            raise
        self.port = self.server.port

    def write_manifest(self, manifest):
        path = os.path.join(self.directory, "manifest.json")
        with open(path, "w") as f:
            json.dump(manifest, f)
        return path

    def stop(self):
        self.server.stop(timeout=15)
        shutil.rmtree(self.directory, ignore_errors=True)
