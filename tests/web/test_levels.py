"""Bot levels and hints in the browser (docs/players.md, "Bot levels and hints"): the create
form offers each game's levels for a bot seat, the level of a timed-out turn and hints; a
player at a table with a hard bot and hints on asks "What would a strong player do?", reads
the move in the game's words and the bot's reason, plays a turn and the hard bot answers
with its own. Tiny Duel (``tests/platform/tinygame``) with the tests' hard bot
(``tests/server/test_levels.HardTinyBot``, thought out in the server's worker process);
axe-core checks the form and the table page."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine.kernel.registry import games
from server import games_api, thinking
from tests.server.test_levels import TINY, HardTinyBot

from .a11ykit import api, check, page_in, serious


@pytest.fixture
def hard_tiny(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(games()[TINY].bots, "hard", HardTinyBot)
    monkeypatch.setattr(thinking, "THINK_BUDGET", 120.0)  # its first import, on a busy machine
    games_api._games_asset.cache_clear()
    yield
    monkeypatch.undo()
    games_api._games_asset.cache_clear()


def _wait_seq_past(page: Any, seq: int) -> None:
    page.wait_for_function(f"() => Number(document.getElementById('game').dataset.seq) > {seq}",
                           timeout=120_000)


def test_a_turn_against_a_hard_bot_and_a_hint(browser: Any, server_url: str,
                                              hard_tiny: None) -> None:
    errors: list[str] = []
    home = page_in(browser, "desktop", errors)
    home.goto(f"{server_url}/")
    home.locator('input[name="ruleset"][value="tiny-duel"]').check()
    home.wait_for_selector("#td-rounds")
    home.wait_for_selector("#bot-1 option[value='hard']", state="attached")
    labels = home.locator("#bot-1 option").all_text_contents()
    assert labels[:4] == ["A player (sent a link)", "Easy bot",
                          "Normal bot (plays as easy: this game has no normal bot yet)",
                          "Hard bot"], labels
    assert "Random bot (any legal move)" in labels
    home.select_option("#bot-1", "hard")
    home.check("#t-timer-on")
    home.select_option("#t-timeout-level", "hard")
    home.check("#t-hints")
    assert serious(home, "create form with levels") == []
    home.click("#create-btn")
    home.wait_for_selector("#created:not([hidden])")
    links = {home.locator("#links li strong").nth(i).text_content():
             home.locator("#links li input").nth(i).input_value() for i in range(4)}
    host_token = links["Host"].split("#")[1]
    table_id = links["Host"].split("/t/")[1].split("#")[0]
    lobby = api(server_url, f"/api/tables/{table_id}", token=host_token)
    assert lobby["hints"] is True and lobby["timeout_level"] == "hard"
    assert [(s["bot"], s["bot_kind"]) for s in lobby["seats"]] == [(False, None), (True, "hard")]

    ann = page_in(browser, "desktop", errors)
    ann.goto(links["Seat 1"])
    ann.wait_for_selector("#join:not([hidden])")
    ann.fill("#join-name", "Ann")
    ann.click("#join-btn")
    ann.wait_for_selector("#join-btn:has-text('Update')")
    host = home
    host.goto(links["Host"])
    host.wait_for_selector("#start-btn:not([disabled])")
    host.click("#start-btn")

    ann.wait_for_selector("#game:not([hidden])")
    ann.wait_for_selector("#td-Roll")
    hint = ann.locator("#hint")
    assert hint.locator(".hint-on").text_content() == "Hints are on at this table."
    host.wait_for_selector("#hint .hint-on")  # everyone at the table reads it
    assert host.locator("#hint-btn").count() == 0  # the host has no seat to ask for
    ann.click("#hint-btn")
    ann.wait_for_selector("#hint-answer", timeout=120_000)
    assert ann.locator("#hint-answer strong").text_content() == "Double the stake"
    assert ann.locator("#hint-answer .hint-reason").text_content() == \
        "Double: the stake is worth it (their card: hidden)"
    assert serious(ann, "table page with a hint") == []

    # Ann plays her turn (the hint is hers to follow or not), the hard bot plays its own
    for button in ("td-Roll", "td-EndTurn"):
        ann.wait_for_selector(f"#{button}")
        seq = int(ann.locator("#game").get_attribute("data-seq") or 0)
        ann.click(f"#{button}")
        _wait_seq_past(ann, seq)
    assert ann.locator("#hint-answer").count() == 0  # the game moved: the hint went
    ann.wait_for_selector("#td-Roll", timeout=120_000)  # her second round: the bot played
    log = api(server_url, f"/api/tables/{table_id}/log", token=host_token)["events"]
    assert [e["type"] for e in log if e.get("actor") == 1][:1] == ["Doubled"]  # the hard bot

    # on her phone, her second turn: the hint again, on a narrow screen
    phone = page_in(browser, "phone", errors)
    phone.goto(links["Seat 1"])
    phone.wait_for_selector("#td-Roll")
    phone.click("#hint-btn")
    phone.wait_for_selector("#hint-answer", timeout=120_000)
    assert phone.locator("#hint-answer strong").text_content() == "Double the stake"
    assert phone.locator("#hint-answer").is_visible()
    assert serious(phone, "table page with a hint, phone") == []
    check(errors)
