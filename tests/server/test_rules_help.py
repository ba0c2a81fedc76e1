"""Rules help: the rules reference over HTTP and the rules page's address."""

from __future__ import annotations

from fastapi.testclient import TestClient

from engine.help.reference import rulesets


def test_the_rules_reference_of_each_ruleset_is_served(client: TestClient) -> None:
    index = client.get("/api/rules").json()["rulesets"]
    assert {r["ruleset"]: r["page"] for r in index} == {
        "venus": "/rules/venus", "star-traders": "/rules/star-traders",
        "venus-standard": "/rules/venus-standard"}
    venus = client.get("/api/rules/venus")
    assert venus.status_code == 200 and venus.headers["etag"]
    body = venus.json()
    rule = {r["id"]: r for r in body["rule"]}["5.31"]
    assert rule["title"] == "Declaring your first dot" and "first dot" in rule["text"]
    assert [s["title"] for s in body["turn"]][:2] == ["Declare your first dot", "Roll"]
    again = client.get("/api/rules/venus", headers={"If-None-Match": venus.headers["etag"]})
    assert again.status_code == 304
    traders = client.get("/api/rules/star-traders").json()
    assert "Regular Jumps" in {r["id"] for r in traders["rule"]}


def test_the_standard_games_rules_are_served_with_their_turn_guide(client: TestClient) -> None:
    """``/api/rules/venus-standard`` and ``/rules/venus-standard``: the 2012 standard game's
    reference, named by its book's headings."""
    body = client.get("/api/rules/venus-standard").json()
    assert body["ruleset"] == "venus-standard"
    ids = {r["id"] for r in body["rule"]}
    assert {"Declare Heading", "Assigning Dice", "First Contact Phase", "Missions"} <= ids
    assert "Movement" in [s["title"] for s in body["turn"]]
    for ruleset in rulesets():  # the route knows every reference
        assert client.get(f"/api/rules/{ruleset}").status_code == 200
    page = client.get("/rules/venus-standard")
    assert page.status_code == 200 and "rulespage.js" in page.text


def test_an_unknown_ruleset_is_refused_by_name(client: TestClient) -> None:
    """An id that is no installed game is a 404 naming the games with a reference."""
    for url in ("/api/rules/chess", "/rules/chess"):
        r = client.get(url)
        message = r.json()["detail"]["message"]
        assert r.status_code == 404 and "'chess'" in message
        assert all(ruleset in message for ruleset in rulesets())


def test_the_rules_page_is_served_at_rules_ruleset(client: TestClient) -> None:
    page = client.get("/rules/venus")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "rulespage.js" in page.text and 'id="rules-body"' in page.text
