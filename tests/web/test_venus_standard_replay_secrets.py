"""Merchant of Venus, the standard game: a finished game's replay shows its secrets, a game
in progress never does (``docs/architecture.md``, "Hidden information and randomness": a finished
game's replay
shows every secret; no replay may leak a secret before its reveal), as the classic game does
(tests/web/test_table_game.py).

The secret on the board is Setup 3's: the First Contact card lying face down in each system
(``FirstContactPlaced``, told to nobody). While Ann and a bot play, her replay has no full log,
nothing face down is drawn, and nothing the page holds pairs a system with its hidden culture
(the leak oracle, ``engine.venus_standard.secrets``, run over the page's events and the
board). Once the host ends the game, "Replay the game" shows each face-down card by its
culture, as the exported log placed it. Screenshots: /tmp/starport-vssecret-*.png.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from engine.venus_standard import secrets as oracle
from tests.web.conftest import screenshot
from tests.web.startraders_kit import DESKTOP, PHONE, api, page_in

pytestmark = pytest.mark.browser

SHOTS = "/tmp/starport-vssecret"
# what the page holds while the game runs: its events (the replay's too) and its newest view
HELD = """() => ({ events: window.starport.game.events, view: window.starport.game.answer.view,
                   replay: window.starport.game.replay.view })"""


def _table(server_url: str) -> dict[str, Any]:
    t = api(server_url, "/api/tables", {"ruleset": "venus-standard", "seats": 2, "bots": [1],
                                        "name": "Secrets"})
    api(server_url, f"/api/tables/{t['table_id']}/join", {"name": "Ann"},
        t["seats"][0]["token"])
    api(server_url, f"/api/tables/{t['table_id']}/start", {}, t["host"]["token"])
    return dict(t)


def _open(browser: Any, server_url: str, made: dict[str, Any], errors: list[str],
          viewport: dict[str, Any]) -> Any:
    page = page_in(browser, errors, timeout=20_000, **viewport)
    page.goto(f"{server_url}/t/{made['table_id']}#{made['seats'][0]['token']}")
    page.wait_for_function("() => window.starport?.game?.answer && window.starport.game.idle()")
    return page


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_finished_games_replay_shows_the_face_down_first_contact_cards(
        browser: Any, server_url: str, viewport: dict[str, Any]) -> None:
    errors: list[str] = []
    made = _table(server_url)
    table, token = made["table_id"], made["seats"][0]["token"]
    page = _open(browser, server_url, made, errors, viewport)
    name = "desktop" if viewport is DESKTOP else "phone"

    # while it is played: the replay is this seat's, nothing face down is drawn or held
    page.click("#replay-btn")
    page.wait_for_selector("#replay-bar:not([hidden])")
    page.wait_for_function(
        "() => document.querySelector('.rp-text').textContent.includes('event')")
    assert page.evaluate("window.starport.game.replay.fullLog === undefined")
    assert page.locator("#board .fc-secret").count() == 0
    assert "every secret" not in page.locator(".rp-text").inner_text()
    held = page.evaluate(HELD)
    held_log = page.inner_text("#replay-log") + page.inner_text("#log")
    page.keyboard.press("Escape")
    page.wait_for_selector("#replay-bar", state="hidden")

    # the host ends the game: its log may now be read in full
    api(server_url, f"/api/tables/{table}/end", {}, made["host"]["token"])
    doc = api(server_url, f"/api/tables/{table}/export", token=token)
    placed = next(e for e in doc["events"] if e["type"] == "FirstContactPlaced")["data"]["cards"]
    assert placed and len(set(placed.values())) > 1
    # the leak oracle over what the page held while the game ran: no system paired with the
    # culture face down in it
    hidden = {s: c for s, c in placed.items() if s in held["view"]["first_contact_face_down"]}
    assert hidden
    assert oracle.leaks(held, oracle.Secrets(pairs=hidden)) == []
    # the oracle finds the pairs where they are (the finished game's full log)
    assert oracle.leaks(doc["events"], oracle.Secrets(pairs=hidden))
    page.wait_for_selector("#end:not([hidden])")
    page.click("#end button:has-text('Replay the game')")
    page.wait_for_selector("#replay-bar:not([hidden])")
    page.click(".rp-end")  # the replay opens before setup: to the end, where Ann left it
    page.wait_for_selector("#board .fc-secret")
    face_down = page.evaluate("window.starport.game.replay.view.first_contact_face_down")
    shown = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        '#board .fc-secret')].map((g) => [g.dataset.system, g.dataset.culture]))""")
    assert shown == {s: placed[s] for s in face_down}, (shown, placed)
    assert "every secret shown" in page.locator(".rp-text").inner_text()
    # the replay's log says where each card was placed (Setup 3); the live log never did
    colony = page.evaluate("(k) => window.starport.game.names.culture(k)", placed["colony-world"])
    said = page.inner_text("#replay-log")
    assert "The First Contact cards are placed face down:" in said, said
    assert f"Colony World, the {colony}" in said, said
    assert "placed face down" not in held_log
    system = face_down[0]
    title = page.locator(f'#board .fc-secret[data-system="{system}"] title').text_content()
    assert title and "Face down" in title and "finished game" in title, title
    screenshot(page, f"{SHOTS}-replay-{name}.png")
    page.context.close()
    assert not errors, errors


def test_the_face_down_cards_follow_a_data_probes_switch(page: Page, server_url: str) -> None:
    """"Appendix B > Data Probe": a prober may switch two face-down First Contact cards; the
    replay's secrets (web/games/venusstd/secrets.js) show each moment's cards: before the
    switch as placed, after it switched; a redacted log (a game in progress) gives none."""
    page.goto(f"{server_url}/")
    got = page.evaluate("""async () => {
      const { secretsOf, faceDownAt } = await import('/games/venusstd/secrets.js');
      const events = [
        { seq: 2, type: 'FirstContactPlaced',
          data: { cards: { a: 'volois', b: 'dell', c: 'zum' } } },
        { seq: 9, type: 'FirstContactCardsSwapped', data: { seat: 0, systems: ['a', 'c'] } },
      ];
      const s = secretsOf(events);
      return { before: faceDownAt(s, 1), placed: faceDownAt(s, 8), switched: faceDownAt(s, 9),
               redacted: secretsOf([{ seq: 2, type: 'FirstContactPlaced', redacted: true }]) };
    }""")
    assert got["before"] == {}
    assert got["placed"] == {"a": "volois", "b": "dell", "c": "zum"}
    assert got["switched"] == {"a": "zum", "b": "dell", "c": "volois"}
    assert got["redacted"] is None
