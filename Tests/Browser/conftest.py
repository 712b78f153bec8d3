"""A real `wayfinder serve` on 127.0.0.1 and a headless Chromium, for the preview page tests.

The server runs the built binary (`.build/debug/wayfinder`, or `$WAYFINDER_BIN`) on a free
loopback port with a fresh SQLite file and a manifest whose domain is `localhost`, so the
browser reaches the tenant at http://localhost:PORT. Images of the link (icon, social card) are
served by a small HTTPS server on loopback that Chromium reaches as cdn.wayfinder.test.
"""

import json
import os
import pathlib
import shutil
import ssl
import subprocess
import sys
import tempfile
import threading
import urllib.request
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "PythonSupport"))
from wayfinder_server import WayfinderServer  # noqa: E402

ASSETS = pathlib.Path(__file__).resolve().parent / "assets"
IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1"
)
DESKTOP = (
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 "
    "(KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36"
)
CDN_HOST = "cdn.wayfinder.test"


class Assets(SimpleHTTPRequestHandler):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=str(ASSETS), **kwargs)

    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def cdn():
    """HTTPS on loopback with a throwaway self-signed certificate (Chromium ignores its errors)."""
    directory = tempfile.mkdtemp(prefix="wayfinder-cdn-")
    cert, key = os.path.join(directory, "cert.pem"), os.path.join(directory, "key.pem")
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", f"/CN={CDN_HOST}",
         "-keyout", key, "-out", cert],
        check=True, capture_output=True)
    server = ThreadingHTTPServer(("127.0.0.1", 0), Assets)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1]
    server.shutdown()
    shutil.rmtree(directory, ignore_errors=True)


@pytest.fixture(scope="session")
def wayfinder(cdn):
    """A running `wayfinder serve`; yields (base URL, API key)."""
    server = WayfinderServer({
        "id": "local", "name": "Storyteller", "iconURL": f"https://{CDN_HOST}/icon.svg",
        "ios": {"appIDs": ["ABCDE12345.com.storyteller.app"], "appStoreID": "1234567890"},
        "domains": ["localhost"], "web": "https://www.stories.example.com",
        "routes": [{"name": "story", "paths": ["/story/{storyId}"]}],
    }, prefix="wayfinder-browser-")
    yield f"http://localhost:{server.port}", server.key
    server.stop()


def create_link(base, key, slug, **fields):
    body = {"slug": slug, **fields}
    request = urllib.request.Request(
        base.replace("localhost", "127.0.0.1") + "/api/v1/links", data=json.dumps(body).encode(), method="POST",
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json", "Host": "localhost"})
    with urllib.request.urlopen(request) as response:
        return json.load(response)


@pytest.fixture
def browser_factory(cdn):
    drivers = []

    def make(user_agent=IPHONE, width=390, height=844, dark=False):
        options = Options()
        options.add_argument("--headless=new")
        options.add_argument("--no-sandbox")
        options.add_argument("--disable-dev-shm-usage")
        options.add_argument(f"--user-agent={user_agent}")
        options.add_argument(f"--window-size={width},{height}")
        options.add_argument("--ignore-certificate-errors")
        options.add_argument(f"--host-resolver-rules=MAP {CDN_HOST} 127.0.0.1:{cdn}")
        options.add_argument("--hide-scrollbars")
        options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
        binary = shutil.which("chromium") or shutil.which("chromium-browser")
        if binary:
            options.binary_location = binary
        driver_path = shutil.which("chromedriver")
        driver = webdriver.Chrome(options=options, service=Service(driver_path) if driver_path else None)
        if width < 600:
            # Desktop windows have a minimum width; a phone is emulated exactly (and at 2x, as an iPhone draws).
            driver.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})
        if dark:
            driver.execute_cdp_cmd(
                "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        drivers.append(driver)
        return driver

    yield make
    for driver in drivers:
        driver.quit()
