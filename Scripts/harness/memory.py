"""Resident memory and open descriptors of a process, from /proc."""

import os
import threading
import time


def status(pid):
    """{field: kB} of the memory lines of /proc/PID/status (VmRSS, VmHWM, RssAnon, …)."""
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            name, _, rest = line.partition(":")
            parts = rest.split()
            if len(parts) == 2 and parts[1] == "kB":
                fields[name] = int(parts[0])
    return fields


def peak_and_current_mb(pid):
    """(peak, current) resident set of a process, in whole MB."""
    fields = status(pid)
    return round(fields.get("VmHWM", 0) / 1024), round(fields.get("VmRSS", 0) / 1024)


class Sampler(threading.Thread):
    """Samples a process's RSS and open descriptors every `interval` seconds, in the background."""

    def __init__(self, pid, interval):
        super().__init__(daemon=True)
        self.pid = pid
        self.interval = interval
        self.samples = []  # (seconds since start, rss kB, fds, {RssAnon/RssFile/RssShmem: kB})
        self.stop = threading.Event()
        self.start_time = time.monotonic()

    def sample(self):
        fields = status(self.pid)
        parts = {name: fields[name] for name in ("RssAnon", "RssFile", "RssShmem") if name in fields}
        fds = len(os.listdir(f"/proc/{self.pid}/fd"))
        self.samples.append((time.monotonic() - self.start_time, fields.get("VmRSS", 0), fds, parts))

    def run(self):
        while not self.stop.is_set():
            try:
                self.sample()
            except OSError:
                return
            self.stop.wait(self.interval)
