"""Fixtures of the console's browser tests: a real `wayfinder serve` on a free loopback port with
two tenants (Examples/storyteller.json and Examples/chat.json), a key of each made with
`wayfinder keys create`, and a headless Chromium driven by Selenium.

Nothing is built here: the tests run the binary that is already built (`.build/debug/wayfinder`,
or the one `WAYFINDER_BIN` names); `Scripts/browser-tests` builds it first.
"""

import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "Documentation" / "console"


def wayfinder_binary():
    binary = os.environ.get("WAYFINDER_BIN") or str(ROOT / ".build" / "debug" / "wayfinder")
    if not os.access(binary, os.X_OK):
        pytest.fail(f"no wayfinder binary at {binary}: build it first (swift build --product wayfinder)")
    return binary


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class ConsoleServer:
    """A running `wayfinder serve` and the keys of its two tenants."""

    def __init__(self, directory):
        self.binary = wayfinder_binary()
        self.directory = Path(directory)
        self.database = f"sqlite:{self.directory / 'console.sqlite'}"
        self.manifests = [str(ROOT / "Examples" / "storyteller.json"), str(ROOT / "Examples" / "chat.json")]
        self.keys = {tenant: self.make_key(tenant) for tenant in ("storyteller", "chat")}
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = open(self.directory / "server.log", "w")
        arguments = [self.binary, "serve", "--database", self.database, "--host", "127.0.0.1", "--port", str(self.port)]
        for manifest in self.manifests:
            arguments += ["--manifest", manifest]
        # Webhook endpoints on loopback (the webhooks page's test receiver): allowed for the tests only.
        environment = dict(
            os.environ, WAYFINDER_CLICK_FLUSH_INTERVAL_MS="100", WAYFINDER_WEBHOOKS_ALLOW_PRIVATE="1",
            WAYFINDER_METRICS_ADDRESS="off")
        self.process = subprocess.Popen(arguments, stdout=self.log, stderr=subprocess.STDOUT, env=environment)
        self.wait_until_up()

    def make_key(self, tenant):
        return subprocess.run(
            [self.binary, "keys", "create", "--tenant", tenant, "--manifest", self.manifests[0 if tenant == "storyteller" else 1],
             "--database", self.database],
            check=True, capture_output=True, text=True).stdout.strip()

    def wait_until_up(self):
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"wayfinder serve exited with {self.process.returncode}; see {self.log.name}")
            try:
                with urllib.request.urlopen(self.base + "/healthz", timeout=1) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("wayfinder serve did not answer /healthz within 30 s")

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


@pytest.fixture(scope="module")
def console_server():
    directory = tempfile.mkdtemp(prefix="wayfinder-console-")
    server = ConsoleServer(directory)
    yield server
    server.stop()
    shutil.rmtree(directory, ignore_errors=True)


@pytest.fixture(scope="module")
def downloads():
    directory = tempfile.mkdtemp(prefix="wayfinder-downloads-")
    yield Path(directory)
    shutil.rmtree(directory, ignore_errors=True)


@pytest.fixture(scope="module")
def browser(downloads):
    options = webdriver.ChromeOptions()
    options.add_argument("--headless=new")
    options.add_argument("--no-sandbox")
    options.add_argument("--disable-dev-shm-usage")
    options.add_argument("--window-size=1280,900")
    options.add_experimental_option("prefs", {
        "download.default_directory": str(downloads),
        "download.prompt_for_download": False,
    })
    chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if chromium:
        options.binary_location = chromium
    driver_path = shutil.which("chromedriver")
    service = Service(driver_path) if driver_path else Service()
    driver = webdriver.Chrome(options=options, service=service)
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    driver.set_page_load_timeout(30)
    driver.implicitly_wait(5)
    yield driver
    driver.quit()


def screenshot(driver, name, dark=False, scroll_to=None):
    """Saves the page at phone (390x844) and desktop (1280x900) size into Documentation/console/."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    if dark:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    for label, (width, height, mobile) in {"phone": (390, 844, True), "desktop": (1280, 900, False)}.items():
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
        if scroll_to:
            driver.execute_script("document.querySelector(arguments[0]).scrollIntoView()", scroll_to)
        time.sleep(0.2)
        suffix = "-dark" if dark else ""
        driver.save_screenshot(str(SCREENSHOTS / f"{name}-{label}{suffix}.png"))
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    if dark:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
