"""The console at /admin in a real browser, walked as a person would: a wrong key, signing in,
a new link with an invalid destination (the error shown next to the field, the input kept), a
valid one, its page with the chart after some clicks, the QR code downloaded and decoded by
zbarimg, delete with its confirmation, sign out, the other tenant seeing none of it, and a CSRF
replay without the token that changes nothing.

The tests run in file order and share one server and one browser (a session is the point).
"""

import json
import shutil
import subprocess
import time
import urllib.error
import urllib.request

import pytest
from selenium.common.exceptions import (
    NoSuchElementException,
    StaleElementReferenceException,
    TimeoutException,
    WebDriverException,
)
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from console_fixtures import browser, console_server, downloads, screenshot  # noqa: F401 (fixtures)

DESKTOP = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36"
IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
          "Version/18.0 Mobile/15E148 Safari/604.1")
WEB = "https://www.stories.example.com/featured"


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def request(server, path, method="GET", headers=None, body=None):
    """An HTTP request outside the browser; (status, headers, text). Redirects are not followed."""
    opener = urllib.request.build_opener(NoRedirect)
    req = urllib.request.Request(server.base + path, method=method, headers=headers or {}, data=body)
    try:
        with opener.open(req, timeout=10) as response:
            return response.status, response.headers, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode()


def field(driver, label):
    """The form control whose <label> reads `label` (labels are the interface)."""
    element = driver.find_element(By.XPATH, f'//label[normalize-space()="{label}"]')
    return driver.find_element(By.ID, element.get_attribute("for"))


def button(driver, text):
    return driver.find_element(By.XPATH, f'//button[normalize-space()="{text}"] | //a[normalize-space()="{text}"]')


def sign_in(driver, server, key):
    driver.get(server.base + "/admin")
    field(driver, "API key").send_keys(key)
    button(driver, "Sign in").click()


def heading(driver):
    return driver.find_element(By.TAG_NAME, "h1").text


def expect_heading(driver, expected):
    """Waits until the page (after a click that navigates) has this <h1>."""
    def has_heading(_):
        try:
            return heading(driver) == expected
        except (StaleElementReferenceException, NoSuchElementException):
            return False
        except WebDriverException as error:
            # Chromium's way of saying "stale" when the page is replaced between finding the <h1>
            # and reading it (seen with chromium 156): the navigation is still under way.
            if "does not belong to the document" in str(error):
                return False
            raise
    try:
        WebDriverWait(driver, 10).until(has_heading)
    except TimeoutException:
        pass
    assert heading(driver) == expected


def api_link(server, tenant, slug):
    status, _, text = request(server, f"/api/v1/links/{slug}", headers={"Authorization": "Bearer " + server.keys[tenant]})
    return json.loads(text) if status == 200 else None


def test_wrong_key_says_so_and_signs_nobody_in(browser, console_server):
    sign_in(browser, console_server, "wf_" + "x" * 40)
    assert "That API key is not valid" in browser.find_element(By.CSS_SELECTOR, ".error").text
    assert browser.get_cookie("wayfinder_console") is None
    assert field(browser, "API key").get_attribute("aria-invalid") == "true"
    screenshot(browser, "sign-in")
    browser.get(console_server.base + "/admin/links")
    expect_heading(browser, "Sign in")


def test_sign_in_with_a_key_shows_the_links(browser, console_server):
    sign_in(browser, console_server, console_server.keys["storyteller"])
    expect_heading(browser, "Links")
    cookie = browser.get_cookie("wayfinder_console")
    assert cookie is not None and cookie["httpOnly"] and cookie["sameSite"] == "Strict"
    assert browser.execute_script("return document.cookie") == ""
    assert "No links yet" in browser.page_source
    screenshot(browser, "links-empty")


def test_invalid_destination_is_shown_next_to_its_field_and_the_input_is_kept(browser, console_server):
    button(browser, "New link").click()
    expect_heading(browser, "New link")
    field(browser, "Destination").send_keys("https://evil.example.com/phish")
    field(browser, "Slug").send_keys("spring")
    field(browser, "Title").send_keys("Spring <sale> & more")
    field(browser, "Description").send_keys("Stories for the spring")
    button(browser, "Create link").click()
    error = browser.find_element(By.ID, "destination-error")
    assert "is neither a deep link of storyteller nor a page of its website" in error.text
    # The same reason the API gives for the same value.
    status, _, text = request(
        console_server, "/api/v1/links", "POST",
        {"Authorization": "Bearer " + console_server.keys["storyteller"], "Content-Type": "application/json"},
        json.dumps({"destination": "https://evil.example.com/phish"}).encode())
    assert status == 400 and json.loads(text)["detail"] == error.text
    assert field(browser, "Destination").get_attribute("value") == "https://evil.example.com/phish"
    assert field(browser, "Destination").get_attribute("aria-invalid") == "true"
    assert field(browser, "Slug").get_attribute("value") == "spring"
    assert field(browser, "Title").get_attribute("value") == "Spring <sale> & more"
    assert field(browser, "Description").get_attribute("value") == "Stories for the spring"
    assert api_link(console_server, "storyteller", "spring") is None
    # Post/redirect/get: the refused form has a page of its own, and reloading it shows the form
    # again (no "resubmit the form?" prompt, nothing sent twice).
    assert "/admin/new-link?draft=" in browser.current_url
    browser.refresh()
    expect_heading(browser, "New link")
    assert field(browser, "Title").get_attribute("value") == "Spring <sale> & more"
    assert "is neither a deep link" in browser.find_element(By.ID, "destination-error").text
    screenshot(browser, "new-link-error")


