"""Keyboard and screen readers: the focus stays where the next action is after each
declare, roll and land (never on <body>); every destination has its own label (with its MP
left and how the move ends); shortcut keys play the turn and "?" lists them.

A new table of three human seats, opened over HTTP; the seat that acts first plays its turn
with the keyboard only.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page

from tests.server.helpers import acting_seat, open_table
from tests.web.conftest import screenshot

pytestmark = pytest.mark.browser

IDLE = "() => window.starport.game.idle() && !document.body.classList.contains('is-busy')"
# a control's name: its aria-label, else its words (a button named by what it shows)
FOCUS = """() => { const a = document.activeElement;
  return {tag: a.tagName, id: a.id, cls: a.className,
          label: a.getAttribute('aria-label') || a.textContent.replace(/\\s+/g, ' ').trim(),
          text: a.textContent, title: a.title}; }"""


@pytest.fixture
def seat_page(browser: Any, server_url: str, known_seed: str) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1440, "height": 900}, reduced_motion="reduce")
    errors: list[str] = []
    ctx.on("weberror", lambda e: errors.append(str(e.error)))
    with httpx.Client(base_url=server_url, timeout=60) as c:
        table = open_table(c, seats=3)
        seat = acting_seat(c, table)
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    page.goto(table["seats"][seat]["url"])
    page.wait_for_function("() => window.starport?.game?.answer && window.starport.game.idle()")
    yield page
    ctx.close()
    assert not errors, errors


def labels(page: Page, sel: str) -> list[str]:
    """The names of the controls (their aria-label, else the words they show)."""
    return list(page.eval_on_selector_all(
        sel, "(es) => es.map((e) => e.getAttribute('aria-label')"
             " || e.textContent.replace(/\\s+/g, ' ').trim())"))


def settle(page: Page) -> dict[str, Any]:
    page.wait_for_timeout(100)
    page.wait_for_function(IDLE)
    return dict(page.evaluate(FOCUS))


def test_a_turn_by_keyboard_keeps_the_focus_on_the_next_action(seat_page: Any) -> None:
    """5.31 declare (n, Enter) -> the focus is on Roll; roll (r) -> on the first destination;
    fly to it (Enter) -> on what comes next (End turn after landing); End turn (e)."""
    page = seat_page
    page.wait_for_selector("#moves .move-list button")
    page.locator("#board").focus()
    page.keyboard.press("n")  # the first of the first dots
    first = settle(page)
    assert first["tag"] == "BUTTON" and first["title"].startswith("Declare ")
    heads = labels(page, "#moves .move-list button")
    assert len(set(heads)) == len(heads), heads
    page.keyboard.press("Enter")
    assert settle(page)["id"] == "roll", "after declaring, the focus is on Roll"
    page.keyboard.press("r")
    now = settle(page)
    assert now["tag"] != "BODY"
    assert "dest-btn" in now["cls"] or now["id"] in ("land-here", "pay", "stop", "end-turn"), now
    dests = labels(page, "#moves .dests .dest-btn")
    assert dests and len(set(dests)) == len(dests), dests
    assert all("MP left" in d for d in dests)
    on_map = labels(page, ".hl-dest")
    assert len(set(on_map)) == len(on_map), on_map
    # n walks the destinations; a landing one is chosen, by Enter
    page.keyboard.press("n")
    nxt = settle(page)
    assert nxt["label"] in dests and (nxt["label"] != now["label"] or len(dests) == 1), nxt
    land = page.locator("#moves .dests .dest-btn.end-land")
    assert land.count(), "with the known seed a City is in reach"  # before the flight clears it
    land.first.focus()
    page.keyboard.press("Enter")
    after = settle(page)
    assert page.evaluate("window.starport.game.answer.view.turn.phase") == "trade"
    assert after["id"] == "end-turn", f"after landing the focus is on {after}"
    screenshot(page, "/tmp/starport-keyboard-landed.png")
    page.keyboard.press("Tab")  # the market is one Tab on
    settle(page)
    assert page.evaluate("!!document.activeElement.closest('#market')"), "Tab goes to the market"
    page.locator("#end-turn").focus()
    page.keyboard.press("e")
    done = settle(page)
    assert done["id"] == "prompt", f"after the turn the focus is on {done}"
    assert page.evaluate("window.starport.game.answer.view.turn.seat") != page.evaluate(
        "window.starport.game.seat")


def test_question_mark_lists_the_shortcuts(seat_page: Any) -> None:
    """'?' opens the list of keys (a dialog), focus on its Close; Escape shuts it and gives the
    focus back; the header's '?' button opens it too."""
    page = seat_page
    page.locator("#board").focus()
    page.keyboard.press("?")
    dialog = page.locator("#keys-help")
    dialog.wait_for(state="visible")
    assert dialog.get_attribute("role") == "dialog"
    text = dialog.inner_text()
    for words in ("Roll the dice", "End your turn", "Next destination", "Land here",
                  "Fit the whole board"):
        assert words in text
    keys = dialog.locator("kbd").all_inner_texts()
    for k in ("?", "r", "e", "n", "l", "f"):
        assert k in keys
    assert settle(page)["cls"] == "kh-close"
    screenshot(page, "/tmp/starport-keyboard-help.png")
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    assert settle(page)["id"] == "board"
    page.click("#keys-btn")
    dialog.wait_for(state="visible")
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    page.fill("#chat-text", "r?")  # typing in a field is never a shortcut
    assert dialog.is_hidden()
    assert page.evaluate("window.starport.game.answer.view.turn.dice.length") == 0


def test_destinations_that_would_read_the_same_get_their_own_labels(seat_page: Any) -> None:
    """Two dots of one route share a name ("blue dot, route Galactic Base–Colony World"):
    the labels add how far, then the way, then a number (moves.js ``uniqueLabels``)."""
    out = seat_page.evaluate("""async () => {
      const { uniqueLabels } = await import('/games/venus/moves.js');
      const names = window.starport.game.names;
      const same = 'Move to blue dot, route Galactic Base–Colony World: out of MP · 0 MP left';
      const d = (path) => ({ label: same, dest: { path } });
      return [
        uniqueLabels([d(['a']), d(['a', 'b'])], names),
        uniqueLabels([d(['galactic-base--colony-world.1', 'x']), d(['jungle-planet.1', 'y'])],
                     names),
        uniqueLabels([{ label: 'same' }, { label: 'same' }, { label: 'other' }], names),
      ];
    }""")
    short, ways, plain = out
    assert short[0].endswith("1 dot away") and short[1].endswith("2 dots away")
    assert "via " in ways[0] and "via " in ways[1] and ways[0] != ways[1]
    assert plain == ["same (choice 1)", "same (choice 2)", "other"]
