"""Every method of Google's `firebasedynamiclinks` v1 discovery document, called through Google's
own generated client against a live Wayfinder: each works, or fails exactly as
Documentation/MigratingFromFirebase.md says."""

import datetime
import json
import re
import urllib.parse

import pytest
from googleapiclient.errors import HttpError

from conftest import build_client

IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1"
ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36"
DESKTOP = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36"
GAME_CONSOLE = "Mozilla/5.0 (PlayStation; PlayStation 5/2.26) AppleWebKit/605.1.15 (KHTML, like Gecko)"
CRAWLER = "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"

# The methods this file drives, by the ids the discovery document gives them.
COVERED = {
    "firebasedynamiclinks.shortLinks.create",
    "firebasedynamiclinks.managedShortLinks.create",
    "firebasedynamiclinks.getLinkStats",
    "firebasedynamiclinks.installAttribution",
    "firebasedynamiclinks.reopenAttribution",
}


def error_of(call):
    """The FDL error (HTTP status, `error` object) a call fails with."""
    with pytest.raises(HttpError) as raised:
        call.execute()
    body = json.loads(raised.value.content)
    assert set(body) == {"error"}, body
    assert body["error"]["code"] == raised.value.resp.status
    return raised.value.resp.status, body["error"]


def slug_of(short_link):
    return urllib.parse.urlsplit(short_link).path.lstrip("/")


def test_every_method_of_the_discovery_document_is_driven(client):
    methods = set()

    def walk(resource):
        for method in resource.get("methods", {}).values():
            methods.add(method["id"])
        for child in resource.get("resources", {}).values():
            walk(child)

    walk(json.loads(client._rootDesc) if isinstance(client._rootDesc, str) else client._rootDesc)
    assert methods == COVERED


def test_short_links_create_makes_the_same_short_link_for_the_same_long_link(client, wayfinder):
    body = {"longDynamicLink": "https://localhost/?link=https://localhost/item/1&st=One", "suffix": {"option": "SHORT"}}
    first = client.shortLinks().create(body=body).execute()
    assert first["shortLink"].startswith("https://localhost/")
    assert first["previewLink"] == first["shortLink"] + "?d=1"
    assert client.shortLinks().create(body=body).execute()["shortLink"] == first["shortLink"]
    status, link = wayfinder.api("GET", "/api/v1/links/" + slug_of(first["shortLink"]))
    assert status == 200 and link["destination"] == "https://localhost/item/1"


def test_short_links_create_with_dynamic_link_info_warns_about_another_app(client):
    answer = client.shortLinks().create(body={
        "dynamicLinkInfo": {
            "domainUriPrefix": "https://localhost", "link": "https://localhost/item/2",
            "androidInfo": {"androidPackageName": "com.elsewhere.app"},
        },
    }).execute()
    assert len(slug_of(answer["shortLink"])) == 17
    assert [w["warningCode"] for w in answer["warning"]] == ["NOT_IN_PROJECT_ANDROID_PACKAGE_NAME"]


@pytest.mark.parametrize("method", ["shortLinks", "managedShortLinks"])
def test_a_missing_key_is_permission_denied_and_a_wrong_key_invalid_argument(wayfinder, method):
    body = {"longDynamicLink": "https://localhost/?link=https://localhost/item/3", "name": "Three"}
    if method == "shortLinks":
        del body["name"]
    status, error = error_of(getattr(build_client(wayfinder, None), method)().create(body=body))
    assert (status, error["status"]) == (403, "PERMISSION_DENIED")
    status, error = error_of(getattr(build_client(wayfinder, "wrong"), method)().create(body=body))
    assert (status, error["status"]) == (400, "INVALID_ARGUMENT")
    assert error["message"] == "API key not valid. Please pass a valid API key."


