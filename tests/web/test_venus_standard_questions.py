"""Merchant of Venus, the standard game: the questions a flight asks, as a player meets them
in Chromium (from scenario positions, loaded dice):

- "Pirate Engagement": a ship stopped on a pirate leaves the pirate's token visible (a badge at
  the ship's corner, over it), at 1440x900 and 390x844;
- on a phone (390x844) the answers to a pirate's or a failed hazard check's question are in
  the viewport when it is asked (the page brings them into view: ``web/platform/focus.js``);
- take-back while a question is open: offered only when it works (docs/rulings.md).

Screenshots go to /tmp/starport-vsq-*.png.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.conftest import screenshot
from tests.web.startraders_kit import DESKTOP, PHONE
from tests.web.test_venus_standard_play import _fly, _log, _open, _press

pytestmark = pytest.mark.browser

SHOTS = "/tmp/starport-vsq"
PIRATE = {"players": [{"name": "Ann", "laser": 4, "shield": 2, "credits": 10}, {"name": "Bot"}],
          "dice": [2, 2, 2, 1],
          "state": {"cards": {"tokens": {"base-colony.1": {
              "kind": "pirate", "pirate": "pirate-6", "infamy": 1}}}}}
HAZARD = {"players": [{"name": "Ann", "laser": 2, "shield": 1}, {"name": "Bot"}],
          "dice": [2, 2, 2, 6]}
# the rectangles of the pirate badge's disc, of Ann's ship's body and its letter
BOXES = """() => {
  const r = (el) => { const b = el.getBoundingClientRect();
                      return { x: b.x, y: b.y, w: b.width, h: b.height }; };
  const badge = document.querySelector('#board .layer-badge .token-pirate');
  const pawn = document.querySelector('#board .pawn[data-seat="0"]');
  return { badge: badge && r(badge.querySelector('circle')),
           body: r(pawn.querySelector('.pawn-body')), letter: r(pawn.querySelector('text')),
           onTop: !!badge && !!(pawn.compareDocumentPosition(badge)
                                & Node.DOCUMENT_POSITION_FOLLOWING) };
}"""
IN_VIEW = """() => [...document.querySelectorAll('#vs-commands.urgent button')].map((b) => {
  const r = b.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0
    && r.right <= window.innerWidth && top?.closest('button') === b;
})"""


def _centre(box: dict[str, float]) -> tuple[float, float]:
    return box["x"] + box["w"] / 2, box["y"] + box["h"] / 2


def _inside(point: tuple[float, float], box: dict[str, float]) -> bool:
    x, y = point
    return box["x"] <= x <= box["x"] + box["w"] and box["y"] <= y <= box["y"] + box["h"]


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_ship_on_a_pirate_leaves_the_pirate_visible(browser: Any, server_url: str,
                                                      viewport: dict[str, Any]) -> None:
    """"Pirate Engagement": Ann's ship stops on the pirate's space; the pirate's token is
    drawn as a badge at the ship's lower right corner, over the ship (later in the drawing),
    its disc's centre off the ship's body and the ship's letter off the disc."""
    errors: list[str] = []
    name = "desktop" if viewport is DESKTOP else "phone"
    page = _open(browser, server_url, errors, PIRATE, viewport)
    # before the flight the pirate is a token of its own on its space
    assert page.locator('#board .layer-token .token-pirate[data-space="base-colony.1"]').count()
    _fly(page, "base-colony.1", "base-colony.1")
    page.wait_for_selector("#vs-commands.urgent button")
    page.wait_for_selector('#board .layer-badge .token-pirate[data-space="base-colony.1"]',
                           state="attached")
    assert page.locator("#board .layer-token .token-pirate").count() == 0
    title = page.locator("#board .token-pirate title").text_content() or ""
    assert "under a ship" in title, title
    page.locator('#board .pawn[data-seat="0"]').scroll_into_view_if_needed()
    boxes = page.evaluate(BOXES)
    assert boxes["badge"] and boxes["onTop"], boxes
    assert not _inside(_centre(boxes["badge"]), boxes["body"]), boxes
    assert not _inside(_centre(boxes["letter"]), boxes["badge"]), boxes
    screenshot(page.locator('#board .pawn[data-seat="0"]'), f"{SHOTS}-pirate-under-ship-{name}.png")
    screenshot(page, f"{SHOTS}-pirate-under-ship-page-{name}.png")
    page.context.close()
    assert not errors, errors


