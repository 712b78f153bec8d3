"""Live `wayfinder serve` processes and a webhook receiver for the webhook proof tests.

The receiver verifies every delivery with PyPI's `standardwebhooks` library (the spec's own
Python implementation, not Wayfinder's code) and keeps what it got; it can be stopped and started
again on the same port (a receiver that is down refuses connections). `RecordingReceiver`, for the
load script, records deliveries cheaply as they arrive and verifies them with the same library
afterwards.
"""

import asyncio
import collections
import http.server
import json
import os
import pathlib
import re
import sys
import threading
import time
import urllib.request

from standardwebhooks.webhooks import Webhook

ROOT = pathlib.Path(__file__).resolve().parents[2]
MANIFEST = ROOT / "Examples" / "storyteller.json"
sys.path.insert(0, str(ROOT / "Scripts"))
from harness import launcher  # noqa: E402
from harness.launcher import free_port, keys_create, wayfinder_binary  # noqa: E402


def lower_thread_priority(niceness, idle):
    """Gives the calling thread the nice value `niceness` (when not 0) and, with `idle`, the
    kernel's SCHED_IDLE class (it runs only when nothing else wants the CPU)."""
    if niceness:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), niceness)
    if idle:
        os.sched_setscheduler(threading.get_native_id(), os.SCHED_IDLE, os.sched_param(0))


# Fast retries and a short lease, so that outages of seconds stand for outages of days.
ENVIRONMENT = {
    "WAYFINDER_WEBHOOKS_ALLOW_PRIVATE": "1",
    "WAYFINDER_WEBHOOKS_RETRY_SECONDS": ",".join(["1"] * 3 + ["2"] * 60),
    "WAYFINDER_WEBHOOKS_LEASE_SECONDS": "16",
    "WAYFINDER_API_RATE_PER_MINUTE": "1000000",
    "WAYFINDER_PUBLIC_RATE_PER_MINUTE": "0",
    "WAYFINDER_CLICK_FLUSH_INTERVAL_MS": "200",
}


class Server(launcher.Server):
    """One `wayfinder serve` on `database` with ENVIRONMENT and `environment`, its output in a
    temporary log (`log_path`, removed by `stop()`); `kill()` is kill -9, `start()` starts it
    again. No metrics listener unless `metrics` (then on `metrics_port`)."""

    def __init__(self, database, environment=None, metrics=False):
        super().__init__(wayfinder_binary(), MANIFEST, database, environment={**ENVIRONMENT, **(environment or {})},
                         metrics=metrics)

    def start(self):
        return super().start(timeout=60)

    def stop(self):
        return super().stop(timeout=30)

    def call(self, method, path, key, body=None):
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}", method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read()
            return json.loads(text) if text else None


def make_key(database):
    return keys_create(wayfinder_binary(), "storyteller", MANIFEST, database)


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
                lower_thread_priority(receiver.niceness, receiver.idle)
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


