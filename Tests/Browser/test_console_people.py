"""Issue #43's story in Chromium: an owner's key invites ada@example.com as an editor, she opens
the invitation link, signs in through a real OpenID Connect provider on loopback (PyPI's
`oidc-provider-mock`), makes a link, finds no Webhooks or Members in her navigation, is refused
the webhooks page by the server, and the audit log holds every step with her as the actor. Then
she turns one-time codes on from her account page with a code computed here from the key the
page shows (RFC 6238, not the server's code)."""

import base64
import hashlib
import hmac
import json
import os
import struct
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from console_fixtures import MANIFESTS, browser, downloads  # noqa: F401 (fixtures)
from harness.launcher import Server, answers, free_port, keys_create, wayfinder_binary

pytest.importorskip("oidc_provider_mock", reason="python3 -m pip install oidc-provider-mock")


@pytest.fixture(scope="module")
def people_server():
    directory = Path(tempfile.mkdtemp(prefix="wayfinder-people-"))
    provider_port = free_port()
    claims = json.dumps({"sub": "ada", "email": "ada@example.com", "email_verified": True})
    provider = subprocess.Popen(
        [sys.executable, "-m", "oidc_provider_mock", "--host", "127.0.0.1", "--port", str(provider_port),
         "--user-claims", claims],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, "PYTHONWARNINGS": "ignore"})
    deadline = time.monotonic() + 60
    while answers(provider_port, "/.well-known/openid-configuration") != 200:
        assert provider.poll() is None and time.monotonic() < deadline, "oidc-provider-mock did not start"
        time.sleep(0.2)
    binary = wayfinder_binary()
    database = f"sqlite:{directory / 'people.sqlite'}"
    key = keys_create(binary, "storyteller", MANIFESTS["storyteller"], database)
    port = free_port()
    environment = {
        "WAYFINDER_OIDC_ISSUER": f"http://127.0.0.1:{provider_port}",
        "WAYFINDER_OIDC_CLIENT_ID": "wayfinder-console",
        "WAYFINDER_OIDC_CLIENT_SECRET": "console-secret",
        "WAYFINDER_OIDC_REDIRECT_URI": f"http://127.0.0.1:{port}/admin/sso/callback",
    }
    server = Server(binary, MANIFESTS.values(), database, directory / "server.log", environment, port=port)
    server.start(timeout=30)
    yield {"base": f"http://127.0.0.1:{port}", "key": key}
    server.stop(timeout=10)
    provider.terminate()
    provider.wait(timeout=10)
    shutil.rmtree(directory, ignore_errors=True)


def api(server, method, path, body=None):
    request = urllib.request.Request(
        server["base"] + path, method=method, data=json.dumps(body).encode() if body is not None else None,
        headers={"Authorization": "Bearer " + server["key"], "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, json.loads(response.read() or b"null")


def field(driver, label):
    element = driver.find_element(By.XPATH, f'//label[normalize-space()="{label}"]')
    return driver.find_element(By.ID, element.get_attribute("for"))


def by_text(driver, text):
    return driver.find_element(By.XPATH, f'//button[normalize-space()="{text}"] | //a[normalize-space()="{text}"]')


def test_an_invited_editor_signs_in_through_the_provider_and_is_held_to_her_role(browser, people_server):  # noqa: F811
    status, invitation = api(people_server, "POST", "/api/v1/members/invitations",
                             {"email": "ada@example.com", "role": "editor"})
    assert status == 201
    browser.get(invitation["url"])
    assert "ada@example.com is invited to storyteller as editor" in browser.page_source
    by_text(browser, "Sign in with single sign-on").click()
    # The provider's own authorization page: sign in as ada and authorize.
    browser.find_element(By.NAME, "sub").send_keys("ada")
    browser.find_element(By.XPATH, '//button[normalize-space()="Authorize"]').click()
    arrive(browser, "/admin/links")
    assert browser.current_url.startswith(people_server["base"] + "/admin/links")
    assert "ada@example.com (editor)" in browser.page_source
    navigation = browser.find_element(By.XPATH, '//nav[@aria-label="Console"]').text
    assert "Links" in navigation and "Webhooks" not in navigation and "Members" not in navigation

    by_text(browser, "New link").click()
    field(browser, "Destination").send_keys("https://www.stories.example.com/featured")
    field(browser, "Slug").send_keys("ada-browser")
    by_text(browser, "Create link").click()
    arrive(browser, "/admin/links/ada-browser")
    assert "/admin/links/ada-browser" in browser.current_url

    browser.get(people_server["base"] + "/admin/webhooks")
    assert "Your role does not allow this" in browser.page_source

    status, page = api(people_server, "GET", "/api/v1/audit?actor=person:ada@example.com")
    actions = {entry["action"] for entry in page["entries"]}
    assert {"member.joined", "console.signed-in", "link.created", "console.access-refused"} <= actions

    # Her account page, from her email in the top bar: one-time codes on with a current code.
    browser.find_element(By.XPATH, '//a[@class="who"]').click()
    arrive(browser, "/admin/account")
    assert browser.current_url == people_server["base"] + "/admin/account"
    assert browser.find_element(By.CSS_SELECTOR, ".totp-qr svg").is_displayed()
    assert browser.find_element(By.ID, "totp-uri").get_attribute("href").startswith("otpauth://totp/")
    key = browser.find_element(By.ID, "totp-secret").text.replace(" ", "")
    field(browser, "One-time code").send_keys(totp(key, time.time()))
    by_text(browser, "Turn on one-time codes").click()
    # The answer is the same page, so its URL tells nothing: wait for its notice.
    shows(browser, "One-time codes are on")
    assert "Turn off one-time codes" in browser.page_source and key not in browser.page_source
    status, page = api(people_server, "GET", "/api/v1/audit?actor=person:ada@example.com")
    assert "person.totp-enabled" in {entry["action"] for entry in page["entries"]}
    assert key not in json.dumps(page)


def arrive(browser, path):
    """Waits (up to 10 s) until a click's navigation has reached a URL containing `path`: a form's
    POST and its redirect can still be under way when `click()` returns."""
    WebDriverWait(browser, 10).until(lambda driver: path in driver.current_url)


def shows(browser, text):
    """Waits (up to 10 s) until the page shows `text`: for a form whose answer is the page it was
    posted from, where the URL does not change."""
    WebDriverWait(browser, 10).until(lambda driver: text in driver.page_source)


def totp(key, now):
    """The RFC 6238 code (HMAC-SHA-1, 6 digits, 30-second steps) of the base32 `key` at `now`."""
    secret = base64.b32decode(key + "=" * (-len(key) % 8))
    mac = hmac.new(secret, struct.pack(">Q", int(now // 30)), hashlib.sha1).digest()
    offset = mac[-1] & 0x0F
    return "%06d" % ((struct.unpack(">I", mac[offset:offset + 4])[0] & 0x7FFFFFFF) % 1_000_000)
