"""The standard game's sandbox page (``web/games/venusstd/sandbox.html``) in a real browser,
at 1440x900 and on a phone (390x844): linked from the start page, a preset started and
played on the standard game's own table client ("Telegates": the 5 in the navigation box,
onto telegate 2), reset, another preset picked ("Dropping Off Passengers"), the scenario's
JSON edited and started; axe finds nothing serious."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.web.a11ykit import check, page_in, serious, shot

pytestmark = pytest.mark.browser

SIZES = {"desktop": {"viewport": {"width": 1440, "height": 900}}, "phone": {}}


@pytest.fixture(params=["desktop", "phone"])
def sized(request: pytest.FixtureRequest, browser: Any) -> Iterator[tuple[Page, str]]:
    """A page at the desktop size of this test (1440x900) or a phone's, its errors checked."""
    errors: list[str] = []
    size = str(request.param)
    page = page_in(browser, size, errors, **SIZES[size])
    yield page, size
    page.context.close()
    check(errors)


def _open(page: Page, server_url: str, preset: str) -> None:
    page.goto(f"{server_url}/games/venusstd/sandbox.html#{preset}")
    page.locator("#players li").first.wait_for()
    _idle(page)


def _idle(page: Page) -> None:
    page.wait_for_function("() => window.starport?.answer && window.starport.idle()")


def _press(page: Page, selector: str) -> None:
    page.locator(selector).first.click()
    _idle(page)


def _cmd(cmd: dict[str, Any]) -> str:
    """The button that sends ``cmd`` (every command button carries it in ``data-cmd``)."""
    return f"[data-cmd='{json.dumps(cmd, separators=(',', ':'))}']"


def test_the_start_page_links_the_sandbox(page: Page, server_url: str) -> None:
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(f"{server_url}/")
    page.check('input[name="ruleset"][value="venus-standard"]')
    link = page.locator("#home-links a", has_text="Sandbox")
    assert link.get_attribute("href") == "/games/venusstd/sandbox.html"


def test_a_preset_played_reset_and_another_started(sized: tuple[Page, str],
                                                   server_url: str) -> None:
    """"Telegates" played on the page; Reset starts it again; "Dropping Off Passengers"
    picked and played; axe finds nothing serious before and after."""
    page, size = sized
    _open(page, server_url, "telegate")
    assert "Telegates" in page.locator("#scenario-desc").inner_text()
    assert page.locator("#scenario").input_value() == "telegate.json"
    assert page.locator("#players li").count() == 2
    assert serious(page, "venus-standard sandbox") == []
    shot(page, f"vs-sandbox-{size}")
    _press(page, "#vs-roll")
    assert "Ann rolls the speed dice: 5, 2, 1" in page.locator("#log").inner_text()
    _press(page, _cmd({"type": "AssignDie", "die": 0, "box": "navigation"}))
    _press(page, '#moves .vs-move[data-space="jungle-station.1"]')
    page.wait_for_function(
        "() => starport.answer.view.players[0].space === 'north-polluted.2'")
    assert "telegate" in page.locator("#log").inner_text().lower()
    assert serious(page, "venus-standard sandbox, after a jump") == []

    page.locator("#reset").click()
    page.wait_for_function("() => starport.answer.view.players[0].space === 'jungle-world.8'")
    _idle(page)
    assert page.locator("#log li").count() == 1  # the position set up, nothing played
    assert page.locator("#vs-roll").is_visible()

    page.locator("#scenario").select_option("passenger.json")
    page.locator("#start").click()
    page.wait_for_function("() => starport.answer.view.players[0].cargo.includes('scientist')")
    _idle(page)
    assert "Dropping Off Passengers" in page.locator("#scenario-desc").inner_text()
    assert page.url.endswith("#passenger")
    credits = page.evaluate("starport.answer.view.players[0].credits")
    _press(page, _cmd({"type": "DropOffPassenger", "passenger": "scientist"}))
    assert page.evaluate("starport.answer.view.players[0].credits") > credits
    assert serious(page, "venus-standard sandbox, a passenger") == []
    shot(page, f"vs-sandbox-passenger-{size}")


def test_the_scenario_edited_as_json(browser: Any, server_url: str) -> None:
    """The preset's JSON, edited (Ann's credits) and started; JSON that is not is refused in
    words, a scenario the game refuses too (the browser logs its 422: no other error)."""
    errors: list[str] = []
    page = page_in(browser, "desktop", errors, **SIZES["desktop"])
    _open(page, server_url, "pilot-training")
    page.locator("summary", has_text="Edit the scenario").click()
    scenario = json.loads(page.locator("#scenario-json").input_value())
    assert scenario["name"] == "Pilot training"
    scenario["players"][0]["credits"] = 345
    page.locator("#scenario-json").fill(json.dumps(scenario))
    page.locator("#start-json").click()
    page.wait_for_function("() => starport.answer.view.players[0].credits === 345")
    _idle(page)
    page.locator("#scenario-json").fill("{not json")
    page.locator("#start-json").click()
    assert "not JSON" in page.locator("#error").inner_text()
    page.locator("#scenario-json").fill(json.dumps({"players": [{"name": "Ann", "pilot": "x"}]}))
    page.locator("#start-json").click()
    page.wait_for_function("() => document.querySelector('#error').innerText.includes('pilot')")
    assert page.evaluate("starport.answer.view.players[0].credits") == 345  # still playing
    page.context.close()
    check([e for e in errors if "status of 422" not in e])


def test_every_seat_played_in_turn(page: Page, server_url: str) -> None:
    """Hot seat: when Ann's turn ends ("Player Turns"), the panel plays Bob's."""
    page.set_viewport_size({"width": 1440, "height": 900})
    _open(page, server_url, "pilot-training")
    assert page.locator("#prompt").inner_text().startswith("As Ann:")
    while page.evaluate("starport.answer.seat") == 0:
        _press(page, "#vs-EndPhase")
    assert page.locator("#prompt").inner_text().startswith("As Bob:")
    assert "Bob" in page.locator("#players li.active").inner_text()
    _press(page, "#vs-roll")
    assert page.evaluate("starport.answer.view.movement.seat") == 1
    assert "Bob rolls the speed dice" in page.locator("#log").inner_text()
