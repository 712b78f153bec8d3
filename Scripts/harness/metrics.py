"""The server's /metrics (Prometheus text format), on its metrics listener's port
(`Server.metrics_port`, WAYFINDER_METRICS_ADDRESS), not the public one."""

import urllib.request


def scrape(port):
    """{series: value} of the unlabelled and labelled series, the series written as in the text."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as response:
        text = response.read().decode()
    values = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, _, value = line.rpartition(" ")
            try:
                values[name] = float(value)
            except ValueError:
                continue
    return values


def value(port, name):
    """The value of one series, rounded to a whole number (0 when the series is absent)."""
    return round(scrape(port).get(name, 0))
