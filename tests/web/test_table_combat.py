"""Combat at a real table, in real browser tabs: the start page offers the 1988 optional rules
(combat, the Rastur, solitaire with one seat); two armed ships meet, the attacker blasts in
his tab, the defender is asked in HIS OWN tab (a phone) to fire back, the winner chooses the
hit in his tab. Tables take no scenario: after the start the test moves the two pawns next to
each other and arms them in the server's memory (the test server runs in this process)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.conftest import screenshot

from .test_table_game import _join, _seat_page, _synced

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}


def test_start_page_offers_combat_rastur_and_solitaire(browser: Any, server_url: str,
                                                       tmp_path: Path) -> None:
    errors: list[str] = []
    page = _seat_page(browser, errors)
    page.goto(f"{server_url}/")
    page.wait_for_selector("#t-combat")
    page.check("#t-solitaire")  # 17.1: one seat, the Rastur (and so combat) on
    assert page.locator("#t-seats").input_value() == "1"
    assert page.locator("#t-rastur").is_checked() and page.locator("#t-combat").is_checked()
    screenshot(page, str(tmp_path / "starport-options-desktop.png"), full_page=True)
    page.click("#create-btn")
    page.wait_for_selector("#created:not([hidden])")
    link = page.locator("#links input").first.input_value()
    table, token = link.split("/t/")[1].split("#")
    r = httpx.get(f"{server_url}/api/tables/{table}", headers={"X-Starport-Token": token})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["options"]["solitaire"] and body["options"]["rastur"] and body["options"]["combat"]
    assert len(body["seats"]) == 1
    page.goto(f"{server_url}/")
    page.check('input[name="edition"][value="classic-2012"]')
    assert page.locator("#t-1988").is_hidden() and page.locator("#t-opt-hint").is_visible()
    page.check("#t-fast-play")  # the 2012 fast play variant is that edition's option
    page.click("#create-btn")
    page.wait_for_selector("#created:not([hidden])")
    link = page.locator("#links input").first.input_value()
    table, token = link.split("/t/")[1].split("#")
    body = httpx.get(f"{server_url}/api/tables/{table}",
                     headers={"X-Starport-Token": token}).json()
    assert body["options"]["fast_play"] is True and "combat" not in body["options"]
    assert not errors, errors


def test_blast_defend_in_his_own_tab_and_hit(browser: Any, server_url: str, tmp_path: Path) -> None:
    errors: list[str] = []
    host = _seat_page(browser, errors)
    host.goto(f"{server_url}/")
    host.select_option("#t-seats", "2")
    host.check("#t-combat")
    host.click("#create-btn")
    host.wait_for_selector("#created:not([hidden])")
    inputs = host.locator("#links input")
    links = [inputs.nth(i).input_value() for i in range(inputs.count())]
    ann = _seat_page(browser, errors)
    bob = _seat_page(browser, errors, **PHONE)
    _join(ann, links[1], "Ann", "humans")
    _join(bob, links[2], "Bob", "dell")
    host.goto(links[0])
    host.wait_for_selector("#start-btn:not([disabled])")
    host.click("#start-btn")
    for p in (ann, bob):
        p.wait_for_selector("#game:not([hidden])")
    table = links[0].split("/t/")[1].split("#")[0]

    from tests.web.testapp import app

    state = app.state.service.entries[table].game.state
    assert state.options.get("combat") and state.turn is not None
    att, dfn = state.turn.seat, 1 - state.turn.seat
    _reposition(app, table, {
        att: {"dot": "desert-planet--supernova.1", "equipment": ["laser", "nova_ball"]},
        dfn: {"dot": "desert-planet--supernova.2", "equipment": ["laser"]},
    })
    pages = [ann, bob]
    device = ["desktop", "phone"]  # Bob's tab is a phone
    attacker, defender = pages[att], pages[dfn]
    for p in pages:
        p.reload()
        p.wait_for_function("window.starport?.game?.answer && window.starport.game.idle()")
    attacker.locator('.hl-heading[data-dot="desert-planet--supernova.2"]').click()
    attacker.wait_for_selector("#roll:not([disabled])")
    attacker.locator("#roll").click()
    attacker.wait_for_selector('.steps button[data-dot="desert-planet--supernova.2"]')
    attacker.locator('.steps button[data-dot="desert-planet--supernova.2"]').click()
    attacker.wait_for_selector("#blast")
    assert attacker.locator("#combat input[data-weapon]").count() == 2
    assert defender.locator("#combat").inner_text() == ""
    attacker.locator("#blast").click()
    # the defender is asked in his own tab; the attacker waits
    defender.wait_for_selector("#fire-back")
    assert "blasts you" in defender.locator("#prompt").inner_text()
    assert defender.locator("#turn-badge").inner_text().startswith("Your answer · ")
    attacker.wait_for_function(
        "document.querySelector('#prompt').textContent.includes('decides whether to fire back')")
    assert attacker.locator("#blast, #fire-back").count() == 0
    screenshot(defender, str(tmp_path / f"starport-table-defend-{device[dfn]}.png"))
    screenshot(attacker, str(tmp_path / f"starport-table-waiting-{device[att]}.png"))
    defender.locator("#fire-back").click()
    for p in pages:
        p.wait_for_function("document.querySelector('#log').innerText.includes('fires back')")
    line = attacker.locator("#log li", has_text="fires back").inner_text()
    assert "rolls" in line and ("attack" in line and "defense" in line)
    pending = app.state.service.entries[table].game
    from engine.venus.legal import pending as pending_of

    ask = pending_of(pending.state)
    if ask is not None and ask.prompt == "hit":
        winner = pages[ask.seats[0]]
        winner.wait_for_selector(".hit-list button")
        assert "choose the hit" in winner.locator("#prompt").inner_text()
        screenshot(winner, str(tmp_path / f"starport-table-hit-{device[ask.seats[0]]}.png"))
        winner.locator(".hit-list button").first.click()
        for p in pages:
            p.wait_for_function("document.querySelector('#log').innerText.includes(' hits ')")
    seq = pending.seq
    for p in pages:
        _synced(p, seq)
    assert not errors, errors


def _reposition(app: Any, table: str, changes: dict[int, dict[str, Any]]) -> None:
    """Arm and place the pawns through a real event in the table's log (a scenario position,
    as sandbox games use), so that everything replayed from the database agrees with it."""
    from engine.kernel import event
    from server import store
    from server.db import writing

    service = app.state.service
    entry = service.entries[table]
    game = entry.game
    state = game.state
    players = []
    for p in state.players:
        d = p.model_dump(exclude={"seat"})
        d.update(changes.get(p.seat, {}))
        players.append(d)
    position = {"players": players, "discovered": dict(state.discovered), "observed": {},
                "spaceports": dict(state.spaceports), "dice": []}
    ev = event("ScenarioPosition", position=position, face_up={}).model_copy(
        update={"seq": game.seq + 1})
    pending = entry.pending()
    with writing(service.engine) as conn:
        store.append(conn, entry.game_id, game.seq, [ev], pending=list(pending.seats)
                     if pending else [], over=False, seat=None, client_id=None)
    service.evict(table)
