"""`wayfinder serve` on 127.0.0.1, started and stopped one way for every Python script and test
that runs the real server: the load harness (`harness.server`), the webhook proof
(Tests/Webhooks/webhook_harness.py), the Python test suites' server
(Tests/PythonSupport/wayfinder_server.py) and the console's browser tests
(Tests/Browser/console_fixtures.py). The tests put Scripts/ on sys.path to import it, as the load
scripts do.

    free_port()         a TCP port on 127.0.0.1 that nothing listens on
    wayfinder_binary()  $WAYFINDER_BIN, else this checkout's .build/<configuration>/wayfinder
    answers()           the status of one GET on 127.0.0.1, or None
    keys_create()       an API key made by `wayfinder keys create`
    Server              `wayfinder serve` until /readyz answers; its output in a log file; a
                        metrics listener of its own or none; SIGTERM, then kill after a bound
"""

import http.client
import os
import signal
import socket
import subprocess
import tempfile
import time

from . import HarnessError
from .binary import ROOT, default_wayfinder

# How many times `Server.start()` tries ports of its own choosing when another process took the
# one it chose between `free_port()` and the server's bind.
PORT_ATTEMPTS = 3


def free_port():
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wayfinder_binary(configuration="debug"):
    """$WAYFINDER_BIN, else this checkout's `.build/<configuration>/wayfinder`; a HarnessError that
    says how to build it when there is no executable there."""
    path = os.environ.get("WAYFINDER_BIN") or default_wayfinder(configuration)
    if not os.access(path, os.X_OK):
        release = " -c release" if configuration == "release" else ""
        raise HarnessError(
            f"{path} is missing: run `swift build{release} --product wayfinder` first (or set WAYFINDER_BIN)")
    return path


def answers(port, path, timeout=5):
    """The status of GET `path` on 127.0.0.1:`port`, or None when nothing answers."""
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        try:
            connection.request("GET", path)
            return connection.getresponse().status
        finally:
            connection.close()
    except OSError:
        return None


def keys_create(binary, tenant, manifest, database):
    """A new API key of `tenant`, made by `wayfinder keys create` on `database`."""
    result = subprocess.run([binary, "keys", "create", "--tenant", tenant, "--manifest", str(manifest),
                             "--database", database], cwd=ROOT, capture_output=True, text=True)
    key = result.stdout.strip()
    if result.returncode != 0 or not key:
        raise HarnessError(f"wayfinder keys create printed no key (exit {result.returncode}): {result.stderr.strip()}")
    return key


def tail(text, characters=4000):
    """The end of a log, for an error message."""
    return text if len(text) <= characters else "…" + text[-characters:]


class ServerExited(HarnessError):
    """`wayfinder serve` exited before it was ready; `log` is what it printed, `status` its exit
    status."""

    def __init__(self, status, log):
        super().__init__(f"wayfinder serve exited {status} before it was ready; it printed:\n{tail(log)}")
        self.status = status
        self.log = log


class Server:
    """`wayfinder serve --manifest M… --database D --host 127.0.0.1 --port P ARGUMENTS`, run in the
    checkout's root with `environment` added to this process's own.

    Its standard output and error are appended to `log_path`; without one, to a temporary file of
    its own that `stop()` removes. With `metrics`, /metrics listens on a port of its own,
    `metrics_port`; without, on none (WAYFINDER_METRICS_ADDRESS=off: every server would take the
    default port). The launcher sets that variable, whatever `environment` says.

    `start()` returns once /readyz answers 200: the database answers and its schema is this
    build's (a build without /readyz: once /healthz answers 200). It may be called again after
    `stop()` or `kill()`: the same ports, the same log. The attributes are read at each start, so
    a caller may change `database` or `environment` between runs."""

    def __init__(self, binary, manifests, database, log_path=None, environment=None, arguments=(), port=None,
                 metrics=False):
        self.binary = binary
        self.manifests = [manifests] if isinstance(manifests, (str, os.PathLike)) else list(manifests)
        self.database = database
        self.environment = dict(environment or {})
        self.arguments = list(arguments)
        self.own_ports = port is None
        self.port = port or free_port()
        self.metrics_port = free_port() if metrics else None
        self.own_log = log_path is None
        self.log_path = str(log_path) if log_path else temporary_log()
        self.process = None

    @property
    def pid(self):
        return self.process.pid if self.process else None

    @property
    def running(self):
        return self.process is not None and self.process.poll() is None

    def command(self):
        manifests = [argument for manifest in self.manifests for argument in ("--manifest", str(manifest))]
        return [self.binary, "serve", *manifests, "--database", self.database, "--host", "127.0.0.1",
                "--port", str(self.port), *self.arguments]

    def process_environment(self, extra_environment=None):
        metrics = f"127.0.0.1:{self.metrics_port}" if self.metrics_port else "off"
        return {**os.environ, **self.environment, **(extra_environment or {}), "WAYFINDER_METRICS_ADDRESS": metrics}

    def start(self, timeout=30, extra_environment=None):
        """Starts the server (with `extra_environment` added for this run) and waits up to
        `timeout` seconds until it is ready; ServerExited when it exits first, a HarnessError
        (once it is killed) when it is not ready in time. Ports this object chose are chosen
        again when another process took one meanwhile."""
        for attempt in range(1, PORT_ATTEMPTS + 1):
            try:
                return self.launch(timeout, extra_environment)
            except ServerExited as exited:
                if not (self.own_ports and "Address already in use" in exited.log) or attempt == PORT_ATTEMPTS:
                    raise
                self.port = free_port()
                if self.metrics_port:
                    self.metrics_port = free_port()

    def launch(self, timeout, extra_environment):
        offset = os.path.getsize(self.log_path) if os.path.exists(self.log_path) else 0
        with open(self.log_path, "a") as log:
            self.process = subprocess.Popen(self.command(), cwd=ROOT, env=self.process_environment(extra_environment),
                                            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise ServerExited(self.process.returncode, self.output(offset))
            if self.ready():
                return self
            time.sleep(0.1)
        self.kill()
        raise HarnessError(f"wayfinder serve was not ready within {timeout:.0f} s; it printed:\n"
                           f"{tail(self.output(offset))}")

    def ready(self):
        """Whether /readyz answers 200 (/healthz, on a build without /readyz)."""
        status = answers(self.port, "/readyz", timeout=2)
        if status == 404:
            status = answers(self.port, "/healthz", timeout=2)
        return status == 200

    def output(self, offset=0):
        """What the server printed to its log, from byte `offset` on."""
        try:
            with open(self.log_path, "rb") as log:
                log.seek(offset)
                return log.read().decode(errors="replace")
        except OSError:
            return ""

    def kill(self):
        """kill -9, as a crash would; `start()` starts it again."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
        if self.process is not None:
            self.process.wait()

    def stop(self, timeout=60):
        """SIGTERM, then waits up to `timeout` seconds for the server to write what it holds and
        exit, else kills it; removes the log when it is this object's own. Its exit status; None
        when it had to be killed."""
        status = 0
        if self.process is not None:
            process, self.process = self.process, None
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
            try:
                status = process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
                status = None
        if self.own_log and os.path.exists(self.log_path):
            os.unlink(self.log_path)
        return status


def temporary_log():
    """A new empty file for a server's output, in the temporary directory."""
    descriptor, path = tempfile.mkstemp(prefix="wayfinder-serve-", suffix=".log")
    os.close(descriptor)
    return path
