"""Building and locating the binaries a run measures."""

import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MANIFEST = os.path.join(ROOT, "Examples", "storyteller.json")
BARE_PACKAGE = os.path.join(ROOT, "Scripts", "bare-hummingbird")
BARE_BINARY = os.path.join(BARE_PACKAGE, ".build", "release", "BareRedirect")


def default_wayfinder(configuration):
    """`.build/<configuration>/wayfinder` of this checkout."""
    return os.path.join(ROOT, ".build", configuration, "wayfinder")


def build_release(directory, arguments, show):
    """`swift build -c release ARGUMENTS` in `directory`, bounded to 40 minutes; only the lines
    matching the regular expression `show` reach standard error. A failed build is not an error
    here: the caller checks that the binary it needs exists."""
    try:
        result = subprocess.run(["timeout", "2400", "swift", "build", "-c", "release", *arguments], cwd=directory,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    except OSError as error:
        print(f"swift build: {error}", file=sys.stderr)
        return
    for line in result.stdout.splitlines():
        if re.search(show, line):
            print(line, file=sys.stderr)


def has_command(binary, command, option=None):
    """Whether `binary COMMAND --help` succeeds (and, with `option`, mentions it)."""
    result = subprocess.run([binary, command, "--help"], capture_output=True, text=True)
    return result.returncode == 0 and (option is None or option in result.stdout + result.stderr)
