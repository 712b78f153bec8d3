"""Live `wayfinder serve` processes and a webhook receiver for the webhook proof tests.

The receiver verifies every delivery with PyPI's `standardwebhooks` library (the spec's own
Python implementation, not Wayfinder's code) and keeps what it got; it can be stopped and started
again on the same port (a receiver that is down refuses connections).
"""

import collections
import http.server
import json
import os
import pathlib
import signal
import socket
import subprocess
import tempfile
import threading
import time
import urllib.request

from standardwebhooks.webhooks import Webhook

ROOT = pathlib.Path(__file__).resolve().parents[2]
MANIFEST = ROOT / "Examples" / "storyteller.json"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def binary():
    path = os.environ.get("WAYFINDER_BIN", str(ROOT / ".build" / "debug" / "wayfinder"))
    if not os.path.exists(path):
        raise RuntimeError(f"{path} is missing: run `swift build --product wayfinder` first (or set WAYFINDER_BIN)")
    return path


# Fast retries and a short lease, so that outages of seconds stand for outages of days.
ENVIRONMENT = {
    "WAYFINDER_WEBHOOKS_ALLOW_PRIVATE": "1",
    "WAYFINDER_WEBHOOKS_RETRY_SECONDS": ",".join(["1"] * 3 + ["2"] * 60),
    "WAYFINDER_WEBHOOKS_LEASE_SECONDS": "16",
    "WAYFINDER_API_RATE_PER_MINUTE": "1000000",
    "WAYFINDER_PUBLIC_RATE_PER_MINUTE": "0",
    "WAYFINDER_CLICK_FLUSH_INTERVAL_MS": "200",
    # No metrics listener: two instances at once would both take its default port.
    "WAYFINDER_METRICS_ADDRESS": "off",
}


class Server:
    """One `wayfinder serve` on `database`; `kill()` is kill -9, `start()` starts it again."""

    def __init__(self, database, environment=None):
        self.database = database
        self.environment = {**os.environ, **ENVIRONMENT, **(environment or {})}
        self.port = free_port()
        self.process = None
        self.log = tempfile.NamedTemporaryFile(prefix="wayfinder-webhooks-", suffix=".log", delete=False)

    def start(self):
        self.process = subprocess.Popen(
            [binary(), "serve", "--manifest", str(MANIFEST), "--database", self.database, "--host", "127.0.0.1",
             "--port", str(self.port)],
            stdout=subprocess.DEVNULL, stderr=self.log, env=self.environment)
        deadline = time.time() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=1)
                return self
            except OSError:
                if self.process.poll() is not None or time.time() > deadline:
                    self.process.kill()
                    raise RuntimeError("wayfinder serve did not start: " + pathlib.Path(self.log.name).read_text())
                time.sleep(0.1)

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=15)

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)
        os.unlink(self.log.name)

    def call(self, method, path, key, body=None):
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}", method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read()
            return json.loads(text) if text else None


def make_key(database):
    return subprocess.run(
        [binary(), "keys", "create", "--tenant", "storyteller", "--manifest", str(MANIFEST), "--database", database],
        check=True, capture_output=True, text=True).stdout.strip()


class Receiver:
    """A webhook endpoint on 127.0.0.1: every delivery is verified with `standardwebhooks`
    against the secrets it is told (any one may verify); `deliveries` keeps them in arrival
    order as `(webhook-id, payload, body, secrets that verified)`; a delivery no secret verifies
    is kept in `forged`."""

    def __init__(self, delay=0.0, niceness=0, idle=False):
        self.port = free_port()
        # The nice value of the threads that answer deliveries, and whether they run in the
        # kernel's SCHED_IDLE class (only when nothing else wants the CPU): a load test runs the
        # receiver, which stands for a server elsewhere, so that it takes only the CPU the server
        # under test and the load generator leave.
        self.niceness = niceness
        self.idle = idle
        self.secrets = []
        self.deliveries = []
        self.forged = []
        # Requests whose body ended before its Content-Length (the sender was killed meanwhile).
        self.truncated = []
        # The distinct webhook-ids received, by event type: counted as they arrive, so that
        # asking costs nothing however many deliveries there were.
        self.ids_by_type = collections.defaultdict(set)
        self.delay = delay
        self.lock = threading.Lock()
        self.server = None

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}/hook"

    def start(self):
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            # Keep-alive, as receivers behind any web server have: HTTP/1.0 would close the
            # connection after each delivery and start a thread for the next one.
            protocol_version = "HTTP/1.1"

            def setup(self):
                if receiver.niceness:
                    os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), receiver.niceness)
                if receiver.idle:
                    os.sched_setscheduler(threading.get_native_id(), os.SCHED_IDLE, os.sched_param(0))
                super().setup()

            def do_POST(self):
                length = int(self.headers.get("content-length", "0"))
                body = self.rfile.read(length)
                headers = {name.lower(): value for name, value in self.headers.items()}
                if len(body) < length:
                    # The sender died mid-request (the kill -9 test): no delivery, and no forgery
                    # either; it is sent again whole.
                    with receiver.lock:
                        receiver.truncated.append(headers)
                    self.close_connection = True
                    return
                verified = []
                payload = None
                for secret in list(receiver.secrets):
                    try:
                        payload = Webhook(secret).verify(body, headers)
                        verified.append(secret)
                    except Exception:
                        pass
                # Kept on arrival, answered after the delay: a sender killed meanwhile never hears
                # the answer and must send the event again (with its webhook-id).
                with receiver.lock:
                    if verified:
                        receiver.deliveries.append((headers["webhook-id"], payload, body, verified))
                        receiver.ids_by_type[payload.get("type")].add(headers["webhook-id"])
                    else:
                        receiver.forged.append(headers)
                if receiver.delay:
                    time.sleep(receiver.delay)
                if verified:
                    self.send_response(204)
                else:
                    self.send_response(401)
                    self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *arguments):
                pass

        http.server.ThreadingHTTPServer.allow_reuse_address = True
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def stop(self):
        if self.server:
            self.server.shutdown()
            self.server.server_close()
            self.server = None

    def count(self, event_type):
        """How many distinct events of `event_type` arrived."""
        with self.lock:
            return len(self.ids_by_type[event_type])

    def unique(self):
        """The first delivery of each webhook-id, in arrival order."""
        seen = {}
        with self.lock:
            for delivery in self.deliveries:
                seen.setdefault(delivery[0], delivery)
        return list(seen.values())

    def wait_for(self, count, timeout=90):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if len(self.unique()) >= count:
                return True
            time.sleep(0.1)
        return False
