"""wrk runs over a file of paths, and what they measured."""

import os
import re
import subprocess
from dataclasses import dataclass
from typing import Optional

from . import HarnessError

# Rotates over the paths of a file; with LOADTEST_DELAY_MS > 0 each connection waits that long
# between a response and its next request (a paced load, since wrk2 is not in Debian).
LUA = """\
local paths = {}
for line in io.lines(os.getenv("LOADTEST_PATHS")) do paths[#paths + 1] = line end
local index = math.random(#paths)
request = function()
    index = index % #paths + 1
    return wrk.format("GET", paths[index])
end
local pause = tonumber(os.getenv("LOADTEST_DELAY_MS") or "0")
if pause > 0 then delay = function() return pause end end
"""


@dataclass
class Result:
    requests: int
    rps: float
    p50: float  # ms
    p99: float  # ms
    errors: int  # answers other than 2xx/3xx, and socket errors
    text: str  # wrk's own output
    cpu: Optional[int] = None  # the server's CPU µs per request, when the caller measured it


def parse(text):
    """A Result from wrk's `--latency` output."""

    def ms(value, unit):
        return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]

    requests = int(re.search(r"(\d+) requests in", text).group(1))
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    p = {m.group(1): ms(m.group(2), m.group(3))
         for m in re.finditer(r"^\s+(50|99)%\s+([\d.]+)(us|ms|s)\s*$", text, re.M)}
    errors = 0
    m = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    if m:
        errors += int(m.group(1))
    m = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    if m:
        errors += sum(int(x) for x in m.groups())
    return Result(requests, rps, p.get("50", 0), p.get("99", 0), errors, text)


class Wrk:
    """wrk with one thread against 127.0.0.1, every request with `headers`; scripts and outputs go
    to `directory`."""

    def __init__(self, directory, headers):
        self.directory = directory
        self.headers = headers
        self.script = os.path.join(directory, "paths.lua")
        with open(self.script, "w") as f:
            f.write(LUA)

    def run(self, name, port, connections, duration, paths, delay_ms=0, header=None):
        """Runs wrk for `duration` seconds over the paths in the file `paths`; its output is kept
        as `wrk-NAME.txt`."""
        arguments = ["timeout", str(duration + 30), "wrk", "-t1", f"-c{connections}", f"-d{duration}s",
                     "--timeout", "5s", "--latency", "-s", self.script]
        for value in self.headers + ([header] if header else []):
            arguments += ["-H", value]
        arguments.append(f"http://127.0.0.1:{port}/")
        env = dict(os.environ, LOADTEST_PATHS=paths, LOADTEST_DELAY_MS=str(delay_ms))
        return parse(execute(self.directory, name, arguments, env, port))


def execute(directory, name, arguments, env, port):
    """Runs the wrk command `arguments`; its output, also kept as `wrk-NAME.txt` in `directory`."""
    output = os.path.join(directory, f"wrk-{name}.txt")
    with open(output, "w") as out:
        status = subprocess.run(arguments, env=env, stdout=out, stderr=subprocess.STDOUT).returncode
    with open(output) as f:
        text = f.read()
    if status != 0:
        raise HarnessError(f"wrk failed against 127.0.0.1:{port}: {text}")
    return text
