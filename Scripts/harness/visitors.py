"""Kinds of visitor for the load tests: what each sends, what it must get, and wrk runs that check
every answer.

A visitor class is a User-Agent and the answer a load link (a story of Examples/storyteller.json
with a desktop fallback) gives it:

| class     | User-Agent                     | answer                                                      |
|-----------|--------------------------------|-------------------------------------------------------------|
| desktop   | Chrome on Windows              | `302` to the desktop fallback (`https://www.stories…`)      |
| ios       | Safari on an iPhone            | `200` preview page with a claim URL (`wf_claim=`)           |
| instagram | Instagram's browser, iPhone    | `200` preview page with a claim URL and "Open in Safari"    |
| android   | Chrome on a Pixel              | `302` to an `intent://` falling back to the Play Store      |
| crawler   | facebookexternalhit            | `200` preview page with `og:title`, no claim URL            |
| healthz   | (any; path `/healthz`)         | `200` `ok`                                                  |
| mix       | 55 % ios, 30 % android, 10 % desktop, 5 % crawler, in one run                |

The mix is a share of mobile-first traffic for a deep-link service (most links are opened on
phones, iPhone first; a few desktops and link-preview crawlers), in the spirit of the shares
Branch and AppsFlyer publish; it is a stand-in to weigh the classes, not a measurement.

wrk runs here classify every answer in Lua (status, `Location`, a marker in the body) and count
the ones that are no class's answer; a run with any, or whose classes are not in the shares sent,
fails.
"""

import os
import re
import subprocess

from . import HarnessError
from .wrk import parse

DESKTOP_UA = ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
              "Chrome/124.0.0.0 Safari/537.36")
IPHONE_UA = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
             "Version/18.0 Mobile/15E148 Safari/604.1")
INSTAGRAM_UA = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
                "Mobile/22A3354 Instagram 347.0.0.36.89 (iPhone15,2; iOS 18_0; en_US; en; scale=3.00; "
                "1179x2556; 634127002)")
ANDROID_UA = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
              "Chrome/124.0.0.0 Mobile Safari/537.36")
CRAWLER_UA = "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"

# class -> User-Agent
AGENTS = {"desktop": DESKTOP_UA, "ios": IPHONE_UA, "instagram": INSTAGRAM_UA, "android": ANDROID_UA,
          "crawler": CRAWLER_UA, "healthz": DESKTOP_UA}
# The mix, per 20 requests.
MIX = {"ios": 11, "android": 6, "desktop": 2, "crawler": 1}
CLASSES = ["healthz", "desktop", "ios", "instagram", "android", "crawler", "mix"]

# Each line of the paths file is `path<TAB>User-Agent`; requests rotate over the lines. Every
# answer is classified as the table above says; `done` prints the counts.
LUA = r"""
local lines = {}
for line in io.lines(os.getenv("LOADTEST_PATHS")) do
    local path, agent = line:match("^([^\t]+)\t(.+)$")
    lines[#lines + 1] = wrk.format("GET", path, {["User-Agent"] = agent})
end
local index = math.random(#lines)
request = function()
    index = index % #lines + 1
    return lines[index]
end

counts = {healthz = 0, desktop = 0, ios = 0, instagram = 0, android = 0, crawler = 0, unexpected = 0}
local threads = {}
function setup(thread) threads[#threads + 1] = thread end

local function class(status, headers, body)
    if status == 302 then
        local location = headers["Location"] or headers["location"] or ""
        if location:sub(1, 9) == "intent://" then return "android" end
        if location:sub(1, 31) == "https://www.stories.example.com" then return "desktop" end
    elseif status == 200 then
        if body == "ok\n" then return "healthz" end
        if body:find("wf_claim=", 1, true) then
            if body:find("Open in Safari", 1, true) then return "instagram" end
            return "ios"
        end
        if body:find("og:title", 1, true) then return "crawler" end
    end
    return "unexpected"
end

response = function(status, headers, body)
    local name = class(status, headers, body)
    counts[name] = counts[name] + 1
end

done = function(summary, latency, requests)
    for _, thread in ipairs(threads) do
        local got = thread:get("counts")
        for name, count in pairs(got) do io.write("class ", name, " ", count, "\n") end
    end
end
"""


def paths_file(directory, name, paths, visitor):
    """A paths file for `visitor` (a class, or `mix`) over the short-link `paths`; its path."""
    lines = []
    if visitor == "healthz":
        lines = [f"/healthz\t{AGENTS['healthz']}"]
    elif visitor == "mix":
        # The shares interleaved, each class over the links in turn.
        order = [name for name, share in MIX.items() for _ in range(share)]
        position = {name: 0 for name in MIX}
        for _ in range(len(paths)):
            for name in order:
                lines.append(f"{paths[position[name] % len(paths)]}\t{AGENTS[name]}")
                position[name] += 1
    else:
        lines = [f"{path}\t{AGENTS[visitor]}" for path in paths]
    file = os.path.join(directory, f"{name}.visits")
    with open(file, "w") as f:
        f.writelines(line + "\n" for line in lines)
    return file


class VisitorWrk:
    """wrk with one thread against 127.0.0.1 that checks every answer (see the module's doc)."""

    def __init__(self, directory, host):
        self.directory = directory
        self.host = host
        self.script = os.path.join(directory, "visitors.lua")
        with open(self.script, "w") as f:
            f.write(LUA)

    def run(self, name, port, connections, duration, visitor, paths):
        """Runs `visitor` (a class or `mix`) for `duration` seconds over the short-link `paths`;
        the wrk result. Raises HarnessError when an answer is no class's, or not the class sent."""
        file = paths_file(self.directory, name, paths, visitor)
        arguments = ["timeout", str(duration + 30), "wrk", "-t1", f"-c{connections}", f"-d{duration}s",
                     "--timeout", "5s", "--latency", "-s", self.script, "-H", f"Host: {self.host}",
                     "-H", "Accept: text/html", f"http://127.0.0.1:{port}/"]
        output = os.path.join(self.directory, f"wrk-{name}.txt")
        with open(output, "w") as out:
            status = subprocess.run(arguments, env=dict(os.environ, LOADTEST_PATHS=file), stdout=out,
                                    stderr=subprocess.STDOUT).returncode
        with open(output) as f:
            text = f.read()
        if status != 0:
            raise HarnessError(f"wrk failed against 127.0.0.1:{port}: {text}")
        result = parse(text)
        counts = {m.group(1): int(m.group(2)) for m in re.finditer(r"^class (\w+) (\d+)$", text, re.M)}
        check(name, visitor, counts, connections, text)
        result.counts = counts
        return result


def check(name, visitor, counts, connections, text):
    """Raises HarnessError unless every answer counted is the class (or the mix's classes) sent."""
    answered = sum(counts.values())
    if counts.get("unexpected", 0):
        raise HarnessError(f"{name}: {counts['unexpected']} of {answered} answers were no {visitor} answer\n{text}")
    if visitor != "mix":
        if counts.get(visitor, 0) != answered or answered == 0:
            raise HarnessError(f"{name}: answers {counts}, all should be {visitor}\n{text}")
        return
    total = sum(MIX.values())
    for klass, share in MIX.items():
        expected = answered * share / total
        # Requests rotate over the mix in order; only answers still in flight when wrk stopped
        # can move a class's count.
        if abs(counts.get(klass, 0) - expected) > connections + 20:
            raise HarnessError(f"{name}: {counts.get(klass, 0)} {klass} answers of {answered}, "
                               f"expected about {expected:.0f}\n{text}")