def test_a_valid_link_is_created_and_its_page_shows_the_short_url(browser, console_server):
    destination = field(browser, "Destination")
    destination.clear()
    destination.send_keys(WEB)
    button(browser, "Create link").click()
    short_url = browser.find_element(By.ID, "short-url").get_attribute("value")
    assert short_url == "https://stories.example.com/spring"
    assert "Spring <sale> & more" in heading(browser)
    assert button(browser, "Copy").is_displayed()
    link = api_link(console_server, "storyteller", "spring")
    assert link["destination"] == WEB and link["social"]["title"] == "Spring <sale> & more"


def test_the_link_page_draws_clicks_by_day_after_some_clicks(browser, console_server):
    chart = browser.find_element(By.CSS_SELECTOR, "svg.chart")
    assert "Clicks by day" in chart.accessible_name
    assert "No clicks yet" in chart.text or "No clicks yet" in browser.page_source
    for agent in [DESKTOP] * 4 + [IPHONE] * 2:
        status, _, _ = request(console_server, "/spring", headers={"Host": "stories.example.com", "User-Agent": agent,
                                                                    "Accept": "text/html", "Referer": "https://news.example/"})
        assert status in (200, 302)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        _, _, text = request(console_server, "/api/v1/links/spring/stats",
                             headers={"Authorization": "Bearer " + console_server.keys["storyteller"]})
        if json.loads(text)["clicks"] >= 6:
            break
        time.sleep(0.2)
    browser.get(console_server.base + "/admin/links/spring")
    WebDriverWait(browser, 10, ignored_exceptions=[StaleElementReferenceException]).until(
        lambda driver: "6 in all" in driver.find_element(By.CSS_SELECTOR, "svg.chart").accessible_name)
    chart = browser.find_element(By.CSS_SELECTOR, "svg.chart")
    assert "Clicks by day" in chart.accessible_name
    assert "6 in all" in chart.accessible_name
    assert len(chart.find_elements(By.CSS_SELECTOR, "rect.bar")) == 1
    assert len(chart.find_elements(By.CSS_SELECTOR, "text.tick")) >= 2
    assert len(chart.find_elements(By.CSS_SELECTOR, "text.day")) >= 4
    platforms = browser.find_element(By.XPATH, '//h2[.="Platforms"]/following-sibling::table').text
    assert "Desktop 4" in platforms and "iOS 2" in platforms
    assert "news.example" in browser.find_element(By.XPATH, '//h2[.="Referrers"]/following-sibling::table').text
    screenshot(browser, "link")
    screenshot(browser, "link", dark=True)
    screenshot(browser, "link-stats", scroll_to="#clicks-heading")


