"""Many links at once through the product's own bulk path, and Zipf-like draws over them."""

import bisect
import csv
import os
import random
import subprocess

from . import HarnessError
from .binary import ROOT


def write_export(path, domain, slugs, destination, desktop):
    """A Firebase Dynamic Links export (the CSV `wayfinder import firebase` reads): one row per
    slug, `short_link` https://DOMAIN/SLUG, `link` destination(SLUG), `ofl` (the desktop
    fallback) desktop(SLUG)."""
    with open(path, "w", newline="") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(["short_link", "link", "ofl"])
        for slug in slugs:
            writer.writerow([f"https://{domain}/{slug}", destination(slug), desktop(slug)])


def import_links(binary, export, tenant, manifest, database):
    """`wayfinder import firebase EXPORT` into `database`; the import's summary line. Every row
    must be imported."""
    result = subprocess.run([binary, "import", "firebase", export, "--tenant", tenant, "--manifest", manifest,
                             "--database", database], cwd=ROOT, capture_output=True, text=True)
    lines = result.stdout.strip().splitlines()
    if result.returncode != 0:
        raise HarnessError(f"wayfinder import firebase exited {result.returncode}: "
                           + "\n".join(lines[-10:] + result.stderr.strip().splitlines()[-10:]))
    return lines[-1] if lines else ""


def zipf_draws(path, slugs, draws=500_000, seed=13):
    """Writes `draws` paths /SLUG drawn Zipf-like (s = 1: rank r has weight 1/r) over `slugs`,
    ranks shuffled over the slugs, one a line."""
    rng = random.Random(seed)
    order = list(range(len(slugs)))
    rng.shuffle(order)
    cumulative, total = [], 0.0
    for r in range(1, len(slugs) + 1):
        total += 1.0 / r
        cumulative.append(total)
    last = len(slugs) - 1
    with open(path, "w") as f:
        for _ in range(draws):
            rank = bisect.bisect_left(cumulative, rng.random() * total)
            f.write(f"/{slugs[order[min(rank, last)]]}\n")


def remove(path):
    try:
        os.remove(path)
    except FileNotFoundError:
        pass
