"""The replay as a tool, on a long finished game: ~1,900 events played by
three ``trader`` bots (tests/replaykit.py), imported as a replay table and opened by its
spectator link, in Debian's Chromium.

- the slider jumps (it used to snap back: pausing redrew the bar before the value was read);
- steps by event, turn and round (buttons and keys); jumps to a round or a turn;
- autoplay speeds;
- everything on screen is the moment shown: board, merchants, log, Net Worth chart, badge;
  no final standings at the start;
- a link opens at a chosen moment (``?replay=<event>``, ``?replay=round-<n>``), and the
  address bar keeps the moment;
- the link's load: the log is fetched once, and the time to the first frame and to the end
  is printed (a figure, not a pass/fail timing; bench/replay_load.py compares it with the
  code before this work).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page

from tests.replaykit import TO_END, WATCH_FIRST_FRAME, finished_game_doc
from tests.web.conftest import screenshot

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/starport-replay-shots")


@pytest.fixture(scope="module")
def long_game(server_url: str) -> dict[str, Any]:
    doc = finished_game_doc()
    r = httpx.post(f"{server_url}/api/replays", json=doc, timeout=60)
    assert r.status_code == 201, r.text
    t = r.json()
    events = doc["events"]
    turns = [(e["seq"], e["data"]["round"], e["data"]["seat"]) for e in events
             if e["type"] == "TurnStarted"]
    return {"id": t["table_id"], "token": t["spectator"]["token"], "events": events,
            "turns": turns, "url": server_url,
            "link": f"{server_url}/t/{t['table_id']}?replay#{t['spectator']['token']}"}


@pytest.fixture
def shots() -> Iterator[Path]:
    SHOTS.mkdir(exist_ok=True)
    yield SHOTS


def settled(page: Page) -> int:
    """The moment shown once nothing is loading (the bar's ``data-at``)."""
    page.wait_for_function("() => { const r = window.starport?.game?.replay;"
                           " return !!(r && r.active && r.view && !r.loading); }")
    return int(page.get_attribute("#replay-bar", "data-at") or "")


def go(page: Page, seq: int) -> int:
    page.wait_for_function(f"() => {{ const r = window.starport?.game?.replay;"
                           f" return !!(r && r.view && !r.loading && r.at === {seq}); }}")
    return seq


def frame(game: dict[str, Any], seq: int) -> dict[str, Any]:
    r = httpx.get(f"{game['url']}/api/tables/{game['id']}/replay?at={seq}&count=1",
                  headers={"X-Starport-Token": game["token"]})
    view: dict[str, Any] = r.json()["frames"][0]["view"]
    return view


def turn_at(game: dict[str, Any], seq: int) -> tuple[int, int, int]:
    return [t for t in game["turns"] if t[0] <= seq][-1]


def assert_screen_is_the_moment(page: Page, game: dict[str, Any], seq: int) -> None:
    """Board, merchants, log, chart and badge all show the game after event ``seq``."""
    view = frame(game, seq)
    start, rnd, seat = turn_at(game, seq)
    name = view["players"][seat]["name"]
    # merchants: each Net Worth as it was then
    shown = page.locator("#players li .money b").all_inner_texts()
    assert shown == [f"{p['net_worth']:,}" for p in view["players"]]
    # the board: every pawn at its dot of that moment
    for p in view["players"]:
        assert page.locator(f".pawn[data-seat='{p['seat']}']").get_attribute("data-dot") == p["dot"]
    # the badge and the bar: the round and the turn of that moment
    assert page.locator("#turn-badge").inner_text() == f"Replay · round {rnd} · {name}'s turn"
    assert page.locator(".rp-text").inner_text().startswith(f"Round {rnd} · event {seq} of")
    # the log: up to that moment and no further; the live log is hidden
    assert page.get_attribute("#replay-log", "data-seq") == str(seq)
    assert not page.locator("#log").is_visible()
    log = page.locator("#replay-log li").all_inner_texts()
    rounds = [line for line in log if line.startswith("Round ")]
    assert rounds[-1].startswith(f"Round {rnd}: {name}'s turn.")
    assert not any(line.startswith("You ") for line in log)  # a spectator saw nothing itself
    won = any("wins with a Net Worth" in line for line in log)
    assert won == any(e["type"] == "GameWon" for e in game["events"][:seq])
    # the chart: its points end at that moment
    points = [t for t in game["turns"] if t[0] <= seq]
    label = page.locator("#chart svg").get_attribute("aria-label") or ""
    assert label.startswith(f"Net Worth over {len(points)} turns") or \
        label.startswith(f"Net Worth over {len(points) + 1} turns")
    assert page.locator("#chart text.axis").last.text_content() == f"round {rnd}"
    # no final standings over the board
    assert not page.locator("#end").is_visible()


def test_a_shared_link_opens_at_the_first_turn_with_the_screen_of_that_moment(
        page: Page, long_game: dict[str, Any], shots: Path) -> None:
    """The link of a finished game opens at its first turn: the board at the start, the
    starting Net Worths (not the final standings), the log of the setup, the log fetched
    once. The load time to the first frame and to the end are printed as figures."""
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.add_init_script(WATCH_FIRST_FRAME)
    page.goto(long_game["link"])
    first = settled(page)
    loaded = page.evaluate("window.__firstFrame")
    assert first == long_game["turns"][0][0] - 1
    page.wait_for_function("() => window.starport.game.history.length > 0")
    assert page.locator("#turn-badge").inner_text() == "Replay · before the first turn"
    assert page.locator("#players li .money b").all_inner_texts() == ["60", "60", "60"]
    assert not page.locator("#end").is_visible()
    assert sum("/log?" in u for u in requests) == 1, [u for u in requests if "/log" in u]
    page.wait_for_load_state("networkidle")
    frames = [u.split("?")[1] for u in requests if "/replay?" in u]
    n = len(long_game["events"])
    assert frames == ["at=0&count=40", f"at={n - n % 40}&count=40"]  # the first moment's, the end's
    screenshot(page, str(shots / "replay-start-desktop.png"))
    to_end = page.evaluate(TO_END)
    go(page, len(long_game["events"]))
    assert_screen_is_the_moment(page, long_game, len(long_game["events"]))
    print(f"\nreplay of {len(long_game['events'])} events (timed in the page; the test server "
          f"shares the test's process): first frame {loaded:.0f} ms, to the end {to_end:.0f} ms")


def test_the_slider_jumps_even_while_playing_and_the_screen_follows(
        page: Page, long_game: dict[str, Any], shots: Path) -> None:
    """The slider's value is the moment shown (it used to snap back: pause() redrew the bar
    before show() read it); dragging it while playing pauses at the chosen event."""
    page.goto(long_game["link"])
    settled(page)
    page.click(".rp-play")
    page.wait_for_function("() => window.starport.game.replay.playing")
    page.locator(".rp-slider").fill("800")
    go(page, 800)
    assert not page.evaluate("window.starport.game.replay.playing")
    assert page.locator(".rp-slider").input_value() == "800"
    assert_screen_is_the_moment(page, long_game, 800)
    page.locator(".rp-slider").fill("1500")
    go(page, 1500)
    assert_screen_is_the_moment(page, long_game, 1500)
    screenshot(page, str(shots / "replay-1500-desktop.png"))
    page.locator(".rp-slider").fill("321")
    go(page, 321)
    assert_screen_is_the_moment(page, long_game, 321)
    # a finished game's full log: another seat's private sighting is named, not "you"
    seen = next(e for e in long_game["events"] if e["type"] == "CultureObserved")
    page.locator(".rp-slider").fill(str(seen["seq"]))
    go(page, seen["seq"])
    name = frame(long_game, seen["seq"])["players"][seen["data"]["seat"]]["name"]
    assert any(line.startswith(f"{name} observes the ") and line.endswith(f"(only {name} knew).")
               for line in page.locator("#replay-log li").all_inner_texts())


def test_steps_by_event_turn_and_round_with_buttons_and_keys(
        page: Page, long_game: dict[str, Any]) -> None:
    """−1/+1 step an event, −T/+T go to the start of the previous/next turn, −R/+R of the
    previous/next round; the same with ←/→, Shift+←/→, Page Up/Down, Home and End."""
    turns = long_game["turns"]
    page.goto(long_game["link"].replace("?replay#", "?replay=700#"))
    go(page, 700)
    nxt = next(t for t in turns if t[0] > 700)
    prev = [t for t in turns if t[0] < 700][-1]
    page.click(".rp-turn-next")
    go(page, nxt[0])
    assert_screen_is_the_moment(page, long_game, nxt[0])
    page.click(".rp-turn-back")
    go(page, prev[0])
    page.click(".rp-next")
    go(page, prev[0] + 1)
    page.click(".rp-back")
    go(page, prev[0])
    next_round = next(t for t in turns if t[1] == prev[1] + 1)
    page.click(".rp-round-next")
    go(page, next_round[0])
    page.click(".rp-round-back")
    this_round = next(t for t in turns if t[1] == prev[1])
    go(page, this_round[0])
    assert_screen_is_the_moment(page, long_game, this_round[0])
    page.locator("#turn-badge").click()  # the keys work wherever focus is outside a field
    page.keyboard.press("ArrowRight")
    go(page, this_round[0] + 1)
    page.keyboard.press("Shift+ArrowRight")
    go(page, next(t for t in turns if t[0] > this_round[0] + 1)[0])
    page.keyboard.press("PageDown")
    go(page, next_round[0])
    page.keyboard.press("PageUp")
    go(page, this_round[0])
    page.keyboard.press("Shift+ArrowLeft")
    go(page, [t for t in turns if t[0] < this_round[0]][-1][0])
    page.keyboard.press("End")
    go(page, len(long_game["events"]))
    page.keyboard.press("Home")
    go(page, turns[0][0] - 1)


def test_jump_to_a_round_or_a_turn(page: Page, long_game: dict[str, Any]) -> None:
    """The Round box goes to the start of that round; the Turn list to any turn."""
    turns = long_game["turns"]
    page.goto(long_game["link"])
    settled(page)
    page.fill(".rp-round", "20")
    page.press(".rp-round", "Enter")
    r20 = next(t for t in turns if t[1] == 20)
    go(page, r20[0])
    assert_screen_is_the_moment(page, long_game, r20[0])
    pick = [t for t in turns if t[1] == 31][-1]
    page.select_option(".rp-turn", str(pick[0]))
    go(page, pick[0])
    assert_screen_is_the_moment(page, long_game, pick[0])
    assert page.locator(".rp-turn").input_value() == str(pick[0])
    name = frame(long_game, pick[0])["players"][pick[2]]["name"]
    assert page.locator(".rp-turn option:checked").inner_text() == f"Round 31 · {name}"
    assert page.locator(".rp-round").input_value() == "31"
    # a round past the last opens the last round; none (0, empty) leaves the moment as it is
    last = next(t for t in turns if t[1] == turns[-1][1])
    page.fill(".rp-round", "999")
    page.press(".rp-round", "Enter")
    go(page, last[0])
    page.fill(".rp-round", "0")
    page.press(".rp-round", "Enter")
    page.wait_for_function(f"() => document.querySelector('.rp-round').value === '{last[1]}'")
    assert settled(page) == last[0]


def test_autoplay_speeds(page: Page, long_game: dict[str, Any]) -> None:
    """Autoplay runs at the chosen speed (events per second; it was ~2.4 with no choice):
    at 25/s it goes many times faster than at 1/s (a paint that takes long skips ahead to
    the event due), and stops at the end."""

    def rate(speed: str, seconds: float) -> float:
        page.select_option(".rp-speed", speed)
        start = settled(page)
        page.click(".rp-play")
        t0 = time.perf_counter()
        page.wait_for_timeout(seconds * 1000)
        page.click(".rp-play")
        elapsed = time.perf_counter() - t0
        return (settled(page) - start) / elapsed

    page.goto(long_game["link"].replace("?replay#", "?replay=400#"))
    go(page, 400)
    slow = rate("1", 3)
    fast = rate("25", 3)
    print(f"\nautoplay: {slow:.1f} events/s at 1/s, {fast:.1f} events/s at 25/s")
    assert 0.3 <= slow <= 1.5
    assert fast > 4 * slow and fast >= 12  # the pace holds: slow paints skip ahead
    page.locator(".rp-slider").fill(str(len(long_game["events"]) - 20))
    page.select_option(".rp-speed", "60")
    page.click(".rp-play")
    go(page, len(long_game["events"]))
    page.wait_for_function("() => !window.starport.game.replay.playing")


def test_a_link_opens_at_the_moment_chosen(
        page: Page, phone: Page, long_game: dict[str, Any], shots: Path) -> None:
    """"Link" gives the address of the moment shown (with the spectator's token, never a
    seat's); it opens there on another device, as does ``?replay=round-<n>``; the address
    bar keeps the moment, so a reload comes back to it; leaving the replay drops it."""
    page.goto(long_game["link"])
    settled(page)
    page.locator(".rp-slider").fill("1234")
    go(page, 1234)
    page.click(".rp-link")
    url = page.locator(".rp-share input").input_value()
    assert url == f"{long_game['url']}/t/{long_game['id']}?replay=1234#{long_game['token']}"
    page.wait_for_function("() => location.search === '?replay=1234'")  # once the moment rests
    screenshot(page, str(shots / "replay-link-desktop.png"))
    phone.goto(url)
    go(phone, 1234)
    assert_screen_is_the_moment(phone, long_game, 1234)
    screenshot(phone, str(shots / "replay-1234-phone.png"), full_page=True)
    phone.reload()
    go(phone, 1234)
    phone.goto(long_game["link"].replace("?replay#", "?replay=round-12#"))
    r12 = next(t for t in long_game["turns"] if t[1] == 12)
    go(phone, r12[0])
    assert_screen_is_the_moment(phone, long_game, r12[0])
    # a moment beyond the end opens at the end; one that means nothing, at the first turn
    phone.goto(long_game["link"].replace("?replay#", "?replay=99999#"))
    go(phone, len(long_game["events"]))
    phone.goto(long_game["link"].replace("?replay#", "?replay=soon#"))
    go(phone, long_game["turns"][0][0] - 1)
    phone.click(".rp-close")
    phone.wait_for_selector("#replay-bar", state="hidden")
    assert "replay" not in phone.url
    assert phone.locator("#log").is_visible()


def test_a_replay_up_to_now_grows_with_a_game_in_progress(
        page: Page, server_url: str) -> None:
    """During a game, Replay goes up to now and stays there as the game goes on: the other
    seat plays, and the slider, the Turn list and "To the end" reach the new events; what is
    shown stays this seat's (no full log: a game in progress is redacted for the link)."""
    api = f"{server_url}/api/tables"
    made = httpx.post(api, json={"name": "Growing", "seats": 2}).json()
    table = made["table_id"]

    def headers(seat: int) -> dict[str, str]:
        return {"X-Starport-Token": made["seats"][seat]["token"]}

    for seat, (name, race) in enumerate([("Ann", "humans"), ("Bob", "dell")]):
        r = httpx.post(f"{api}/{table}/join", json={"name": name, "choice": race},
                       headers=headers(seat))
        assert r.status_code == 200, r.text
    r = httpx.post(f"{api}/{table}/start", headers={"X-Starport-Token": made["host"]["token"]})
    assert r.status_code == 200, r.text
    page.goto(made["seats"][0]["url"])
    page.wait_for_function("() => window.starport?.game?.answer && window.starport.game.idle()")
    assert page.locator("#shipcard").is_visible()
    page.click("#replay-btn")
    at = settled(page)
    assert not page.locator("#shipcard").is_visible()  # the ship now is not the moment's
    assert page.evaluate("window.starport.game.replay.fullLog === undefined")
    head = page.evaluate("window.starport.game.seq")
    for i in range(6):  # whoever is asked plays its first legal command
        v = httpx.get(f"{api}/{table}/view", headers=headers(0)).json()
        seat = v["pending"]["seats"][0]
        mine = httpx.get(f"{api}/{table}/view", headers=headers(seat)).json()
        r = httpx.post(f"{api}/{table}/commands", headers=headers(seat),
                       json={"seq": mine["seq"], "client_id": f"grow-{i}",
                             "command": mine["legal"][0]})
        assert r.status_code == 200, r.text
    now = httpx.get(f"{api}/{table}/view", headers=headers(0)).json()["seq"]
    assert now > head
    page.wait_for_function(f"() => window.starport.game.replay.to === {now}")
    assert page.locator(".rp-slider").get_attribute("max") == str(now)
    assert int(page.get_attribute("#replay-bar", "data-at") or "") == at  # the moment stays put
    page.click(".rp-end")
    go(page, now)
    assert page.get_attribute("#replay-log", "data-seq") == str(now)
    page.keyboard.press("Escape")
    page.wait_for_selector("#replay-bar", state="hidden")
    assert page.locator("#shipcard").is_visible()