def test_the_test_this_link_panel_reads_at_phone_and_desktop_in_light_and_dark(browser, console_server):
    """The link page's "Test this link" panel: a row for every kind of visitor, nothing wider than
    the screen (on a phone each row stacks into a block and the column heads go), and every
    cell's text legible on its background (contrast at least 4.5:1), in light and dark."""
    legibility = """
        function rgb(text) { var m = text.match(/[\\d.]+/g).map(Number); return m.length > 3 ? m : m.concat([1]); }
        function background(element) {
          for (var node = element; node; node = node.parentElement) {
            var color = rgb(getComputedStyle(node).backgroundColor);
            if (color[3] > 0) { return color; }
          }
          return [255, 255, 255, 1];
        }
        function luminance(c) {
          var channels = c.slice(0, 3).map(function (v) { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
          return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2];
        }
        var panel = document.getElementById("test-heading").closest("section"), worst = 21, where = "";
        panel.querySelectorAll("td, li, p, h2").forEach(function (cell) {
          if (!cell.textContent.trim()) { return; }
          var a = luminance(rgb(getComputedStyle(cell).color)), b = luminance(background(cell));
          var ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
          if (ratio < worst) { worst = ratio; where = cell.textContent.trim().slice(0, 60); }
        });
        var widest = 0;
        panel.querySelectorAll("*").forEach(function (node) { widest = Math.max(widest, node.getBoundingClientRect().right); });
        return {worst: worst, where: where, widest: widest, width: document.documentElement.clientWidth,
                headShown: getComputedStyle(panel.querySelector("table.simulation thead")).display !== "none"};"""
    try:
        for scheme in ("light", "dark"):
            browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                    {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            for label, (width, height, mobile) in PHONE_AND_DESKTOP.items():
                at_size(browser, width, height, mobile)
                browser.get(console_server.base + "/admin/links/spring")
                panel = browser.find_element(By.XPATH, '//h2[.="Test this link"]/ancestor::section')
                rows = [row.text for row in panel.find_elements(By.CSS_SELECTOR, "table.simulation tbody tr")]
                for visitor in ("iPhone, Safari", "iPhone, Messages", "Android, Chrome", "Desktop", "Link-preview crawler"):
                    assert any(row.startswith(visitor) for row in rows), (scheme, label, visitor, rows)
                found = browser.execute_script(legibility)
                assert found["worst"] >= 4.5, (scheme, label, found)
                assert found["widest"] <= found["width"] + 1, (scheme, label, found)
                assert found["headShown"] == (not mobile), (scheme, label, found)
        browser.execute_script("document.getElementById('test-heading').scrollIntoView()")
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    screenshot(browser, "link-test", scroll_to="#test-heading")
    screenshot(browser, "link-test", dark=True, scroll_to="#test-heading")


def test_the_qr_code_downloads_decode_to_the_short_url(browser, console_server, downloads):
    if shutil.which("zbarimg") is None:
        pytest.fail("zbarimg is missing: apt-get install zbar-tools")
    assert browser.find_element(By.XPATH, '//h2[.="QR code"]')
    for label, name in [("Download PNG", "spring-qr.png"), ("Download SVG", "spring-qr.svg")]:
        button(browser, label).click()
        target = downloads / name
        WebDriverWait(browser, 15).until(lambda _: target.exists() and target.stat().st_size > 0)
    decoded = subprocess.run(["zbarimg", "--quiet", "--raw", str(downloads / "spring-qr.png")],
                             capture_output=True, text=True, check=True).stdout.strip()
    assert decoded == "https://stories.example.com/spring"
    assert (downloads / "spring-qr.svg").read_text().lstrip().startswith(("<svg", "<?xml"))
    screenshot(browser, "link-qr", scroll_to="#qr-heading")


def test_a_form_replayed_without_its_csrf_token_changes_nothing(browser, console_server):
    cookie = browser.get_cookie("wayfinder_console")
    headers = {"Cookie": f"wayfinder_console={cookie['value']}", "Content-Type": "application/x-www-form-urlencoded"}
    status, _, text = request(console_server, "/admin/links/spring/delete", "POST", headers, b"")
    assert status == 403 and "nothing was changed" in text
    status, _, _ = request(console_server, "/admin/links/spring/delete", "POST", headers, b"csrf=not-the-token")
    assert status == 403
    status, _, _ = request(console_server, "/admin/links/spring", "POST", headers,
                           b"destination=https%3A%2F%2Fwww.stories.example.com%2Fother&domain=stories.example.com")
    assert status == 403
    link = api_link(console_server, "storyteller", "spring")
    assert link is not None and link["destination"] == WEB


def test_delete_asks_first_and_works_without_javascript(browser, console_server):
    request(console_server, "/api/v1/links", "POST",
            {"Authorization": "Bearer " + console_server.keys["storyteller"], "Content-Type": "application/json"},
            json.dumps({"destination": WEB + "?old", "slug": "old"}).encode())
    browser.get(console_server.base + "/admin/links/old")
    button(browser, "Delete").click()
    expect_heading(browser, "Delete https://stories.example.com/old?")
    screenshot(browser, "delete")
    button(browser, "Delete").click()
    expect_heading(browser, "Links")
    assert "The link is deleted." in browser.page_source
    assert api_link(console_server, "storyteller", "old") is None


def test_links_page_and_domains_page(browser, console_server):
    browser.get(console_server.base + "/admin/links?q=spring")
    assert "https://stories.example.com/spring" in browser.page_source
    screenshot(browser, "links")
    browser.get(console_server.base + "/admin/domains")
    expect_heading(browser, "Domains")
    sections = [element.text for element in browser.find_elements(By.CSS_SELECTOR, "section.card h2")]
    assert sections[:2] == ["stories.example.com", "share.stories.example.com"]
    assert "apple-app-site-association" in browser.page_source and "assetlinks.json" in browser.page_source
    screenshot(browser, "domains")


def test_domains_page_adds_a_domain_and_fits_a_phone(browser, console_server):
    """"Add domain" makes a pending domain whose TXT record the page shows; at phone and desktop
    width, light and dark, nothing on the page is wider than the screen."""
    driver = browser
    driver.get(console_server.base + "/admin/domains")
    if "/admin/sign-in" in driver.current_url:  # run alone, not after the tests that sign in
        sign_in(driver, console_server, console_server.keys["storyteller"])
        driver.get(console_server.base + "/admin/domains")
    field(driver, "Domain").send_keys("go.stories.test")
    button(driver, "Add domain").click()
    # The page before the click has the same heading: wait for the answer's notice first.
    WebDriverWait(driver, 10).until(lambda d: "The domain is added" in d.page_source)
    expect_heading(driver, "Domains")
    assert "The domain is added" in driver.page_source
    assert "_wayfinder-challenge.go.stories.test" in driver.page_source
    assert driver.find_element(By.CSS_SELECTOR, ".badge.status-pending").text == "pending"
    try:
        for label, (width, height, mobile) in PHONE_AND_DESKTOP.items():
            at_size(driver, width, height, mobile)
            driver.get(console_server.base + "/admin/domains")
            wider = driver.execute_script("return document.documentElement.scrollWidth")
            assert wider <= width, (label, wider)
        driver.get(console_server.base + "/admin/domains")
        screenshot(driver, "domains-added", scroll_to="form.card")
        screenshot(driver, "domains-added", dark=True, scroll_to="form.card")
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_sign_out_ends_the_session(browser, console_server):
    cookie = browser.get_cookie("wayfinder_console")
    button(browser, "Sign out").click()
    expect_heading(browser, "Sign in")
    assert "You are signed out." in browser.page_source
    browser.get(console_server.base + "/admin/links")
    expect_heading(browser, "Sign in")
    # The old cookie, replayed, is dead on the server too.
    status, headers, _ = request(console_server, "/admin/links", headers={"Cookie": f"wayfinder_console={cookie['value']}"})
    assert status == 303 and headers["Location"] == "/admin/sign-in"


def test_the_other_tenant_sees_none_of_it(browser, console_server):
    sign_in(browser, console_server, console_server.keys["chat"])
    expect_heading(browser, "Links")
    assert "spring" not in browser.page_source
    browser.get(console_server.base + "/admin/links?q=spring")
    assert "No link matches" in browser.page_source
    browser.get(console_server.base + "/admin/links/spring")
    expect_heading(browser, "Not found")
    browser.get(console_server.base + "/admin/domains")
    assert "stories.example.com" not in browser.page_source
    assert api_link(console_server, "storyteller", "spring") is not None


PHONE_AND_DESKTOP = {"phone": (390, 844, True), "desktop": (1280, 900, False)}


def at_size(driver, width, height, mobile):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})