@pytest.mark.parametrize("scenario,flight,words", [
    (PIRATE, ("base-colony.1", "base-colony.1"), "irate"),
    (HAZARD, ("base-giant.1", "base-giant.2"), "hazard check failed"),
], ids=["pirate", "hazard"])
def test_a_question_on_a_phone_shows_its_answers(browser: Any, server_url: str,
                                                 scenario: dict[str, Any],
                                                 flight: tuple[str, str], words: str) -> None:
    """On a 390x844 phone, the flight tapped on the map: when the rules ask (a pirate, a
    failed hazard check) every answer button is inside the viewport, without scrolling, and
    nothing covers it (a notice, the map's buttons)."""
    errors: list[str] = []
    page = _open(browser, server_url, errors, scenario, PHONE)
    _fly(page, *flight)
    page.wait_for_selector("#vs-commands.urgent button")
    assert words in page.inner_text("#prompt"), page.inner_text("#prompt")
    page.wait_for_function(f"() => ({IN_VIEW})().every(Boolean)", timeout=5_000)
    shown = page.evaluate(IN_VIEW)
    assert shown and all(shown), shown
    screenshot(page, f"{SHOTS}-question-{re.sub(r'[^a-z]', '', words)}-phone.png")
    page.context.close()
    assert not errors, errors


def test_take_back_while_the_pirates_ask(browser: Any, server_url: str) -> None:
    """Take-backs (house rule, docs/rulings.md): flying onto a pirate turns nothing over (the
    pirate and its modifier lie face up), so the flight may be taken back while the pirates'
    question is open: "Take back" is offered and works (the ship back at Galactic Base, the
    question gone, the pirate a token of its own again). The engagement rolls a die: after
    it, nothing is offered. A failed hazard check rolled one too: its question offers none."""
    errors: list[str] = []
    page = _open(browser, server_url, errors, PIRATE, DESKTOP)
    _fly(page, "base-colony.1", "base-colony.1")
    page.wait_for_selector("#vs-commands.urgent button")
    assert page.get_attribute('#board .pawn[data-seat="0"]', "data-dot") == "base-colony.1"
    assert page.is_visible("#take-back")
    _press(page, page.locator("#take-back"))
    page.wait_for_selector("#vs-commands.urgent", state="detached")
    assert page.get_attribute('#board .pawn[data-seat="0"]', "data-dot") == "galactic-base"
    assert page.locator('#board .layer-token .token-pirate[data-space="base-colony.1"]').count()
    assert page.locator("#board .layer-badge .token").count() == 0
    assert "engage" not in page.inner_text("#vs-commands").lower()
    # the dice are still the ones rolled: the flight again, then the fight (a die)
    _press(page, page.locator('#board .hl-space[data-space="base-colony.1"]').first)
    page.wait_for_selector("#vs-commands.urgent button")
    _press(page, page.locator("#vs-commands button", has_text=re.compile("[Ll]aser")).first)
    assert re.search(r"pirate", _log(page), re.I)
    assert page.locator("#take-back").count() == 0
    page.context.close()
    hazard = _open(browser, server_url, errors, HAZARD, PHONE)
    _fly(hazard, "base-giant.1", "base-giant.2")
    hazard.wait_for_selector("#vs-commands.urgent button")
    assert hazard.locator("#take-back").count() == 0
    hazard.context.close()
    assert not errors, errors
