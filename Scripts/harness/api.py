"""The links API of a running server, with an API key."""

import http.client
import json
import urllib.parse

from . import HarnessError


class Client:
    """One keep-alive connection to 127.0.0.1:`port`; after a failure it reconnects on the next
    request (the failure itself is raised)."""

    def __init__(self, port, timeout=60):
        self.port = port
        self.timeout = timeout
        self.connection = None
        self.last = None

    def request(self, method, path, headers=None, body=None):
        """(status, headers, body bytes) of one request."""
        self.last = f"{method} {path}"
        if self.connection is None:
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
        try:
            self.connection.request(method, path, body=body, headers=headers or {})
            response = self.connection.getresponse()
            data = response.read()
            return response.status, response.headers, data
        except Exception:
            self.connection.close()
            self.connection = None
            raise


class API:
    """`/api/v1` of the server on `port`, as the tenant of `key`; a connection per call, so that a
    call works across restarts of the server."""

    def __init__(self, port, key):
        self.port = port
        self.key = key

    def headers(self):
        return {"Authorization": f"Bearer {self.key}", "Content-Type": "application/json"}

    def call(self, method, path, body=None):
        """The JSON answer of a 2xx; anything else raises HarnessError with the answer."""
        client = Client(self.port)
        try:
            status, _, data = client.request(method, "/api/v1" + path, self.headers(),
                                             None if body is None else json.dumps(body))
        except OSError as error:
            raise HarnessError(f"{method} /api/v1{path}: {error}")
        finally:
            if client.connection:
                client.connection.close()
        if not 200 <= status < 300:
            raise HarnessError(f"{method} /api/v1{path}: HTTP {status}: {data.decode(errors='replace')}")
        return json.loads(data) if data else None

    def create_link(self, body):
        """Creates a link; (host, path) of its short URL."""
        link = self.call("POST", "/links", body)
        url = urllib.parse.urlsplit(link["url"])
        return url.hostname, url.path

    def clicks(self, slug):
        """Stored clicks of a link, people's and bots', from its stats."""
        stats = self.call("GET", f"/links/{slug}/stats")
        return stats["clicks"] + stats.get("botClicks", 0)
