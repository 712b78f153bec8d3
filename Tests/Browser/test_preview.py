"""The iOS preview page in a real browser: "Get the app" copies the claim URL, then goes to the
App Store; nothing is copied without the tap; the strict Content-Security-Policy lets the page's
own style and script run and nothing else."""

import json
import os
import pathlib
import time
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from conftest import CDN_HOST, DESKTOP, IPHONE, create_link

# Installed before any script of the page runs: records clipboard writes instead of making them
# (headless Chromium has no clipboard to read back), in the page and in localStorage so the record
# outlives the navigation to the App Store.
CLIPBOARD_HOOK = """
(() => {
  const copied = [];
  window.__copied = copied;
  const fake = { writeText: (text) => {
    copied.push(text);
    try { localStorage.setItem('wf-copied', JSON.stringify(copied)); } catch (e) {}
    return Promise.resolve();
  } };
  Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => fake, configurable: true });
})();
"""


@pytest.fixture(scope="module")
def link(wayfinder):
    base, key = wayfinder
    create_link(
        base, key, "spring", destination="https://localhost/story/42",
        social={"title": "Spring <stories> & \"more\"", "description": "Twelve new tales for longer evenings, read by their authors.",
                "imageURL": f"https://{CDN_HOST}/card.svg"})
    return base + "/spring"


def navigations(driver):
    """URLs the browser asked for (CDP performance log)."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] in ("Network.requestWillBeSent", "Page.frameRequestedNavigation"):
            params = message["params"]
            urls.append(params.get("request", {}).get("url") or params.get("url", ""))
    return urls


def csp_violations(driver):
    return [e["message"] for e in driver.get_log("browser") if "Content Security Policy" in e["message"]]


def test_get_the_app_copies_the_claim_url_then_opens_the_app_store(link, browser_factory):
    driver = browser_factory()
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CLIPBOARD_HOOK})
    driver.get(link)
    button = driver.find_element(By.LINK_TEXT, "Get the app")
    claim = button.get_attribute("data-claim")
    assert claim.startswith("https://localhost/spring?wf_claim=")
    assert len(claim) > len("https://localhost/spring?wf_claim=") + 40
    time.sleep(0.5)
    assert driver.execute_script("return window.__copied") == [], "copied without a tap"
    assert csp_violations(driver) == []

    driver.get_log("performance")  # only what follows the tap
    button.click()
    seen = []
    deadline = time.time() + 5
    while time.time() < deadline and not any(u.startswith("https://apps.apple.com/app/id1234567890") for u in seen):
        seen += navigations(driver)
        time.sleep(0.1)
    assert any(u.startswith("https://apps.apple.com/app/id1234567890") for u in seen), seen

    # The record the hook kept in the page's storage, read back on the page's origin.
    driver.get(link.rsplit("/", 1)[0] + "/healthz")
    copied = json.loads(driver.execute_script("return localStorage.getItem('wf-copied')") or "[]")
    assert copied == [claim]


def test_each_visit_gets_its_own_claim_token(link, browser_factory):
    driver = browser_factory()
    driver.get(link)
    first = driver.find_element(By.LINK_TEXT, "Get the app").get_attribute("data-claim")
    driver.get(link)
    second = driver.find_element(By.LINK_TEXT, "Get the app").get_attribute("data-claim")
    assert first != second


def test_user_text_is_escaped_and_the_page_is_strict(link, browser_factory):
    driver = browser_factory()
    driver.get(link)
    assert driver.find_element(By.TAG_NAME, "h1").text == 'Spring <stories> & "more"'
    assert driver.title == 'Spring <stories> & "more"'
    assert driver.find_elements(By.CSS_SELECTOR, "script[src], link[rel=stylesheet]") == []
    request = urllib.request.Request(link.replace("localhost", "127.0.0.1"), headers={"User-Agent": IPHONE, "Host": "localhost"})
    with urllib.request.urlopen(request) as response:
        policy = response.headers["Content-Security-Policy"]
        html = response.read().decode()
    assert "default-src 'none'" in policy and "script-src 'nonce-" in policy
    nonce = policy.split("script-src 'nonce-")[1].split("'")[0]
    assert f'<script nonce="{nonce}">' in html
    assert "<stories>" not in html


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)])
def test_readable_at_phone_and_desktop_width(link, browser_factory, width, height):
    driver = browser_factory(width=width, height=height)
    driver.get(link)
    # Nothing wider than the viewport; both buttons visible without scrolling sideways.
    assert driver.execute_script("return document.documentElement.scrollWidth") <= width
    for text in ["Get the app", "Continue on the web"]:
        element = driver.find_element(By.LINK_TEXT, text)
        assert element.is_displayed()
        assert element.rect["x"] >= 0 and element.rect["x"] + element.rect["width"] <= width
    assert driver.execute_script("return document.querySelector('.icon').naturalWidth") > 0, "icon did not load"


def test_dark_mode_follows_the_system(link, browser_factory):
    driver = browser_factory(dark=True)
    driver.get(link)
    background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(0, 0, 0)"


@pytest.mark.skipif(not os.environ.get("WAYFINDER_SCREENSHOTS"), reason="set WAYFINDER_SCREENSHOTS=1 to refresh Documentation/")
def test_screenshots(link, browser_factory):
    documentation = pathlib.Path(__file__).resolve().parents[2] / "Documentation"
    for name, agent, size, dark in [
        ("preview-phone.png", IPHONE, (390, 844), False),
        ("preview-phone-dark.png", IPHONE, (390, 844), True),
        ("preview-desktop.png", DESKTOP, (1280, 900), False),
    ]:
        driver = browser_factory(user_agent=agent, width=size[0], height=size[1], dark=dark)
        # Desktop visitors of an app link are redirected; show them the page as iOS gets it.
        driver.execute_cdp_cmd("Network.setUserAgentOverride", {"userAgent": IPHONE})
        driver.get(link)
        time.sleep(0.5)
        driver.save_screenshot(str(documentation / name))
