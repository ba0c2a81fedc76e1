"""Clocks as on BGA and Lichess, in a real Chromium at desktop (1280x800) and phone (390x844)
sizes (docs/architecture.md, "Clocks"): the time per move of the seat the game waits for,
ticking in every link's players list (the player's, another player's, a spectator's), in the
line under the prompt ("Waiting for P2 (offline) — a bot plays in 1:54"; "Your time: ..."),
in "My games" and, as a setting, in the lobby; on the server's time whatever the browser's
clock says; a warning to the player before a bot plays the move, and the bot's moves marked
in the others' log. Screenshots (with STARPORT_TEST_SHOTS set) in /tmp/shots-clocks/."""

from __future__ import annotations

import re
import tempfile
import threading
import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page

from .conftest import _free_port, screenshot

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots-clocks")
SIZES: dict[str, dict[str, Any]] = {"desktop": {"viewport": {"width": 1280, "height": 800}},
         "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                   "has_touch": True, "device_scale_factor": 2}}
CLOCK = re.compile(r"◷ \d+:\d\d")


@pytest.fixture(scope="module")
def clock_server() -> Iterator[str]:
    """A server whose time per move may be a second, swept five times a second."""
    import uvicorn

    from server.app import create_app
    from server.config import Settings, database_url

    data = Path(tempfile.mkdtemp(prefix="starport-clocks-"))
    app = create_app(Settings(data_dir=data, database_url=database_url(None, data),
                              min_turn_timer=1, bot_delay=0.3, scheduler_interval=0.2))
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning", ws="server.wsproto:Protocol"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 120
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


def context(browser: Any, errors: list[str], size: str) -> Any:
    ctx = browser.new_context(**SIZES[size], reduced_motion="reduce", bypass_csp=True)
    ctx.on("weberror", lambda e: errors.append(f"page error: {e.error}"))
    return ctx


def new_page(ctx: Any, errors: list[str]) -> Page:
    page = ctx.new_page()
    page.on("console", lambda m: errors.append(f"console: {m.text}")
            if m.type == "error" and "WebSocket" not in m.text else None)
    page.set_default_timeout(30_000)
    return page


def make_table(base: str, turn_timer: int, start: bool = True,
               name: str = "Clocks") -> dict[str, Any]:
    with httpx.Client(base_url=base, timeout=60) as c:
        r = c.post("/api/tables", json={"name": name, "seats": 2, "turn_timer": turn_timer,
                                        "options": {"edition": "avalon-hill"}})
        assert r.status_code == 201, r.text
        table: dict[str, Any] = r.json()
        for i, link in enumerate(table["seats"]):
            r = c.post(f"/api/tables/{table['table_id']}/join", json={"name": f"P{i + 1}"},
                       headers={"X-Starport-Token": link["token"]})
            assert r.status_code == 200, r.text
    if start:
        start_table(base, table)
    return table


def start_table(base: str, table: dict[str, Any]) -> None:
    r = httpx.post(f"{base}/api/tables/{table['table_id']}/start", timeout=60,
                   headers={"X-Starport-Token": table["host"]["token"]})
    assert r.status_code == 200, r.text


def waiting_seat(base: str, table: dict[str, Any]) -> int:
    r = httpx.get(f"{base}/api/tables/{table['table_id']}/view",
                  headers={"X-Starport-Token": table["spectator"]["token"]})
    return int(r.json()["pending"]["seats"][0])


def open_game(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("#game:not([hidden]) #players li")
    page.wait_for_function("() => window.starport?.game?.answer")


def seconds(text: str) -> int:
    """The seconds of the first "m:ss" in ``text``."""
    found = re.search(r"(\d+):(\d\d)", text)
    assert found, text
    return int(found.group(1)) * 60 + int(found.group(2))


def shot(page: Page, name: str, size: str, element: str | None = None) -> None:
    """A screenshot of the page or one element, for a person to look at."""
    screenshot(page.locator(element) if element else page, SHOTS / f"{name}-{size}.png")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_every_link_sees_the_time_per_move_tick(browser: Any, clock_server: str,
                                                size: str) -> None:
    errors: list[str] = []
    table = make_table(clock_server, 120, name=f"Clocks {size}")
    waits = waiting_seat(clock_server, table)
    name = f"P{waits + 1}"
    row = f"#players li[data-seat='{waits}']"

    # the player whose move it is: their seat's clock ticks, the line under the prompt says
    # how long they have and what happens then; the heading says the table's time per move
    player_ctx = context(browser, errors, size)
    player = new_page(player_ctx, errors)
    open_game(player, table["seats"][waits]["url"])
    clock = player.locator(f"{row} .seat-clock")
    assert CLOCK.search(clock.inner_text()), clock.inner_text()
    first = seconds(clock.inner_text())
    assert 100 <= first <= 120, first
    player.wait_for_function(
        "([sel, was]) => { const m = document.querySelector(sel)?.textContent"
        ".match(/(\\d+):(\\d\\d)/); return m && +m[1] * 60 + +m[2] < was; }",
        arg=[f"{row} .seat-clock", first])
    mine = player.locator("#waiting").inner_text()
    assert mine.startswith("Your time: ") and "left, then a bot plays this move for you" in mine
    assert "2 min per move" in player.locator("#target").inner_text()
    assert player.locator(f"#players li:not([data-seat='{waits}']) .seat-clock").count() == 0
    shot(player, "seat-panel", size, "#players")

    # the other player and a spectator see the same clock, within a second
    other_ctx = context(browser, errors, size)
    other = new_page(other_ctx, errors)
    open_game(other, table["seats"][1 - waits]["url"])
    theirs = seconds(other.locator(f"{row} .seat-clock").inner_text())
    assert abs(theirs - seconds(clock.inner_text())) <= 2
    waiting = other.locator("#waiting").inner_text()
    assert waiting.startswith(f"Waiting for {name} — a bot plays in "), waiting
    spectator_ctx = context(browser, errors, size)
    spectator = new_page(spectator_ctx, errors)
    open_game(spectator, table["spectator"]["url"])
    assert CLOCK.search(spectator.locator(f"{row} .seat-clock").inner_text())
    assert "a bot plays in" in spectator.locator("#waiting").inner_text()

    # "My games" in the player's browser: the clock of their move, ticking too
    home = new_page(player_ctx, errors)
    home.goto(f"{clock_server}/")
    entry = home.locator(f"#mygames li.mygame[data-table='{table['table_id']}'] .mygame-clock")
    entry.wait_for()
    assert re.search(r"◷ \d+:\d\d left, then a bot plays", entry.inner_text()), entry.inner_text()
    shot(home, "my-games", size, "#mygames")
    home.close()

    # the player closes the tab: the others read that the seat is offline, and its clock
    player_ctx.close()
    spectator.wait_for_function(
        "(who) => document.querySelector('#waiting')?.textContent"
        ".startsWith(`Waiting for ${who} (offline) — a bot plays in `)", arg=name)
    shot(spectator, "spectator", size)
    screenshot(other, SHOTS / f"other-player-{size}.png", showing=other.locator(row))

    # the lobby of a table not started yet says its time per move
    waiting_table = make_table(clock_server, 86400, start=False, name=f"Lobby {size}")
    spectator.goto(waiting_table["host"]["url"])
    spectator.wait_for_selector("#lobby:not([hidden])")
    options = spectator.locator("#lobby-options").inner_text()
    assert "Time per move: 1 day, then a bot plays the move" in options, options
    shot(spectator, "lobby", size)
    for ctx in (other_ctx, spectator_ctx):
        ctx.close()
    assert not errors, errors


def test_a_browser_whose_clock_is_wrong_shows_the_server_s_time(
        browser: Any, clock_server: str) -> None:
    """The deadline is on the server's clock: a browser ten minutes fast still shows about
    the two minutes left, not nothing (its skew comes off with the server's ``now``)."""
    errors: list[str] = []
    table = make_table(clock_server, 120, name="Skewed")
    waits = waiting_seat(clock_server, table)
    ctx = context(browser, errors, "desktop")
    page = new_page(ctx, errors)
    page.clock.set_system_time(datetime.now() + timedelta(minutes=10))
    open_game(page, table["spectator"]["url"])
    left = seconds(page.locator(f"#players li[data-seat='{waits}'] .seat-clock").inner_text())
    assert 100 <= left <= 120, left
    ctx.close()
    assert not errors, errors


LATE_SKEW = """async () => {
  const clocks = await import("/platform/clocks.js");
  // the server's now, sent two seconds before it arrived (a slow answer on a loaded link)
  clocks.learnServerTime(new Date(Date.now() - 2000).toISOString());
  const fresh = { deadline: new Date(Date.now() + 600_000).toISOString(), seconds: 600 };
  return [clocks.clockText(clocks.leftOf(fresh)),
          clocks.clockElement("span", fresh, "{} left").textContent];
}"""


def test_a_clock_never_shows_more_than_its_length(browser: Any, clock_server: str) -> None:
    """The skew is learnt from an answer's ``now`` when the answer arrives, later than it was
    sent: a ten-minute clock just started still reads 10:00, not 10:02."""
    errors: list[str] = []
    ctx = context(browser, errors, "desktop")
    page = new_page(ctx, errors)
    page.goto(f"{clock_server}/")
    assert page.evaluate(LATE_SKEW) == ["10:00", "10:00 left"]
    ctx.close()
    assert not errors, errors


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_player_is_warned_before_a_bot_plays_the_move(browser: Any, clock_server: str,
                                                          size: str) -> None:
    """A 12 s move: the player is warned at 6 s left (the page's notice, the clock in its
    warning colour), while the move is still theirs; then the bot plays it, they are told,
    and the other player's log marks the moves as the bot's."""
    errors: list[str] = []
    # the seats' pages open in the lobby, then the game starts: the move's 12 s are not spent
    # loading pages (on a loaded machine that took longer than the move)
    table = make_table(clock_server, 12, start=False, name=f"Warned {size}")
    contexts = [context(browser, errors, size) for _ in table["seats"]]
    pages = [new_page(c, errors) for c in contexts]
    for page, seat in zip(pages, table["seats"], strict=True):
        page.goto(seat["url"])
        page.wait_for_selector("#lobby:not([hidden])")
    start_table(clock_server, table)
    waits = waiting_seat(clock_server, table)
    player, other = pages[waits], pages[1 - waits]
    ctx, other_ctx = contexts[waits], contexts[1 - waits]
    for page in pages:
        page.wait_for_selector("#game:not([hidden]) #players li")
        page.wait_for_function("() => window.starport?.game?.answer")

    # the page as it stood when the warning came (read in the page, in one go: on a loaded
    # machine the bot's move may follow before a second read from here)
    seen = player.wait_for_function("""() => {
        const warning = document.querySelector(".notice[data-key='clock']");
        if (!warning) return null;
        const clock = document.querySelector("#waiting [role='timer']");
        return {text: warning.innerText, clock: clock ? clock.className : "",
                bot: !!document.querySelector(".notice[data-key='bot']")};
    }""", timeout=60_000).json_value()
    text = seen["text"]
    assert "Time is running out" in text and "then a bot plays this move for you" in text, text
    assert seconds(text) <= 6
    assert not seen["bot"]  # warned while the move was still theirs
    assert "low" in seen["clock"]
    shot(player, "warning", size)

    # the bot plays the move: the player is told, the warning goes, the others see it
    player.locator(".notice[data-key='bot']").wait_for(timeout=60_000)
    player.locator(".notice[data-key='clock']").wait_for(state="detached", timeout=30_000)
    other.wait_for_function(
        "(who) => [...document.querySelectorAll('#log li')].some((li) =>"
        " li.textContent.startsWith(`${who}'s bot `))", arg=f"P{waits + 1}", timeout=60_000)
    shot(other, "bot-marked-log", size)
    r = httpx.post(f"{clock_server}/api/tables/{table['table_id']}/end",
                   headers={"X-Starport-Token": table["host"]["token"]})
    assert r.status_code == 200, r.text
    ctx.close()
    other_ctx.close()
    assert not errors, errors
