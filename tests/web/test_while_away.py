"""While you were away, in a real Chromium at desktop (1280x800) and phone (390x844) sizes
(docs/architecture.md, "Who played a command"): Bob plays his first turn, closes his tab, and
his time per move lets a bot play his next two turns while Alice plays hers. Everyone's log
marks the bot's moves as the bot's ("P2's bot declares..."); when Bob comes back from "My
games" he is told a bot played for him and "Since your last turn" has the bot's moves beside
Alice's. With his tab open, a bot playing his move is told at once and in the summary when
his turn comes back. Screenshots (with STARPORT_TEST_SHOTS set) in /tmp/shots-clocks/."""

from __future__ import annotations

import random
import uuid
from typing import Any

import httpx
import pytest

from .test_clocks import (
    clock_server,  # noqa: F401 (the fixture)
    context,
    make_table,
    new_page,
    open_game,
    shot,
    waiting_seat,
)

pytestmark = pytest.mark.browser


def _view(c: httpx.Client, table: dict[str, Any], token: str) -> dict[str, Any]:
    r = c.get(f"/api/tables/{table['table_id']}/view", headers={"X-Starport-Token": token})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def _log(c: httpx.Client, table: dict[str, Any]) -> list[dict[str, Any]]:
    r = c.get(f"/api/tables/{table['table_id']}/log",
              headers={"X-Starport-Token": table["spectator"]["token"]})
    events: list[dict[str, Any]] = r.json()["events"]
    return events


def _play_turn(c: httpx.Client, table: dict[str, Any], seat: int, rng: random.Random) -> None:
    """``seat``'s player plays its turn to the end (ending it when the rules let it)."""
    token = table["seats"][seat]["token"]
    for _ in range(200):
        v = _view(c, table, token)
        if seat not in (v["pending"] or {}).get("seats", []):
            return
        legal = [a for a in v["legal"] if a["type"] not in ("SetDrives", "UseGateLock",
                                                             "TakeBack")]
        ends = [a for a in legal if a["type"] == "EndTurn"]
        command = ends[0] if ends else rng.choice(legal or v["legal"])
        c.post(f"/api/tables/{table['table_id']}/commands", headers={"X-Starport-Token": token},
               json={"seq": v["seq"], "client_id": uuid.uuid4().hex, "command": command})
    raise AssertionError("the turn did not end")


def _turns_ended_by_bot(events: list[dict[str, Any]], seat: int, after: int) -> int:
    """How many of ``seat``'s turns ended by a bot's command after seq ``after``."""
    count = 0
    by = "player"
    for ev in events:
        if "actor" in ev:
            by = ev["by"] if ev["actor"] == seat else "other"
        if ev["seq"] > after and ev.get("type") == "TurnEnded" \
                and ev.get("data", {}).get("seat") == seat and by == "bot":
            count += 1
    return count


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_coming_back_i_see_what_a_bot_played_for_me(browser: Any, clock_server: str,  # noqa: F811
                                                    size: str, known_seed: str) -> None:
    """The game's seed is known: "Since your last turn" keeps its last lines, and with some
    dice the bot's last turn alone fills them (Alice's lines among them are then luck)."""
    errors: list[str] = []
    table = make_table(clock_server, 6, name=f"Away {size}", start=False)
    spectator_ctx = context(browser, errors, size)  # a spectator watches from the lobby on
    spectator = new_page(spectator_ctx, errors)
    spectator.goto(table["spectator"]["url"])
    spectator.wait_for_selector("#lobby:not([hidden])")
    r = httpx.post(f"{clock_server}/api/tables/{table['table_id']}/start",
                   headers={"X-Starport-Token": table["host"]["token"]})
    assert r.status_code == 200, r.text
    bob = waiting_seat(clock_server, table)
    alice = 1 - bob
    bob_name, alice_name = f"P{bob + 1}", f"P{alice + 1}"
    rng = random.Random(5)

    # Bob opens his seat (My games keeps the link) and plays his first turn himself
    bob_ctx = context(browser, errors, size)
    page = new_page(bob_ctx, errors)
    open_game(page, table["seats"][bob]["url"])
    with httpx.Client(base_url=clock_server, timeout=30) as c:
        _play_turn(c, table, bob, rng)
        left = max(e["seq"] for e in _log(c, table))
        page.close()  # Bob goes away

        # Alice plays her turns; Bob's time runs out twice and a bot plays his turns
        for _ in range(400):
            events = _log(c, table)
            if _turns_ended_by_bot(events, bob, left) >= 2:
                break
            if alice in _view(c, table, table["spectator"]["token"])["pending"]["seats"]:
                _play_turn(c, table, alice, rng)
            else:
                spectator.wait_for_timeout(300)
        else:
            raise AssertionError("the bot did not play two of Bob's turns")

    # everyone's log marks the bot's moves as the bot's
    spectator.wait_for_function(
        "(who) => [...document.querySelectorAll('#log li')].some((li) =>"
        " li.textContent.startsWith(`${who}'s bot `))", arg=bob_name)
    lines = spectator.locator("#log li").all_inner_texts()
    assert [t for t in lines if t.startswith(f"{alice_name} ")], lines  # hers: unmarked
    shot(spectator, "away-spectator-log", size)

    # Bob comes back from My games: told a bot played for him, and what, beside Alice's moves
    home = new_page(bob_ctx, errors)
    home.goto(f"{clock_server}/")
    home.locator(f"#mygames li.mygame[data-table='{table['table_id']}'] a.mygame-open").click()
    home.wait_for_selector("#game:not([hidden]) #players li")
    notice = home.locator(".notice[data-key='bot']")
    notice.wait_for()
    assert notice.inner_text().startswith("While you were away, a bot played for you"), \
        notice.inner_text()
    assert f": {bob_name} " in notice.inner_text()
    since = home.locator("#since")
    since.wait_for()
    text = since.inner_text()
    assert f"{bob_name}'s bot " in text and f"{alice_name} " in text, text
    shot(home, "away-since", size)
    bob_ctx.close()
    spectator_ctx.close()
    httpx.post(f"{clock_server}/api/tables/{table['table_id']}/end",
               headers={"X-Starport-Token": table["host"]["token"]})
    assert not errors, errors


def test_with_my_tab_open_the_bot_s_moves_are_told_and_summed_up(
        browser: Any, clock_server: str) -> None:  # noqa: F811
    """Bob's tab stays open while his time runs out: the bot's moves are told at once, and
    when his turn comes back (Alice's ran out too) "Since your last turn" has them."""
    errors: list[str] = []
    table = make_table(clock_server, 5, name="Open tab")
    bob = waiting_seat(clock_server, table)
    ctx = context(browser, errors, "desktop")
    page = new_page(ctx, errors)
    open_game(page, table["seats"][bob]["url"])
    with httpx.Client(base_url=clock_server, timeout=30) as c:
        _play_turn(c, table, bob, random.Random(3))  # his own first turn (another device)
    page.locator(".notice[data-key='bot']").wait_for(timeout=90_000)
    page.wait_for_function(
        "(who) => [...document.querySelectorAll('#since li')].some((li) =>"
        " li.textContent.startsWith(`${who}'s bot `))", arg=f"P{bob + 1}", timeout=90_000)
    httpx.post(f"{clock_server}/api/tables/{table['table_id']}/end",
               headers={"X-Starport-Token": table["host"]["token"]})
    ctx.close()
    assert not errors, errors
