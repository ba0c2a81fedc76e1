"""The platform's conformance test, in the browser: Tiny Duel, known to no platform file, is
offered by the start page (its create form from its own client folder), created, joined by
two players in their own browsers, started by the host, played with a take-back to its end
(its panel's buttons are its legal commands), its log in words, and replayed; the other
player's page never shows a card before it is revealed. A real ``starport serve`` process and
Debian's Chromium, headless."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.conftest import ServerProcess
from tests.web.a11ykit import axe_violations
from tests.web.test_client_split import typedef_members

pytestmark = pytest.mark.browser


class Pages:
    """Pages, each in its own browser context (a player's own browser), with their errors."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.errors: list[str] = []

    def open(self, url: str) -> Any:
        ctx = self.browser.new_context(viewport={"width": 1300, "height": 850})
        self.contexts.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        page.on("console", lambda m: self.errors.append(f"console: {m.text}")
                if m.type == "error" else None)
        page.goto(url)
        return page

    def close(self) -> None:
        for ctx in self.contexts:
            ctx.close()


@pytest.fixture
def pages(browser: Any) -> Iterator[Pages]:
    opened = Pages(browser)
    yield opened
    opened.close()
    assert not opened.errors, opened.errors


def card_of(page: Any, seat: int) -> str:
    return str(page.locator(f'#board .td-card[data-seat="{seat}"]').text_content())


def play(page: Any, button: str) -> None:
    """Press one of the panel's command buttons once it is there and enabled."""
    b = page.locator(f"#{button}")
    b.wait_for(state="visible")
    page.wait_for_function("(id) => { const b = document.getElementById(id); "
                           "return b && !b.disabled; }", arg=button)
    seq = page.locator("#game").get_attribute("data-seq")
    b.click()
    page.wait_for_function("(s) => document.getElementById('game').dataset.seq !== s", arg=seq)


def violations(page: Any, context: Any = None) -> list[tuple[str, list[Any]]]:
    """axe-core's violations on ``page`` (within ``context``, axe's include list)."""
    found = axe_violations(page, {"resultTypes": ["violations"]}, context)
    return [(v["id"], [n["target"] for n in v["nodes"]]) for v in found]


def test_a_duel_from_the_start_page_to_its_replay(pages: Pages, server: ServerProcess) -> None:
    home = pages.open(f"{server.base}/")
    radio = home.locator('input[name="ruleset"][value="tiny-duel"]')
    radio.check()
    home.wait_for_selector("#td-rounds")
    assert home.locator("#home-crumb").text_content() == "Tiny Duel with friends"
    assert home.locator("#t-seats").input_value() == "2" and home.locator("#t-seats").is_disabled()
    assert violations(home) == []  # the start page with the game's own fields in it
    # the module the platform loaded for it has every member the interface requires
    missing = home.evaluate("""async ([moduleMembers, pageMembers]) => {
      const { gameFor } = await import("/platform/games.js");
      const module = await gameFor("tiny-duel");
      const page = module.createPage({ names: {}, seat: null, who: String });
      return [moduleMembers.filter((m) => module[m] === undefined),
              pageMembers.filter((m) => page[m] === undefined)];
    }""", [typedef_members("GameModule"), typedef_members("GamePage")])
    assert missing == [[], []], missing
    home.select_option("#td-rounds", "1")
    home.click("#create-btn")
    home.wait_for_selector("#created:not([hidden])")
    links = {home.locator("#links li strong").nth(i).text_content():
             home.locator("#links li input").nth(i).input_value() for i in range(4)}
    assert set(links) == {"Host", "Seat 1", "Seat 2", "Spectator"}

    players = []
    for seat, name in ((1, "Ann"), (2, "Bob")):
        p = pages.open(links[f"Seat {seat}"])
        p.wait_for_selector("#join:not([hidden])")
        assert p.locator("#lobby-options").text_content() == "1 round · take-backs allowed"
        p.fill("#join-name", name)
        p.click("#join-btn")
        p.wait_for_selector("#join-btn:has-text('Update')")
        players.append(p)
    host = pages.open(links["Host"])
    host.wait_for_selector("#start-btn:not([disabled])")
    host.click("#start-btn")
    ann, bob = players
    for p in (ann, bob, host):
        p.wait_for_selector("#game:not([hidden])")
        p.wait_for_selector("#board svg .td-card")
    ann.wait_for_selector("#td-Roll")
    mine = ann.locator("#td-my-card").text_content() or ""
    card0 = re.sub(r"^Your card: (\w+).*$", r"\1", mine)
    assert card0 and card0 != mine and card_of(ann, 0) == card0
    assert card_of(bob, 0) == "?" and card_of(host, 0) == "?"
    assert bob.locator("#td-Roll").count() == 0  # not Bob's turn: no command of his
    # the table page, the game's board, commands and card in it
    assert violations(ann) == []

    # Ann doubles and takes it back (the platform's button), doubles again and rolls
    play(ann, "td-Double")
    play(ann, "take-back")
    play(ann, "td-Double")
    play(ann, "td-Roll")
    assert ann.locator("#take-back").count() == 0  # the roll is a barrier
    play(ann, "td-EndTurn")
    unseen = re.compile(rf"\b{card0}\b", re.I)
    assert not unseen.search(bob.locator("body").inner_text())  # Bob never saw it
    play(bob, "td-Roll")
    assert not unseen.search(bob.locator("body").inner_text())
    play(bob, "td-EndTurn")  # one round: the end shows every card

    for p in (ann, bob, host):
        p.wait_for_selector("#end:not([hidden])")
        assert re.search(r"(Ann|Bob) wins!", p.locator("#end").inner_text())
    assert card_of(bob, 0) == card0
    log = ann.locator("#log").inner_text()
    assert "Ann doubles the stake" in log and "takes back" in log and "Bob rolls" in log
    assert "The cards are shown" in log

    # the replay steps through it from the start
    ann.click("#replay-btn")
    ann.wait_for_selector("#replay-bar:not([hidden])")
