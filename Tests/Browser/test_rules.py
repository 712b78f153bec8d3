"""Redirect rules and the link's life in a real browser: the console's rule editor (add a rule, see
the API's error next to the condition, fix it, save, see the rule on the link page), a
password-protected link's form (a wrong password, then the right one, which goes on to the
destination), and an expired link's 410 page. Screenshots go to Documentation/ (the console's to
Documentation/console/).
"""

import pathlib
import shutil
import time
import urllib.error
import urllib.request

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import DESKTOP, create_link
from console_fixtures import browser, console_server, downloads, screenshot  # noqa: F401 (fixtures)
from test_console import button, expect_heading, field, sign_in

DOCUMENTATION = pathlib.Path(__file__).resolve().parents[2] / "Documentation"
WEB = "https://www.stories.example.com"


def test_rule_editor_shows_the_apis_error_at_the_condition_then_saves_the_rule(console_server, browser):
    driver = browser
    sign_in(driver, console_server, console_server.keys["storyteller"])
    expect_heading(driver, "Links")
    button(driver, "New link").click()
    expect_heading(driver, "New link")
    field(driver, "Destination").send_keys(WEB + "/featured")
    field(driver, "Slug").send_keys("campaign")
    # The rules section starts closed on a new link: the form a newcomer sees is short.
    rules_section = driver.find_element(By.ID, "rules-section")
    assert rules_section.get_attribute("open") is None
    rules_section.find_element(By.TAG_NAME, "summary").click()
    field(driver, "Name of rule 1").send_keys("German speakers")
    field(driver, "Destination of rule 1").send_keys(WEB + "/de")
    Select(field(driver, "Condition 1 of rule 1")).select_by_value("country")
    field(driver, "Value of condition 1 of rule 1").send_keys("Germany")
    button(driver, "Create link").click()
    error = driver.find_element(By.ID, "rule0-when0-error")
    assert "ISO 3166-1 alpha-2" in error.text
    # The refused form opens with its summary, focused, at the top of the page; its link puts the
    # cursor in the refused field, far down the form.
    summary = driver.find_element(By.ID, "error-summary")
    assert driver.switch_to.active_element == summary
    assert summary.location["y"] < driver.find_element(By.CSS_SELECTOR, "form.link-form").location["y"]
    assert "1 problem to fix" in summary.text
    screenshot(driver, "link-form-error-summary")
    summary.find_element(By.LINK_TEXT, summary.find_element(By.TAG_NAME, "a").text).click()
    assert driver.switch_to.active_element.get_attribute("id") == "rule0-when0-value"
    # What was typed is kept, and the field is marked invalid.
    value = field(driver, "Value of condition 1 of rule 1")
    assert value.get_attribute("value") == "Germany"
    assert value.get_attribute("aria-invalid") == "true"
    screenshot(driver, "rule-editor-error", scroll_to="#rule0")

    value.clear()
    value.send_keys("DE, AT")
    button(driver, "Create link").click()
    expect_heading(driver, "campaign")
    rules = driver.find_element(By.XPATH, '//h3[normalize-space()="Rules"]/following-sibling::ol[1]').text
    assert "Rule 1 “German speakers”: when country DE or AT, to " + WEB + "/de" in rules
    assert driver.find_element(By.ID, "rule-clicks-heading").text == "Clicks by rule"
    screenshot(driver, "link-rules", scroll_to="#rules-heading")



def test_enter_in_a_field_of_the_link_form_saves_the_link(console_server, browser):
    """The form's default button saves: Enter in a field creates the link rather than pressing the
    first button in the form ("Show final URL" of the UTM builder). Runs signed in, after the
    rule editor's test."""
    driver = browser
    driver.get(console_server.base + "/admin/new-link")
    expect_heading(driver, "New link")
    field(driver, "Destination").send_keys(WEB + "/enter")
    field(driver, "Slug").send_keys("entered" + Keys.ENTER)
    short_url = driver.find_element(By.ID, "short-url").get_attribute("value")
    assert short_url.endswith("/entered")

def make_driver(cdn_port):
    """Chromium whose www.stories.example.com is the test CDN: the destination loads after a redirect."""
    options = webdriver.ChromeOptions()
    options.add_argument("--headless=new")
    options.add_argument("--no-sandbox")
    options.add_argument("--disable-dev-shm-usage")
    options.add_argument("--window-size=800,900")
    options.add_argument("--ignore-certificate-errors")
    options.add_argument(f"--user-agent={DESKTOP}")
    options.add_argument(f"--host-resolver-rules=MAP www.stories.example.com 127.0.0.1:{cdn_port}")
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if binary:
        options.binary_location = binary
    driver_path = shutil.which("chromedriver")
    driver = webdriver.Chrome(options=options, service=Service(driver_path) if driver_path else Service())
    driver.implicitly_wait(5)
    return driver


@pytest.fixture
def desktop(cdn):
    driver = make_driver(cdn)
    yield driver
    driver.quit()


def test_password_form_says_wrong_then_lets_the_right_password_through(wayfinder, desktop):
    base, key = wayfinder
    create_link(
        base, key, "locked", destination=WEB + "/secret", password="correct horse", social={"title": "Members only"})
    desktop.get(base + "/locked")
    assert WEB + "/secret" not in desktop.page_source
    password = desktop.find_element(By.ID, "link-password")
    password.send_keys("wrong guess")
    desktop.find_element(By.XPATH, '//button[normalize-space()="Open"]').click()
    time.sleep(0.3)
    assert "Wrong password" in desktop.find_element(By.TAG_NAME, "body").text
    desktop.save_screenshot(str(DOCUMENTATION / "password-wrong.png"))
    desktop.find_element(By.ID, "link-password").send_keys("correct horse")
    desktop.find_element(By.XPATH, '//button[normalize-space()="Open"]').click()
    deadline = time.monotonic() + 10
    while not desktop.current_url.startswith(WEB) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert desktop.current_url == WEB + "/secret"
    # The pass cookie lets this browser through again without the form.
    desktop.get(base + "/locked")
    assert desktop.current_url == WEB + "/secret"


def test_expired_link_answers_the_410_page_with_a_way_to_the_website(wayfinder, desktop):
    base, key = wayfinder
    create_link(base, key, "over", destination=WEB + "/sale", expiresAt="2020-01-01T00:00:00Z")
    request = urllib.request.Request(base + "/over", headers={"User-Agent": DESKTOP})
    with pytest.raises(urllib.error.HTTPError) as answer:
        urllib.request.urlopen(request, timeout=10)
    assert answer.value.code == 410
    desktop.get(base + "/over")
    assert "This link has expired" in desktop.title
    assert desktop.find_element(By.TAG_NAME, "h1").text
    website = desktop.find_element(By.XPATH, f'//a[starts-with(@href, "{WEB}")]')
    assert website.is_displayed()
    desktop.save_screenshot(str(DOCUMENTATION / "expired-page.png"))
