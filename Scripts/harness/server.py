"""A `wayfinder serve` process for a load run on a free 127.0.0.1 port (the launcher's, with a
metrics listener), and what a run needs around it: a key, the server's CPU time."""

import os

from . import launcher
from .launcher import ServerExited, answers, free_port, keys_create  # noqa: F401 (the load scripts' names)


def cpu_ticks(pid):
    """User + system CPU time of a process, in clock ticks (0 once it is gone)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    except (OSError, IndexError, ValueError):
        return 0


CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


class Server(launcher.Server):
    """`wayfinder serve --manifest M --database D` as the launcher runs it, its output appended to
    `log_path`, with `environment` added to this process's own; /metrics on a port of its own,
    `metrics_port`. `start()` returns once /readyz answers 200."""

    def __init__(self, binary, manifest, database, log_path, environment=None, port=None):
        super().__init__(binary, manifest, database, log_path, environment, port=port, metrics=True)