class RecordingReceiver:
    """A webhook endpoint on 127.0.0.1 for load runs, where the receiver's CPU is taken from the
    cores of the server under test: it answers every complete request `204 No Content` at once
    and only records it (header bytes, body bytes and arrival time), on one asyncio event loop in
    one thread with a minimal HTTP/1.1 parser (keep-alive, pipelining, Content-Length bodies).
    `verify()`, called outside the timed window, verifies everything recorded since its last call
    with `standardwebhooks` against `secrets` (any one may verify) and keeps each delivery no
    secret verifies in `forged`, so that once it has run over every delivery with `forged` empty,
    every delivery counted was verified, as with `Receiver`.

    `count(type)` is the number of distinct webhook-ids of that event type received so far,
    counted on arrival from the webhook-id header and the body's leading `"type"` (a JSON parse
    when the body does not start with it); `verify()` checks that the verified headers and payload
    carry that id and type. Unlike `Receiver`, a forged delivery is answered 204 too (it is only
    known afterwards). A request whose body ended before its Content-Length is no delivery: its
    header bytes are kept in `truncated`. A request the parser does not take (no header end within
    64 KiB, a Transfer-Encoding, a bad Content-Length) is answered with an error, its connection
    closed, and its header bytes kept in `rejected`."""

    # Within the header bytes lowered: the last webhook-id counts, as in the dict of headers that
    # `verify()` builds (and `Receiver` did).
    _ID = b"\r\nwebhook-id:"
    _LENGTH = b"\r\ncontent-length:"
    _CONNECTION = b"\r\nconnection:"
    _ENCODING = b"\r\ntransfer-encoding:"
    # The event type when the body starts with it: the top-level key, as nothing comes before it.
    _TYPE = re.compile(rb'\{\s*"type"\s*:\s*"([^"\\]*)"')
    _NO_CONTENT = b"HTTP/1.1 204 No Content\r\n\r\n"
    _HEADER_LIMIT = 65536
    # standardwebhooks' window around the webhook-timestamp.
    _TOLERANCE = 300

    def __init__(self, niceness=0, idle=False):
        self.port = free_port()
        # As in `Receiver`: the nice value and SCHED_IDLE class of the thread that answers.
        self.niceness = niceness
        self.idle = idle
        self.secrets = []
        self.forged = []
        self.truncated = []
        self.rejected = []
        self.verified = 0
        # (header bytes, body bytes, arrival time, webhook-id bytes, event type bytes); appended
        # by the loop's thread, taken by `verify()` (deque append and popleft are thread-safe).
        self.records = collections.deque()
        self.ids_by_type = collections.defaultdict(set)
        self.loop = None
        self.thread = None

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}/hook"

    def start(self):
        receiver = self
        ready = threading.Event()
        failure = []
        connections = set()

        class Connection(asyncio.Protocol):
            def connection_made(self, transport):
                self.transport = transport
                self.buffer = b""
                connections.add(transport)

            def connection_lost(self, exception):
                connections.discard(self.transport)
                end = self.buffer.find(b"\r\n\r\n")
                if end >= 0:
                    # A request cut off in its body (its header end came, its Content-Length
                    # bytes did not): no delivery, and no forgery either; it is sent again whole.
                    receiver.truncated.append(self.buffer[:end + 4])

            def data_received(self, data):
                if self.buffer:
                    data = self.buffer + data
                arrival = time.time()
                start = 0
                answers = 0
                close = False
                size = len(data)
                while True:
                    end = data.find(b"\r\n\r\n", start)
                    if end < 0:
                        if size - start > receiver._HEADER_LIMIT:
                            self.reject(data[start:start + 1024], b"431 Request Header Fields Too Large", answers)
                            return
                        break
                    end += 4
                    head = data[start:end]
                    lowered = head.lower()
                    if lowered.find(receiver._ENCODING) >= 0:
                        self.reject(head, b"501 Not Implemented", answers)
                        return
                    at = lowered.find(receiver._LENGTH)
                    if at >= 0:
                        at += len(receiver._LENGTH)
                        length = head[at:head.index(b"\r\n", at)].strip()
                        if not length.isdigit():
                            self.reject(head, b"400 Bad Request", answers)
                            return
                        length = int(length)
                    else:
                        length = 0
                    if size - end < length:
                        break
                    body = data[end:end + length]
                    start = end + length
                    at = lowered.rfind(receiver._ID)
                    if at >= 0:
                        at += len(receiver._ID)
                        webhook_id = head[at:head.index(b"\r\n", at)].strip()
                    else:
                        webhook_id = None
                    match = receiver._TYPE.match(body)
                    event_type = match.group(1) if match else receiver.parsed_type(body)
                    receiver.records.append((head, body, arrival, webhook_id, event_type))
                    if webhook_id:
                        receiver.ids_by_type[event_type].add(webhook_id)
                    answers += 1
                    at = lowered.find(receiver._CONNECTION)
                    if at >= 0:
                        close = b"close" in lowered[at:lowered.index(b"\r\n", at + 2)]
                    else:
                        close = lowered.startswith(b"http/1.0", lowered.index(b"\r\n") - 8)
                    if close:
                        break
                if answers:
                    self.transport.write(receiver._NO_CONTENT * answers)
                if close:
                    self.buffer = b""
                    self.transport.close()
                else:
                    self.buffer = data[start:] if start else data

            def reject(self, head, status, answers=0):
                """Answers the complete requests before it, then the error, and closes."""
                receiver.rejected.append(head)
                self.transport.write(receiver._NO_CONTENT * answers + b"HTTP/1.1 " + status
                                     + b"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                self.buffer = b""
                self.transport.close()

        def run():
            lower_thread_priority(self.niceness, self.idle)
            loop = asyncio.new_event_loop()
            try:
                server = loop.run_until_complete(
                    loop.create_server(Connection, "127.0.0.1", self.port, reuse_address=True))
            except Exception as error:
                failure.append(error)
                loop.close()
                ready.set()
                return
            self.loop = loop
            ready.set()
            try:
                loop.run_forever()
            finally:
                server.close()
                for transport in list(connections):
                    transport.abort()
                loop.run_until_complete(server.wait_closed())
                loop.run_until_complete(asyncio.sleep(0))
                loop.close()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        ready.wait()
        if failure:
            raise failure[0]
        return self

    def stop(self):
        if self.loop:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(timeout=30)
            self.loop = None
            self.thread = None

    @staticmethod
    def parsed_type(body):
        try:
            event_type = json.loads(body).get("type")
        except Exception:
            return None
        return event_type.encode() if isinstance(event_type, str) else None

    def count(self, event_type):
        """How many distinct events of `event_type` arrived (verified by `verify()` afterwards)."""
        return len(self.ids_by_type.get(event_type.encode(), ()))

    def verify(self):
        """Verifies every delivery recorded since the last call with `standardwebhooks`; one no
        secret verifies, or whose verified webhook-id or payload type is not the one it was
        counted under, or whose webhook-timestamp was outside the library's window at its arrival
        (the library checks it against the time of this call), is appended to `forged` as
        `(headers, reason)`. Returns how many verified."""
        webhooks = [Webhook(secret) for secret in list(self.secrets)]
        verified = 0
        for _ in range(len(self.records)):
            head, body, arrival, webhook_id, event_type = self.records.popleft()
            headers = {}
            for line in head.decode("latin-1").split("\r\n")[1:]:
                name, colon, value = line.partition(":")
                if colon:
                    headers[name.strip().lower()] = value.strip()
            payload, reason = None, "no secret verifies it"
            for webhook in webhooks:
                try:
                    payload = webhook.verify(body, headers)
                    break
                except Exception:
                    pass
            if payload is not None:
                payload_type = payload.get("type") if isinstance(payload, dict) else None
                if headers["webhook-id"].encode("latin-1") != webhook_id:
                    reason = "verified under another webhook-id than it was counted under"
                elif (payload_type.encode() if isinstance(payload_type, str) else None) != event_type:
                    reason = "verified with another type than it was counted under"
                elif abs(float(headers["webhook-timestamp"]) - arrival) > self._TOLERANCE:
                    reason = "webhook-timestamp outside the window at its arrival"
                else:
                    verified += 1
                    continue
            self.forged.append((headers, reason))
        self.verified += verified
        return verified
