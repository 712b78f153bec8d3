"""Fixtures of the console's browser tests: a real `wayfinder serve` on a free loopback port with
two tenants (Examples/storyteller.json and Examples/chat.json), a key of each made with
`wayfinder keys create`, and a headless Chromium driven by Selenium.

Nothing is built here: the tests run the binary that is already built (`.build/debug/wayfinder`,
or the one `WAYFINDER_BIN` names); `Scripts/browser-tests` builds it first unless `WAYFINDER_BIN`
is set. The server is started and stopped by the launcher of Scripts/harness.
"""

import shutil
import sys
import tempfile
import time
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "Documentation" / "console"
MANIFESTS = {"storyteller": ROOT / "Examples" / "storyteller.json", "chat": ROOT / "Examples" / "chat.json"}
sys.path.insert(0, str(ROOT / "Scripts"))
from harness.launcher import Server, keys_create, wayfinder_binary  # noqa: E402


class ConsoleServer:
    """A running `wayfinder serve` with both tenants, `keys` of each, and its URL, `base`."""

    def __init__(self, directory):
        binary = wayfinder_binary()
        self.directory = Path(directory)
        self.database = f"sqlite:{self.directory / 'console.sqlite'}"
        self.keys = {tenant: keys_create(binary, tenant, manifest, self.database)
                     for tenant, manifest in MANIFESTS.items()}
        # Webhook endpoints on loopback (the webhooks page's test receiver): allowed for the tests only.
        environment = {"WAYFINDER_CLICK_FLUSH_INTERVAL_MS": "100", "WAYFINDER_WEBHOOKS_ALLOW_PRIVATE": "1"}
        self.server = Server(binary, MANIFESTS.values(), self.database, self.directory / "server.log",
                             environment).start(timeout=30)
        self.port = self.server.port
        self.base = f"http://127.0.0.1:{self.port}"

    def stop(self):
        self.server.stop(timeout=10)


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