def test_short_links_create_refuses_a_domain_of_another_project(client):
    status, error = error_of(client.shortLinks().create(
        body={"longDynamicLink": "https://elsewhere.example.com/?link=https://localhost/item/4"}))
    assert (status, error["status"]) == (400, "INVALID_ARGUMENT")
    assert "does not own Dynamic Links domain" in error["message"]


def test_managed_short_links_create_names_the_link_in_the_api(client, wayfinder):
    body = {
        "name": "Spring campaign",
        "dynamicLinkInfo": {
            "domainUriPrefix": "https://localhost", "link": "https://localhost/item/5",
            "socialMetaTagInfo": {"socialTitle": "Five"}, "navigationInfo": {"enableForcedRedirect": True},
        },
        "suffix": {"option": "SHORT"},
    }
    answer = client.managedShortLinks().create(body=body).execute()
    managed = answer["managedShortLink"]
    assert managed["linkName"] == "Spring campaign"
    assert managed["link"].startswith("https://localhost/")
    assert answer["previewLink"] == managed["link"] + "?d=1"
    created = datetime.datetime.fromisoformat(managed["creationTime"].replace("Z", "+00:00"))
    assert abs((datetime.datetime.now(datetime.timezone.utc) - created).total_seconds()) < 600
    assert managed["info"] == {
        "domainUriPrefix": "https://localhost", "link": "https://localhost/item/5",
        "navigationInfo": {"enableForcedRedirect": True}, "socialMetaTagInfo": {"socialTitle": "Five"},
    }
    # The same request again is the same link; another name is another link.
    again = client.managedShortLinks().create(body=body).execute()["managedShortLink"]
    assert (again["link"], again["creationTime"]) == (managed["link"], managed["creationTime"])
    renamed = client.managedShortLinks().create(body={**body, "name": "Autumn campaign"}).execute()
    assert renamed["managedShortLink"]["link"] != managed["link"]
    status, link = wayfinder.api("GET", "/api/v1/links/" + slug_of(managed["link"]))
    assert status == 200 and link["name"] == "Spring campaign"


def test_managed_short_links_create_takes_a_custom_suffix(client):
    body = {"name": "Custom", "longDynamicLink": "https://localhost/?link=https://localhost/item/6",
            "suffix": {"option": "CUSTOM", "customSuffix": "spring-6"}}
    answer = client.managedShortLinks().create(body=body).execute()
    assert answer["managedShortLink"]["link"] == "https://localhost/spring-6"
    taken = {**body, "longDynamicLink": "https://localhost/?link=https://localhost/item/7"}
    status, error = error_of(client.managedShortLinks().create(body=taken))
    assert (status, error["status"]) == (409, "ALREADY_EXISTS")


def test_managed_short_links_create_needs_a_name(client):
    status, error = error_of(client.managedShortLinks().create(
        body={"longDynamicLink": "https://localhost/?link=https://localhost/item/8"}))
    assert (status, error["status"]) == (400, "INVALID_ARGUMENT")
    assert error["message"].startswith("name is required")


