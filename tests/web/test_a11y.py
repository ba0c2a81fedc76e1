"""Accessibility of every page a player meets, for each installed game, on a desktop
(1280x800) and a phone (390x844): axe-core finds no serious or critical violation (its
experimental Label in Name rule included, WCAG 2.5.3) on the start page, the create form,
the lobby (a seat's join form and the host's tools), the game page at points of a few
turns (the seat's own turn and the others'), and the replay.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.a11ykit import (
    GAMES,
    SIZES,
    api,
    check,
    new_table,
    page_in,
    play,
    serious,
    shot,
    started,
    synced,
    view,
)

pytestmark = pytest.mark.browser

TURNS = 6  # commands of the seats played through
CHECKED = (1, 3, 6)  # the page is checked after these (Ann's turn and Bob's, mid-turn both)


def clean(page: Any, where: str) -> None:
    found = serious(page, where)
    assert not found, f"{where}:\n" + "\n".join(found)


@pytest.mark.parametrize("size", list(SIZES))
def test_start_page_and_create_forms(browser: Any, server_url: str, size: str) -> None:
    """The start page, then the create form of each game (none wider than the screen: a
    list's longest option once widened Star Traders' past a phone's), then the links of a
    new table."""
    errors: list[str] = []
    page = page_in(browser, size, errors)
    page.goto(f"{server_url}/")
    page.wait_for_selector("#create:not([hidden])")
    clean(page, "the start page")
    games = [g["id"] for g in api(server_url, "/api/games")["games"]]
    assert set(GAMES) <= set(games)
    for game in games:
        page.check(f'input[name="ruleset"][value="{game}"]')
        page.wait_for_function(f"() => document.title.includes({api_title(server_url, game)!r})")
        clean(page, f"the create form of {game}")
        wide = page.evaluate("() => document.scrollingElement.scrollWidth"
                             " - document.documentElement.clientWidth")
        assert wide <= 1, f"{size}: the create form of {game} is {wide}px wider than the screen"
        shot(page, f"create-{game}-{size}")
    page.click("#create-btn")
    page.wait_for_selector("#created:not([hidden])")
    clean(page, "the new table's links")
    page.context.close()
    check(errors)


def api_title(base: str, game: str) -> str:
    return str(next(g["title"] for g in api(base, "/api/games")["games"] if g["id"] == game))


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_lobby(browser: Any, server_url: str, game: str, size: str) -> None:
    """A seat's lobby (the join form, then joined) and the host's (seat tools, start)."""
    errors: list[str] = []
    t = new_table(server_url, game, 3, bots=[2])
    page = page_in(browser, size, errors)
    page.goto(t["seats"][0]["url"])
    page.wait_for_selector("#join:not([hidden])")
    clean(page, f"{game}: a seat's lobby before joining")
    page.fill("#join-name", "Ann")
    page.click("#join-btn")
    page.wait_for_selector(".seat.mine:has-text('Ann')")
    clean(page, f"{game}: a seat's lobby, joined")
    page.goto(t["host"]["url"])
    page.wait_for_selector("#host-tools:not([hidden])")
    clean(page, f"{game}: the host's lobby")
    shot(page, f"lobby-{game}-{size}")
    page.context.close()
    check(errors)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_game_mid_turn_and_replay(browser: Any, server_url: str, game: str, size: str) -> None:
    """Two players and a bot: Ann's page after each of the first commands of Ann and Bob
    (her turn and theirs), then the replay of the game so far."""
    errors: list[str] = []
    t = started(server_url, game, ["Ann", "Bob"], bots=1)
    page = page_in(browser, size, errors)
    page.goto(t["seats"][0]["url"])
    page.wait_for_selector("#game:not([hidden])")
    synced(page, view(server_url, t, 0)["seq"])
    clean(page, f"{game}: the game page at the start")
    for step in range(1, TURNS + 1):
        seq = play(server_url, t, [0, 1], 1)
        if step not in CHECKED:
            continue
        synced(page, seq)
        clean(page, f"{game}: the game page after {step} commands")
        if step == 3:
            shot(page, f"game-{game}-{size}")
    page.click("#replay-btn")
    page.wait_for_function("() => { const r = window.starport?.game?.replay;"
                           " return !!(r && r.active && r.view && !r.loading); }")
    clean(page, f"{game}: the replay")
    shot(page, f"replay-{game}-{size}")
    page.context.close()
    check(errors)
