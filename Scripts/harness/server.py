"""A `wayfinder serve` process on a free 127.0.0.1 port, and what a run needs around it."""

import http.client
import os
import signal
import socket
import subprocess
import time

from . import HarnessError
from .binary import ROOT


def free_port():
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


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
    result = subprocess.run([binary, "keys", "create", "--tenant", tenant, "--manifest", manifest,
                             "--database", database], cwd=ROOT, capture_output=True, text=True)
    key = result.stdout.strip()
    if result.returncode != 0 or not key:
        raise HarnessError(f"wayfinder keys create printed no key (exit {result.returncode}): {result.stderr.strip()}")
    return key


def cpu_ticks(pid):
    """User + system CPU time of a process, in clock ticks (0 once it is gone)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    except (OSError, IndexError, ValueError):
        return 0


CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


class ServerExited(HarnessError):
    """`wayfinder serve` exited before it answered /healthz; `log` is what it printed."""

    def __init__(self, log):
        super().__init__("wayfinder serve exited")
        self.log = log


class Server:
    """`wayfinder serve --manifest M --database D --host 127.0.0.1 --port P`, its output appended to
    `log_path`, with `environment` added to this process's own; /metrics on a port of its own,
    `metrics_port`. `start()` returns once /healthz answers 200."""

    def __init__(self, binary, manifest, database, log_path, environment=None, port=None):
        self.binary = binary
        self.manifest = manifest
        self.database = database
        self.log_path = log_path
        self.environment = dict(environment or {})
        self.port = port or free_port()
        self.metrics_port = free_port()
        self.process = None

    @property
    def pid(self):
        return self.process.pid if self.process else None

    @property
    def running(self):
        return self.process is not None and self.process.poll() is None

    def start(self, health_timeout=20, extra_environment=None):
        env = dict(os.environ, **self.environment, **(extra_environment or {}),
                   WAYFINDER_METRICS_ADDRESS=f"127.0.0.1:{self.metrics_port}")
        with open(self.log_path, "a") as log:
            self.process = subprocess.Popen(
                [self.binary, "serve", "--manifest", self.manifest, "--database", self.database,
                 "--host", "127.0.0.1", "--port", str(self.port)],
                cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + health_timeout
        while time.monotonic() < deadline:
            if answers(self.port, "/healthz", timeout=5) == 200:
                return self
            if self.process.poll() is not None:
                with open(self.log_path, errors="replace") as log:
                    raise ServerExited(log.read())
            time.sleep(0.1)
        raise HarnessError(f"wayfinder serve did not answer /healthz within {health_timeout:.0f} s")

    def stop(self, timeout=60):
        """SIGTERM, then waits up to `timeout` seconds for the server to write what it holds and
        exit. Its exit status; None when it had to be killed."""
        if self.process is None:
            return 0
        process, self.process = self.process, None
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
        try:
            return process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            return None