def test_get_link_stats_counts_clicks_per_platform_and_claims_as_first_opens(client, wayfinder):
    short = client.shortLinks().create(
        body={"longDynamicLink": "https://localhost/?link=https://localhost/item/9"}).execute()["shortLink"]
    path = "/" + slug_of(short)
    for agent in [IPHONE, ANDROID, ANDROID, DESKTOP, GAME_CONSOLE, CRAWLER, "curl/8.5.0"]:
        wayfinder.request("GET", path, headers={"User-Agent": agent, "Accept": "text/html"})
    # Chrome on Android got the app's intent, whose fallback is the Play Store with a claim token;
    # the app claims it after its install.
    status, headers, _ = wayfinder.request("GET", path, headers={"User-Agent": ANDROID})
    assert status == 302
    intent = headers["location"]
    # The URL the app receives carries the click's id (wf_click), new on every visit.
    assert re.match(r"intent://localhost/item/9\?wf_click=[A-Za-z0-9_-]{22}#Intent;scheme=https;package=com\.local\.app;", intent)
    fallback = next(part for part in intent.split("#", 1)[1].split(";") if part.startswith("S.browser_fallback_url="))
    store = urllib.parse.unquote(fallback.split("=", 1)[1])
    referrer = urllib.parse.parse_qs(urllib.parse.urlsplit(store).query)["referrer"][0]
    token = urllib.parse.parse_qs(referrer)["wf_claim"][0]
    status, _, _ = wayfinder.request("POST", "/api/v1/deferred/claims", body={"token": token})
    assert status == 200

    stats = client.v1().getLinkStats(dynamicLink=short, durationDays="7").execute()
    counts = {(entry["event"], entry["platform"]): entry["count"] for entry in stats["linkEventStats"]}
    assert counts == {
        ("CLICK", "IOS"): "1", ("CLICK", "ANDROID"): "3", ("CLICK", "DESKTOP"): "1", ("CLICK", "OTHER"): "1",
        ("APP_FIRST_OPEN", "ANDROID"): "1", ("APP_FIRST_OPEN", "IOS"): "0",
    }
    # Events Wayfinder does not observe are absent, never a zero.
    assert not {"REDIRECT", "APP_INSTALL", "APP_RE_OPEN"} & {event for event, _ in counts}


def test_get_link_stats_of_a_link_without_visits_reports_real_zeros(client):
    short = client.shortLinks().create(
        body={"longDynamicLink": "https://localhost/?link=https://localhost/item/10"}).execute()["shortLink"]
    stats = client.v1().getLinkStats(dynamicLink=short, durationDays="1").execute()
    assert sorted((e["event"], e["platform"], e["count"]) for e in stats["linkEventStats"]) == [
        ("APP_FIRST_OPEN", "ANDROID", "0"), ("APP_FIRST_OPEN", "IOS", "0"),
        ("CLICK", "ANDROID", "0"), ("CLICK", "DESKTOP", "0"), ("CLICK", "IOS", "0"), ("CLICK", "OTHER", "0"),
    ]


@pytest.mark.parametrize("days", ["0", "-1", "seven", "3651", "1.5"])
def test_get_link_stats_refuses_a_bad_duration(client, days):
    status, error = error_of(client.v1().getLinkStats(dynamicLink="https://localhost/anything", durationDays=days))
    assert (status, error["status"]) == (400, "INVALID_ARGUMENT")
    assert "durationDays" in error["message"]


def test_get_link_stats_of_an_unknown_link_is_not_found(client, wayfinder):
    for link in ["https://localhost/no-such-link", "https://elsewhere.example.com/x", "not a link"]:
        status, error = error_of(client.v1().getLinkStats(dynamicLink=link, durationDays="7"))
        assert (status, error["status"]) == (404, "NOT_FOUND")
    status, error = error_of(build_client(wayfinder, None).v1().getLinkStats(
        dynamicLink="https://localhost/x", durationDays="7"))
    assert (status, error["status"]) == (403, "PERMISSION_DENIED")


@pytest.mark.parametrize("method, body", [
    ("installAttribution", {"bundleId": "com.local.app", "uniqueMatchLinkToCheck": "https://localhost/x?wf_claim=y",
                            "iosVersion": "18.0", "sdkVersion": "10.29.0"}),
    ("reopenAttribution", {"bundleId": "com.local.app", "requestedLink": "https://localhost/x"}),
])
def test_the_ios_sdk_calls_are_refused_with_the_way_wayfinder_does_it(client, wayfinder, method, body):
    status, error = error_of(getattr(client.v1(), method)(body=body))
    assert (status, error["status"]) == (501, "UNIMPLEMENTED")
    assert ("DeferredLinkClaimer" if method == "installAttribution" else "/api/v1/resolve") in error["message"]
    status, error = error_of(getattr(build_client(wayfinder, None).v1(), method)(body=body))
    assert (status, error["status"]) == (403, "PERMISSION_DENIED")
