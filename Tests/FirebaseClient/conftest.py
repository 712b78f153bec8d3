"""A real `wayfinder serve` on 127.0.0.1, and Google's own generated Firebase Dynamic Links client
pointed at it.

The server (Tests/PythonSupport/wayfinder_server.py) has a manifest whose domain is `localhost`,
so a client that calls http://localhost:PORT reaches the tenant as a backend reaches its Wayfinder
domain. The client is
google-api-python-client's `firebasedynamiclinks` v1, built from the discovery document the package
ships (`static_discovery=True`); only its endpoint is changed, as a team moving from FDL changes
only the host.
"""

import http.client
import json
import pathlib
import sys

import httplib2
import pytest
from google.auth.credentials import AnonymousCredentials
from googleapiclient import discovery

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "PythonSupport"))
from wayfinder_server import WayfinderServer  # noqa: E402

FINGERPRINT = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"


class Wayfinder:
    """The running server: its base URL (on the tenant's domain) and a key of the tenant."""

    def __init__(self, port, key):
        self.port = port
        self.key = key
        self.base = f"http://localhost:{port}"

    def request(self, method, path, body=None, headers=None):
        """(status, headers by lowercase name, body bytes) of a request to 127.0.0.1 with
        `Host: localhost`; never follows a redirect."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        all_headers = {"Host": "localhost", **(headers or {})}
        payload = json.dumps(body).encode() if body is not None else None
        if payload is not None:
            all_headers["Content-Type"] = "application/json"
        connection.request(method, path, body=payload, headers=all_headers)
        response = connection.getresponse()
        result = (response.status, {name.lower(): value for name, value in response.getheaders()}, response.read())
        connection.close()
        return result

    def api(self, method, path, body=None):
        status, _, data = self.request(method, path, body, {"Authorization": f"Bearer {self.key}"})
        return status, (json.loads(data) if data else None)


@pytest.fixture(scope="session")
def wayfinder():
    # Clicks are written as they happen, so the stats a test reads right after its visits count them.
    server = WayfinderServer({
        "id": "local", "name": "Local Stories",
        "ios": {"appIDs": ["ABCDE12345.com.local.app"], "appStoreID": "1"},
        "android": {"package": "com.local.app", "sha256CertFingerprints": [FINGERPRINT]},
        "domains": ["localhost"], "web": "https://www.local.example.com",
        "routes": [{"name": "item", "paths": ["/item/{id}"]}],
    }, environment={"WAYFINDER_CLICK_FLUSH": "synchronous"}, prefix="wayfinder-fdl-")
    yield Wayfinder(server.port, server.key)
    server.stop()


def build_client(wayfinder, key):
    """Google's generated client from its shipped discovery document, sent to the live server.

    `key` is the API key (`developerKey`, sent as `?key=`); `None` builds a client that sends no
    key at all (anonymous credentials), as a backend that forgot it would.
    """
    # No proxy from the environment: the server is on loopback.
    transport = httplib2.Http(timeout=30, proxy_info=None)
    options = {"api_endpoint": wayfinder.base + "/"}
    if key is None:
        return discovery.build(
            "firebasedynamiclinks", "v1", static_discovery=True, client_options=options,
            credentials=AnonymousCredentials(), cache_discovery=False)
    return discovery.build(
        "firebasedynamiclinks", "v1", static_discovery=True, client_options=options, developerKey=key, http=transport,
        cache_discovery=False)


@pytest.fixture(scope="session")
def client(wayfinder):
    return build_client(wayfinder, wayfinder.key)