def test_labels_stay_with_their_fields_and_checkboxes_inside_their_card(browser, console_server):
    """At phone and desktop width: the links page's "Tag" label is on the line of its field (it
    was stranded at the right edge of the search line), every checkbox of the link form is inside
    its card's padding, and the slug hint does not break inside a quoted character."""
    driver = browser
    driver.get(console_server.base + "/admin/links")
    if "/admin/sign-in" in driver.current_url:  # run alone, not after the tests that sign in
        sign_in(driver, console_server, console_server.keys["storyteller"])
    try:
        for label, (width, height, mobile) in PHONE_AND_DESKTOP.items():
            at_size(driver, width, height, mobile)
            driver.get(console_server.base + "/admin/links")
            for name in ("q", "tag"):
                text = driver.find_element(By.CSS_SELECTOR, f"label[for='{name}']").rect
                box = driver.find_element(By.ID, name).rect
                # Same line: the label's middle is within the field's height.
                middle = text["y"] + text["height"] / 2
                assert box["y"] <= middle <= box["y"] + box["height"], (label, name, text, box)
                assert text["x"] < box["x"], (label, name)
            driver.get(console_server.base + "/admin/new-link")
            outside = driver.execute_script("""
                var wrong = [];
                document.querySelectorAll("form.link-form details").forEach(function (section) { section.open = true; });
                document.querySelectorAll("form.link-form input[type=checkbox]").forEach(function (box) {
                  var card = box.closest(".card"), style = getComputedStyle(card), outer = card.getBoundingClientRect();
                  var left = outer.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
                  var right = outer.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
                  var rect = box.getBoundingClientRect();
                  if (rect.left < left - 0.5 || rect.right > right + 0.5) { wrong.push(box.id); }
                });
                return wrong;""")
            assert outside == [], (label, outside)
            hint = driver.find_element(By.ID, "slug-hint").text
            assert '"-' not in hint and "hyphens" in hint, hint
        driver.get(console_server.base + "/admin/links")
        screenshot(driver, "links-search")
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
