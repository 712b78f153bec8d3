"""The load harness shared by `Scripts/loadtest` and `Scripts/soak`: everything both need to put a
real `wayfinder serve` under load on 127.0.0.1, said once.

    binary       build and locate the `wayfinder` binary (and the bare Hummingbird comparison)
    launcher     a free port, `wayfinder keys create`, `wayfinder serve` until /readyz answers,
                 its log, graceful stop: also what the Python tests under Tests/ start it with
    server       the launcher's server with a metrics listener, for a load run; its CPU time
    api          the links API with a key (one call, or a keep-alive client for load)
    wrk          wrk runs over a file of paths, paced or not, and their parsed results
    metrics      one series of /metrics
    memory       resident set size of a process, once or sampled in the background
    comparators  nginx answering `return 302` and the bare Hummingbird app
    seed         many links through the product's bulk path (`wayfinder import firebase`) and
                 Zipf-like draws over them
    clicks       many clicks of a link spread over past days, for the stats comparison
    postgres     databases and schemas of a run's own on a PostgreSQL server (psql)
    events       wrk posting batches of app events, every answer checked

Standard library only: CI and a fresh machine have a bare Python 3.
"""


class HarnessError(Exception):
    """A step of the harness failed; the message says which and what was seen."""
