"""A live `wayfinder serve` for the Python test suites (Tests/Browser, Tests/FirebaseClient).

It runs the built binary (`.build/debug/wayfinder`, or `$WAYFINDER_BIN`) on a free port of
127.0.0.1 with a fresh SQLite file, the given manifest and a key of its tenant, and removes
everything when stopped.
"""

import json
import os
import pathlib
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class WayfinderServer:
    """The running server: `port`, `key` (an API key of the manifest's tenant), `directory`."""

    def __init__(self, manifest, environment=None, prefix="wayfinder-"):
        binary = os.environ.get("WAYFINDER_BIN", str(ROOT / ".build" / "debug" / "wayfinder"))
        if not os.path.exists(binary):
            raise RuntimeError(
                f"{binary} is missing: run `swift build --product wayfinder` first (or set WAYFINDER_BIN)")
        self.directory = tempfile.mkdtemp(prefix=prefix)
        manifest_path = os.path.join(self.directory, "manifest.json")
        with open(manifest_path, "w") as f:
            json.dump(manifest, f)
        database = "sqlite:" + os.path.join(self.directory, "links.sqlite")
        self.key = subprocess.run(
            [binary, "keys", "create", "--tenant", manifest["id"], "--manifest", manifest_path, "--database", database],
            check=True, capture_output=True, text=True).stdout.strip()
        self.port = free_port()
        self.process = subprocess.Popen(
            [binary, "serve", "--manifest", manifest_path, "--database", database, "--host", "127.0.0.1",
             "--port", str(self.port)],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            env={**os.environ, "WAYFINDER_METRICS_ADDRESS": "off", **(environment or {})})
        deadline = time.time() + 30
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=1)
                break
            except OSError:
                if self.process.poll() is not None or time.time() > deadline:
                    self.process.kill()
                    shutil.rmtree(self.directory, ignore_errors=True)
                    raise RuntimeError("wayfinder serve did not start: " + self.process.stderr.read().decode())
                time.sleep(0.1)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=15)
        shutil.rmtree(self.directory, ignore_errors=True)
