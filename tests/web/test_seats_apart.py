"""Every seat told apart without colour, on a desktop and a phone: each piece on the map
carries a label of its own at the table (three bots are not three "B"s), the players list
shows the same label beside each name, no two players' names read the same (two players who
typed "Ann"), and no two entries of a list of choices read the same (the first dots either
way along one route: "blue dot, route Galactic Base–Colony World" twice)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.web.a11ykit import GAMES, SIZES, check, page_in, shot, started, synced, view

pytestmark = pytest.mark.browser

PIECES = {"venus": ".pawn", "venus-standard": ".pawn", "star-traders": ".ship"}
LABEL = {"venus": ".pawn-letter", "venus-standard": ".pawn-letter", "star-traders": ".ship-label"}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_pieces_and_names_read_differently(browser: Any, server_url: str, game: str,
                                           size: str) -> None:
    """Ann, a second "Ann" and two bots: four pieces, four labels; four names."""
    errors: list[str] = []
    t = started(server_url, game, ["Ann", "Ann"], bots=2)
    page = page_in(browser, size, errors)
    page.goto(t["seats"][0]["url"])
    page.wait_for_selector("#game:not([hidden])")
    synced(page, view(server_url, t, 0)["seq"])
    # one read of the whole board: the bots go on moving, and a redraw between reads of
    # single pieces can reorder them
    labels = page.eval_on_selector_all(
        f"#board {PIECES[game]}",
        f"(ps) => ps.map((p) => p.querySelector('{LABEL[game]}')?.textContent || '')")
    assert len(labels) == 4, labels
    assert all(labels) and len(set(labels)) == 4, labels
    chips = page.locator("#players .player .chip").all_text_contents()
    assert sorted(chips) == sorted(labels), (chips, labels)
    names = page.evaluate("window.starport.game.answer.view.players.map((p) => p.name)")
    assert len(set(names)) == 4, names
    shown = page.locator("#players .player strong").all_text_contents()
    assert len(set(shown)) == 4, shown
    shot(page, f"seats-{game}-{size}")
    page.context.close()
    check(errors)


# Ann in the middle of a route: the dots either way are both blue (Galactic Base–Colony
# World: .2 blue, .3 yellow, .4 blue)
MIDWAY = {"name": "Midway", "description": "Ann between two blue dots of one route.",
          "players": [{"name": "Ann", "race": "humans", "cash": 60,
                       "dot": "galactic-base--colony-world.3"},
                      {"name": "Bob", "race": "dell", "cash": 60, "dot": "galactic-base"}],
          "other_qboxes": "empty", "dice": [2, 3, 5, 1, 4, 6]}


@pytest.mark.parametrize("size", list(SIZES))
def test_choices_of_a_list_read_differently(browser: Any, server_url: str, size: str) -> None:
    """5.31 the first dots offered from the middle of a route: the two blue dots say which
    way they lie; every list of choices (first dots, then destinations and single steps)
    has no two entries named alike, on the map either."""
    errors: list[str] = []
    page = page_in(browser, size, errors)
    page.route("**/scenarios/navigation-circle.json",
               lambda r: r.fulfill(status=200, content_type="application/json",
                                   body=json.dumps(MIDWAY)))
    page.goto(f"{server_url}/games/venus/sandbox.html#navigation-circle")
    page.wait_for_selector(".move-list button")
    first = page.locator(".move-list button").all_text_contents()
    assert len(first) >= 2 and len(set(first)) == len(first), first
    assert any("towards Colony World" in f for f in first), first
    assert any("towards Galactic Base" in f for f in first), first
    on_map = page.eval_on_selector_all(".hl", "(es) => es.map((e) => e.getAttribute('aria-label'))")
    assert len(set(on_map)) == len(on_map), on_map
    shot(page, f"first-dots-{size}")
    page.locator(".move-list button").first.click()
    page.locator("#roll:not([disabled])").click()
    page.wait_for_selector(".dests .dest-btn")
    for box in page.locator(".move-list").all():
        names = [b.text_content() for b in box.locator("button").all()]
        assert len(set(names)) == len(names), names
    page.context.close()
    check(errors)
