"""The console's webhooks pages in a real browser: the endpoints page from the navigation, a
refused URL shown next to its field with what was typed kept, a new endpoint whose secret is
shown once, a test event sent from the page and its delivery in the endpoint's log, and disabling.
"""

import http.server
import threading
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from console_fixtures import browser, console_server, downloads, screenshot  # noqa: F401 (fixtures)
from test_console import button, expect_heading, field, sign_in


@pytest.fixture(scope="module")
def receiver():
    """A webhook receiver on loopback that answers 204 and keeps the bodies."""
    bodies = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            bodies.append(self.rfile.read(int(self.headers.get("content-length", "0"))))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *arguments):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/hook", bodies
    server.shutdown()


def test_a_refused_url_is_shown_next_to_its_field_and_kept(browser, console_server):
    sign_in(browser, console_server, console_server.keys["storyteller"])
    expect_heading(browser, "Links")
    button(browser, "Webhooks").click()
    expect_heading(browser, "Webhooks")
    field(browser, "URL").send_keys("ftp://hooks.example.com/x")
    browser.find_element(By.ID, "event-link.created").click()
    button(browser, "Add endpoint").click()
    expect_heading(browser, "Webhooks")
    assert field(browser, "URL").get_attribute("value") == "ftp://hooks.example.com/x"
    assert field(browser, "URL").get_attribute("aria-invalid") == "true"
    assert "not an absolute http(s) URL" in browser.find_element(By.ID, "url-error").text
    assert browser.find_element(By.ID, "event-link.created").is_selected()


def test_a_new_endpoint_shows_its_secret_once_and_its_deliveries(browser, console_server, receiver):
    url, bodies = receiver
    browser.get(console_server.base + "/admin/webhooks")
    field(browser, "URL").send_keys(url)
    browser.find_element(By.ID, "event-link.created").click()
    field(browser, "Description").send_keys("CRM")
    button(browser, "Add endpoint").click()
    expect_heading(browser, "Webhook endpoint")
    secret = browser.find_element(By.ID, "secret").text
    assert secret.startswith("whsec_")
    button(browser, "Send test event").click()
    # The answer is the same page under the same heading: wait for its notice.
    WebDriverWait(browser, 10).until(lambda driver: "A webhook.test event is queued" in driver.page_source)
    assert secret not in browser.page_source  # shown only when it was made
    deadline = time.time() + 20
    while not bodies and time.time() < deadline:
        time.sleep(0.1)
    assert bodies and b'"type":"webhook.test"' in bodies[0]
    time.sleep(0.5)
    browser.refresh()
    rows = browser.find_elements(By.CSS_SELECTOR, "table tbody tr")
    assert rows and "webhook.test" in rows[0].text and "delivered" in rows[0].text and "204" in rows[0].text
    screenshot(browser, "webhook")
    button(browser, "Disable").click()
    WebDriverWait(browser, 10).until(lambda driver: "Disabled: nothing is sent to it." in driver.page_source)
    browser.get(console_server.base + "/admin/webhooks")
    assert url in browser.page_source and "disabled" in browser.page_source
    screenshot(browser, "webhooks")
