"""What Wayfinder's redirect is compared with in the same run: Debian's nginx answering
`return 302` with exactly the Locations Wayfinder answers, and the bare Hummingbird app (every GET
a `302` to one constant Location: the framework's own ceiling)."""

import os
import shutil
import signal
import subprocess
import time

from . import HarnessError
from .binary import BARE_BINARY
from .launcher import answers, free_port


def nginx_binary():
    return shutil.which("nginx") or "/usr/sbin/nginx"


def nginx_version():
    result = subprocess.run([nginx_binary(), "-v"], capture_output=True, text=True)
    return (result.stdout + result.stderr).strip()


def nginx_config(directory, port, domain, locations):
    """nginx.conf for one server on 127.0.0.1:`port` answering each (path, location) with
    `return 302`, everything else 404."""
    lines = [
        "worker_processes auto;",
        f"pid {directory}/nginx.pid;",
        f"error_log {directory}/error.log warn;",
        "events { worker_connections 4096; }",
        "http {",
        # nginx logs every request, buffered, as Wayfinder records every click, batched.
        f"    access_log {directory}/access.log combined buffer=64k flush=1s;",
        *(f"    {temp}_temp_path {directory}/{temp};" for temp in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")),
        "    keepalive_requests 1000000;",
        "    server {",
        f"        listen 127.0.0.1:{port};",
        f"        server_name {domain};",
        *(f"        location = {path} {{ return 302 {location}; }}" for path, location in locations),
        "        location / { return 404; }",
        "    }",
        "}",
    ]
    return "\n".join(lines) + "\n"


def wait_for(port, path, seconds=10):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if answers(port, path, timeout=2) is not None:
            return
        time.sleep(0.1)


class Nginx:
    """nginx in the foreground with a config of its own in `directory`."""

    def __init__(self, directory, domain, locations):
        self.directory = directory
        self.port = free_port()
        os.makedirs(directory, exist_ok=True)
        self.config = os.path.join(directory, "nginx.conf")
        with open(self.config, "w") as f:
            f.write(nginx_config(directory, self.port, domain, locations))
        self.process = None

    def start(self):
        with open(os.path.join(self.directory, "error.log"), "a") as errors:
            self.process = subprocess.Popen(
                [nginx_binary(), "-p", self.directory, "-c", self.config, "-g", "daemon off;"],
                stdin=subprocess.DEVNULL, stderr=errors)
        wait_for(self.port, "/")
        return self

    def stop(self):
        stop_process(self.process, "QUIT")
        self.process = None


class BareHummingbird:
    """Scripts/bare-hummingbird's release build, answering every GET with `302 location`, and
    `/page` with a page of `page_bytes` (the app's default when None)."""

    def __init__(self, directory, location, page_bytes=None):
        self.directory = directory
        self.location = location
        self.page_bytes = page_bytes
        self.port = free_port()
        self.process = None

    @staticmethod
    def built():
        return os.access(BARE_BINARY, os.X_OK)

    def start(self):
        with open(os.path.join(self.directory, "bare.log"), "w") as log:
            extra = [] if self.page_bytes is None else [str(self.page_bytes)]
            self.process = subprocess.Popen([BARE_BINARY, "127.0.0.1", str(self.port), self.location, *extra],
                                            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
        wait_for(self.port, "/healthz")
        status = answers(self.port, "/x")
        if status != 302:
            raise HarnessError(f"the bare Hummingbird app answered {status}, expected 302")
        return self

    @property
    def pid(self):
        return self.process.pid if self.process else None

    def stop(self):
        stop_process(self.process, "TERM")
        self.process = None


def stop_process(process, signal_name, seconds=10):
    """Sends SIGNAME and waits up to `seconds`, then kills."""
    if process is None or process.poll() is not None:
        return
    process.send_signal(getattr(signal, "SIG" + signal_name))
    try:
        process.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
