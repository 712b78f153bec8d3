"""App events for the load tests: wrk posting batches to `POST /api/v1/events` and checking every
answer.

Each request is one batch of `size` events (`{"events": [...]}`), the same body every time: a
`purchase` with a value, naming a real click (so each event takes the attribution path an app's
event takes). Events carry no `dedupeKey`, so every event accepted is stored. Every answer must be
`202`; the run counts the others and fails on any.
"""

import json
import os
import re

from . import HarnessError
from .wrk import execute, parse

LUA = r"""
local file = io.open(os.getenv("LOADTEST_EVENTS_BODY"))
local body = file:read("*a")
file:close()
wrk.method = "POST"
wrk.body = body
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("LOADTEST_EVENTS_KEY")
local pause = tonumber(os.getenv("LOADTEST_DELAY_MS") or "0")
if pause > 0 then delay = function() return pause end end

accepted = 0
unexpected = 0
local threads = {}
function setup(thread) threads[#threads + 1] = thread end
response = function(status, headers, body)
    if status == 202 then accepted = accepted + 1 else unexpected = unexpected + 1 end
end
done = function(summary, latency, requests)
    for _, thread in ipairs(threads) do
        io.write("accepted ", thread:get("accepted"), "\n")
        io.write("unexpected ", thread:get("unexpected"), "\n")
    end
end
"""


def body(size, click_id):
    """A batch of `size` purchase events naming `click_id` (or no click when None)."""
    event = {"name": "purchase", "value": 4.99, "currency": "EUR"}
    if click_id:
        event["clickId"] = click_id
    return json.dumps({"events": [event] * size})


class EventsWrk:
    """wrk with one thread posting one batch per request to 127.0.0.1 with `key`."""

    def __init__(self, directory, key):
        self.directory = directory
        self.key = key
        self.script = os.path.join(directory, "events.lua")
        with open(self.script, "w") as f:
            f.write(LUA)

    def command(self, name, port, connections, duration, batch, delay_ms=0):
        """The wrk command and environment of a run (for a caller that runs it beside another)."""
        body_file = os.path.join(self.directory, f"{name}.events.json")
        with open(body_file, "w") as f:
            f.write(batch)
        arguments = ["timeout", str(duration + 30), "wrk", "-t1", f"-c{connections}", f"-d{duration}s",
                     "--timeout", "5s", "--latency", "-s", self.script, f"http://127.0.0.1:{port}/api/v1/events"]
        env = dict(os.environ, LOADTEST_EVENTS_BODY=body_file, LOADTEST_EVENTS_KEY=self.key,
                   LOADTEST_DELAY_MS=str(delay_ms))
        return arguments, env

    def run(self, name, port, connections, duration, batch, delay_ms=0):
        """Runs the batches for `duration` seconds; the wrk result with `accepted` (202 answers).
        Raises HarnessError when any answer is not 202."""
        arguments, env = self.command(name, port, connections, duration, batch, delay_ms)
        return checked(name, execute(self.directory, name, arguments, env, port))


def checked(name, text):
    """The wrk result of `text` with `accepted` set; HarnessError when an answer was not 202."""
    result = parse(text)
    accepted = sum(int(m.group(1)) for m in re.finditer(r"^accepted (\d+)$", text, re.M))
    unexpected = sum(int(m.group(1)) for m in re.finditer(r"^unexpected (\d+)$", text, re.M))
    if unexpected or accepted == 0:
        raise HarnessError(f"{name}: {unexpected} answers other than 202 ({accepted} accepted)\n{text}")
    result.accepted = accepted
    return result
