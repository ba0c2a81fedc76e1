"""A real game at a table, in real browser tabs: create the table on the start page, join by
the seat links (name and race), the host starts, then two seats play turns by clicking:
declare a first dot and fly to a highlighted destination on the map, buy and sell in the
market panel, while the other tab follows live. Then trade offers between players, chat,
a dropped connection that comes back, "since your last turn" with its quick replay.

The server's seed is fixed for these tests (``known_seed``) so the game is the same each run;
what to play is chosen by the ``trader`` bot from exactly what the client is given
(``GET /view``: view, legal, reachable), and then done by clicking in the seat's tab.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page

from engine.venus.bots.trader import Trader
from engine.venus.commands import parse_command
from engine.venus.reach import Destination
from tests.web.conftest import screenshot

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots-table")
def shot(what: Any, name: str) -> None:
    screenshot(what, SHOTS / name)


def _seat_page(browser: Any, errors: list[str], **context: Any) -> Any:
    # reduced motion: pawns hop quickly (the animation is the same code, shorter)
    # bypass_csp: wait_for_function evaluates strings, which the pages' CSP forbids
    ctx = browser.new_context(**({"viewport": {"width": 1400, "height": 900},
                                  "reduced_motion": "reduce", "bypass_csp": True} | context))
    page = ctx.new_page()
    # with the script's stack: an error seen only on a loaded machine is told where it arose
    page.on("pageerror", lambda e: errors.append(f"page error: {e}\n{e.stack}"))
    page.on("console", lambda m: errors.append(f"console: {m.text}")
            if m.type == "error" and "WebSocket" not in m.text else None)
    page.set_default_timeout(10_000)
    return page


def _create_table(page: Page, server_url: str, seats: int = 2, length: int = 1000) -> list[str]:
    """The start page: a table of ``seats`` (no bots); answer host, seat..., spectator links."""
    page.goto(f"{server_url}/")
    page.select_option("#t-length", str(length))
    page.select_option("#t-seats", str(seats))
    page.fill("#t-name", "Browser night")
    page.click("#create-btn")
    page.wait_for_selector("#created:not([hidden])")
    links = page.locator("#links input")
    return [links.nth(i).input_value() for i in range(links.count())]


def _join(page: Page, link: str, name: str, race: str) -> None:
    page.goto(link)
    page.wait_for_selector("#join:not([hidden])")
    assert "#" not in page.url, "the secret leaves the address bar"
    page.fill("#join-name", name)
    page.select_option("#join-race", race)
    page.click("#join-btn")
    page.wait_for_selector(f'.seat.mine:has-text("{name}")')


def _full_lobby(browser: Any, server_url: str, errors: list[str],
                host: Page) -> tuple[list[str], Page, Page]:
    """A table of two seats made in ``host``'s tab, Ann and Bob joined in tabs of their own,
    the host's tab in the lobby with Start ready: the links, Ann's tab, Bob's."""
    links = _create_table(host, server_url)
    ann = _seat_page(browser, errors)
    bob = _seat_page(browser, errors)
    _join(ann, links[1], "Ann", "humans")
    _join(bob, links[2], "Bob", "dell")
    host.goto(links[0])
    host.wait_for_selector(".seat:has-text('Bob')")
    host.wait_for_selector("#start-btn:not([disabled])")
    return links, ann, bob


def _open_game(browser: Any, server_url: str, errors: list[str]) -> dict[str, Any]:
    host = _seat_page(browser, errors)
    links, ann, bob = _full_lobby(browser, server_url, errors, host)
    host.click("#start-btn")
    for p in (ann, bob, host):
        p.wait_for_selector("#game:not([hidden])")
        p.wait_for_function("() => window.starport?.game?.answer && window.starport.game.idle()")
    table = links[0].split("/t/")[1].split("#")[0]
    tokens = [link.split("#")[1] for link in links]
    return {"host": host, "pages": [ann, bob], "table": table, "tokens": tokens, "links": links}


def _view(server_url: str, g: dict[str, Any], seat: int) -> dict[str, Any]:
    r = httpx.get(f"{server_url}/api/tables/{g['table']}/view",
                  headers={"X-Starport-Token": g["tokens"][seat + 1]})
    assert r.status_code == 200, r.text
    return dict(r.json())


def _synced(page: Page, seq: int) -> None:
    page.wait_for_function(
        f"() => window.starport.game.answer?.seq >= {seq} && window.starport.game.idle()")


def _click(page: Page, cmd: dict[str, Any]) -> str:
    """Do ``cmd`` the way a player would: on the map, with a button; answer how."""
    kind = cmd["type"]
    if kind == "DeclareHeading":
        page.locator(f'.hl-heading[data-dot="{cmd["dot"]}"]').click()
        return "map"
    if kind == "RollDice" and not cmd.get("auto_pilot"):
        page.click("#roll")
        return "button"
    if kind == "MoveAlong":
        path = " ".join(cmd["path"])
        target = page.locator(f'.dests .dest-btn[data-path="{path}"]')
        on_map = page.locator(f'.hl-dest[data-dot="{cmd["path"][-1]}"]')
        options = page.locator(f'.dests .dest-btn[data-dot="{cmd["path"][-1]}"]')
        if options.count() == 1 and on_map.count() == 1:
            on_map.click()
            return "map"
        target.click()
        return "list"
    if kind == "PayPenalty":
        page.click("#pay")
        return "button"
    if kind == "StopHere":
        page.click("#stop")
        return "button"
    if kind == "Land":
        page.click("#land-here")
        return "button"
    if kind == "EndTurn":
        page.click("#end-turn")
        if page.locator("#end-turn.armed").count():  # credit left: warned, then confirmed
            page.click("#end-turn")
        return "button"
    if kind == "ChoosePilotNumber":
        page.click(f'button.pilot-btn[title="Choose Pilot Number {cmd["number"]}"]')
        return "button"
    button = page.locator(f"button[data-cmd='{json.dumps(cmd, separators=(',', ':'))}']")
    if button.count():
        button.first.click()
        if page.locator("button.armed").count():  # a ship change: asked first, then confirmed
            page.locator("button.armed").click()
        return "button"
    page.evaluate("(c) => window.starport.game.send(c)", cmd)  # a command with no button
    return "console"


def _play_until(server_url: str, g: dict[str, Any], bots: list[Trader], done: Any,
                limit: int = 60) -> list[tuple[int, str, str]]:
    """Let the bots choose and the tabs click until ``done(history)``; answer the history."""
    history: list[tuple[int, str, str]] = []
    for _ in range(limit):
        spectator = httpx.get(f"{server_url}/api/tables/{g['table']}/view",
                              headers={"X-Starport-Token": g["tokens"][-1]}).json()
        seat = spectator["pending"]["seats"][0]
        v = _view(server_url, g, seat)
        page = g["pages"][seat]
        _synced(page, v["seq"])
        # the bot never takes back (the platform's house rule, tests/web/test_takeback.py)
        legal = [parse_command(c) for c in v["legal"] if c["type"] != "TakeBack"]
        reach = [Destination(d["dot"], d["end"], tuple(d["path"]), d["pilot"], d["mp_left"],
                             d["paid"]) for d in v["extras"].get("reachable", [])]
        cmd = bots[seat].choose(v["view"], legal, seat=seat, seq=v["seq"], aid=lambda r=reach: r)
        data = cmd.model_dump(mode="json")
        if data["type"] in ("Buy", "Sell"):
            shot(page, f"market-{data['type'].lower()}.png")
        how = _click(page, data)
        page.wait_for_function(
            f"() => window.starport.game.answer.seq > {v['seq']} && window.starport.game.idle()")
        history.append((seat, data["type"], how))
        if done(history, data):
            return history
    raise AssertionError(f"not done after {limit} commands: {history}")


def test_two_tabs_play_a_real_game(browser: Any, server_url: str, known_seed: str,
                                   tmp_path: Path) -> None:
    """Create, join by links, start; then move by clicking a highlighted destination, buy and
    sell in the market panel, and the other tab follows every step live."""
    errors: list[str] = []
    g = _open_game(browser, server_url, errors)
    ann, bob = g["pages"]
    assert ann.locator("#players .player").count() == 2
    assert "Browser night" in ann.title()
    bots = [Trader(seed=1), Trader(seed=2)]
    sold: list[dict[str, Any]] = []

    def bought_goods(history: list[Any], cmd: dict[str, Any]) -> bool:
        return cmd["type"] == "Buy" and cmd["item"].startswith("goods:")

    history = _play_until(server_url, g, bots, bought_goods)
    buyer = history[-1][0]
    buyer_name = ["Ann", "Bob"][buyer]
    other = g["pages"][1 - buyer]
    assert ("map" in {how for _, _, how in history}), history
    assert any(kind == "MoveAlong" and how == "map" for _, kind, how in history)
    # the market panel showed prices, the City limit; the other tab sees the purchase
    other.wait_for_function(
        f"() => document.querySelector('#log').textContent.includes('{buyer_name} buys')")
    v = _view(server_url, g, buyer)
    cash = v["view"]["players"][buyer]["cash"]
    other.wait_for_function(
        f"() => document.querySelector('#players .player[data-seat=\"{buyer}\"] .money')"
        f".textContent.includes('{cash:,} cash')")
    shot(g["pages"][buyer].locator(".board-wrap"), "board-after-buy.png")

    def sold_goods(history: list[Any], cmd: dict[str, Any]) -> bool:
        if cmd["type"] == "Sell":
            sold.append(cmd)
            return True
        return False

    history += _play_until(server_url, g, bots, sold_goods)
    seller = history[-1][0]
    seller_name = ["Ann", "Bob"][seller]
    watcher = g["pages"][1 - seller]  # the seller's own page has answered; this one follows
    watcher.wait_for_function(
        f"() => document.querySelector('#log').textContent.includes('{seller_name} sells')")
    assert " to the " in watcher.locator("#log").inner_text()
    # the market panel of the seller: what they sold was listed with its payoff
    head = _view(server_url, g, 0)["seq"]
    for p in g["pages"]:
        _synced(p, head)
        pawns = {s: p.locator(f'.pawn[data-seat="{s}"]').get_attribute("data-dot") for s in (0, 1)}
        view = _view(server_url, g, 0)["view"]
        assert pawns == {s: view["players"][s]["dot"] for s in (0, 1)}
    assert ann.locator("#chart polyline").count() == 2
    shot(ann, "game-desktop.png")
    ann.locator(".board-wrap").screenshot(path=str(tmp_path / "board.png"))
    assert (tmp_path / "board.png").stat().st_size > 10_000
    assert not errors, errors
    for p in (*g["pages"], g["host"]):
        p.context.close()


def test_offers_chat_reconnect_since_last_turn_and_replay(
    browser: Any, server_url: str, known_seed: str, tmp_path: Path
) -> None:
    """11.4 offers answered in the other tab; chat; a dropped connection comes back without
    losing or doubling an event; "since your last turn" with its quick replay; the host ends
    the game, and its replay link opens the replay."""
    errors: list[str] = []
    g = _open_game(browser, server_url, errors)
    seat = _view(server_url, g, 0)["pending"]["seats"][0]
    me, other = g["pages"][seat], g["pages"][1 - seat]
    me_name, other_name = ["Ann", "Bob"][seat], ["Ann", "Bob"][1 - seat]
    assert me.title().startswith("● Your turn")
    assert not other.title().startswith("●")

    me.click("button[data-cmd='{\"type\":\"StayPut\"}']")  # at the Galactic Base: trade now
    me.wait_for_selector("details.trade-form")

    def offer(cash: int) -> None:
        me.click("details.trade-form summary")
        me.fill("#offer-give-money", str(cash))
        me.evaluate("() => window.starport.game.render()")  # a redraw keeps the form as it was
        assert me.locator("#offer-give-money").input_value() == str(cash)
        me.click("#offer-send")
        other.wait_for_selector(".offer-card")

    offer(10)
    assert "offers you a trade" in other.locator("#prompt").inner_text()
    shot(other, "offer-answer.png")
    other.click(".offer-card button:has-text('Refuse')")
    me.wait_for_function("() => document.querySelector('#log').textContent.includes('refuses')")
    offer(10)
    other.click(".offer-card button:has-text('Accept')")
    for p in (me, other):
        p.wait_for_function(
            f"() => document.querySelector('#players .player[data-seat=\"{1 - seat}\"] .money')"
            ".textContent.includes('50 cash')")

    # chat, as text (never HTML)
    me.fill("#chat-text", "<b>good</b> trade")
    me.press("#chat-text", "Enter")
    other.wait_for_selector(f"#chat li:has-text('{me_name}: <b>good</b> trade')")

    # the other tab loses its connection while the turn ends, then catches up, each event once
    other.evaluate("window.starport.live.drop()")
    me.click("#end-turn")
    other.wait_for_function(
        "() => window.starport.live.state === 'open' && document.title.startsWith('● Your turn')")
    other.wait_for_function("() => window.starport.game.idle()")
    assert other.locator("#log li").count() == me.locator("#log li").count()
    assert other.locator("#log li", has_text=f"{me_name} ends the turn").count() == 1

    # the other plays a turn; coming back, "since your last turn" sums it up
    other.click("button[data-cmd='{\"type\":\"StayPut\"}']")
    other.wait_for_selector("#end-turn")
    other.click("#end-turn")
    me.wait_for_function("() => document.title.startsWith('● Your turn')")
    # the tab stayed open: the summary comes with the turn (and goes when the turn ends)
    me.wait_for_selector("#since:not([hidden])")
    assert f"{other_name}" in me.locator("#since").inner_text()
    assert me.locator("#since-replay").is_visible()
    shot(me, "since-live.png")
    me.reload()  # coming back later: the same summary
    me.wait_for_selector("#since:not([hidden])")
    assert f"{other_name}" in me.locator("#since").inner_text()
    me.click("#since-replay")
    me.wait_for_selector("#replay-bar:not([hidden])")
    me.wait_for_function("() => document.querySelector('.rp-slider').value"
                         " === document.querySelector('.rp-slider').max", timeout=15_000)
    shot(me, "replay.png")
    me.keyboard.press("Escape")
    me.wait_for_selector("#replay-bar", state="hidden")

    # the host ends the game: every tab shows the end; a replay link opens the replay
    host = g["host"]
    host.click("#end-btn")
    host.click("#end-btn")
    other.wait_for_selector("#end:not([hidden])")
    other.click("#share-replay")
    url = other.locator(".share-link input").input_value()
    assert "?replay#" in url
    viewer = _seat_page(browser, errors)
    viewer.goto(url)
    viewer.wait_for_selector("#replay-bar:not([hidden])")
    viewer.click(".rp-next")
    viewer.wait_for_function(
        "() => document.querySelector('.rp-text').textContent.includes('event')")
    shot(viewer, "shared-replay.png")
    assert not errors, errors
    for p in (*g["pages"], host, viewer):
        p.context.close()


def test_a_won_game_shows_the_winner_and_its_replay_every_secret(
    browser: Any, server_url: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """13.2 on a real server: a seat ends its turn at the target and wins (``GameWon``); both
    tabs show the winner and the summary. The replay while the game is played is redacted for
    the seat; the replay of the finished game shows the face-down "?" markers and IOUs.

    Test hook (this process only, never the production server): a game length of 40 is
    allowed, the stake of two players, so the first seat wins when it ends its first turn."""
    import engine.venus.setup as venus_setup

    monkeypatch.setattr(venus_setup, "GAME_LENGTHS", (*venus_setup.GAME_LENGTHS, 40))
    api = f"{server_url}/api/tables"
    made = httpx.post(api, json={"name": "Quick win", "options": {"game_length": 40},
                                 "seats": 2}).json()
    table = made["table_id"]
    for seat, (name, race) in enumerate([("Ann", "humans"), ("Bob", "dell")]):
        r = httpx.post(f"{api}/{table}/join", json={"name": name, "choice": race},
                       headers={"X-Starport-Token": made["seats"][seat]["token"]})
        assert r.status_code == 200, r.text
    r = httpx.post(f"{api}/{table}/start", headers={"X-Starport-Token": made["host"]["token"]})
    assert r.status_code == 200, r.text
    errors: list[str] = []
    pages = [_seat_page(browser, errors),
             _seat_page(browser, errors, viewport={"width": 390, "height": 844}, is_mobile=True,
                        has_touch=True, device_scale_factor=2)]
    for p, seat in zip(pages, made["seats"], strict=True):
        p.goto(seat["url"])
        p.wait_for_function("() => window.starport?.game?.answer && window.starport.game.idle()")

    def headers(seat: int) -> dict[str, str]:
        return {"X-Starport-Token": made["seats"][seat]["token"]}

    first = httpx.get(f"{api}/{table}/view", headers=headers(0)).json()["pending"]["seats"][0]
    winner, loser = pages[first], pages[1 - first]
    name = ["Ann", "Bob"][first]

    # while it is played: the replay shows only what this seat may see
    assert httpx.get(f"{api}/{table}/export", headers=headers(first)).status_code == 409
    winner.click("#replay-btn")
    winner.wait_for_selector("#replay-bar:not([hidden])")
    winner.wait_for_function(
        "() => document.querySelector('.rp-text').textContent.includes('event')")
    assert winner.locator(".marker-secret, .culture-secret").count() == 0
    assert winner.evaluate("window.starport.game.replay.fullLog === undefined")
    assert "every secret" not in winner.locator(".rp-text").inner_text()
    winner.keyboard.press("Escape")
    winner.wait_for_selector("#replay-bar", state="hidden")

    host = _seat_page(browser, errors)  # the host watches (and could end the game)
    host.goto(made["host"]["url"])
    host.wait_for_selector("#end-btn:not([hidden])")

    # the first seat stays put and ends its turn at a Net Worth of 40: it wins
    winner.click("#stay-put")
    winner.wait_for_selector("#end-turn")
    winner.click("#end-turn")
    for p in pages:
        p.wait_for_selector("#end:not([hidden])")
        assert p.locator("#end h2").inner_text() == f"{name} wins!"
        assert "reached a Net Worth of 40" in p.locator("#end").inner_text()
        assert p.locator("#end table.summary tbody tr").count() == 2
        assert p.locator("#end tr.winner").inner_text().startswith(name)  # first, even in a tie
        assert f"{name} wins with a Net Worth of 40!" in p.locator("#log").inner_text()
        p.wait_for_function("() => document.title.startsWith('Game over')")
        assert p.locator("#turn-badge").inner_text() == "Game over"
    # after a natural win the host's tab has no "End game" left to press
    host.wait_for_selector("#end:not([hidden])")
    assert host.locator("#end-btn").is_hidden()
    host.context.close()
    ship = pages[1].locator("#end table.summary th:last-child").bounding_box()  # the phone
    assert ship is not None and ship["x"] + ship["width"] <= 390, ship  # Ship: not cut off
    shot(pages[0], "won-desktop.png")
    shot(pages[1], "won-phone.png")
    assert winner.locator(".marker-secret, .culture-secret").count() == 0  # the live board

    # the finished game's replay: every face-down marker and hidden IOU is shown
    doc = httpx.get(f"{api}/{table}/export", headers=headers(first)).json()
    placed = next(e for e in doc["events"] if e["type"] == "MarkersPlaced")["data"]["boxes"]
    ious = next(e for e in doc["events"] if e["type"] == "IOUsPlaced")["data"]["iou_at"]
    winner.click("#end button:has-text('Replay the game')")
    winner.wait_for_selector("#replay-bar:not([hidden])")
    winner.wait_for_selector(".marker-secret")
    assert winner.locator(".marker-secret").count() == len(placed)
    assert winner.locator(".culture-secret").count() == len(ious)
    dot, marker = next((d, m) for d, m in placed.items() if m["kind"] == "telegate")
    title = winner.locator(f'.marker-secret[data-dot="{dot}"] title').text_content()
    assert f"Tele Gate {marker['number']}" in title
    assert "every secret shown" in winner.locator(".rp-text").inner_text()
    loser.click("#end button:has-text('Replay the game')")
    loser.wait_for_selector(".culture-secret")
    pages[1].evaluate("window.scrollTo(0, 0)")
    shot(pages[0], "won-replay-desktop.png")
    shot(pages[1], "won-replay-phone.png")
    assert not errors, errors
    for p in pages:
        p.context.close()


def test_the_host_tab_survives_news_while_its_board_still_loads(browser: Any,
                                                                server_url: str) -> None:
    """Right after Start the host's tab loads the board while the socket already brings the
    first view and who is online: a view and a presence that come before the board is there
    wait for it (the page draws once it has its parts), and nothing breaks."""
    errors: list[str] = []
    host = _seat_page(browser, errors)
    # the board comes 2 s late, as on a loaded machine
    host.add_init_script("""{
      const fetch0 = window.fetch;
      window.fetch = async (url, ...rest) => {
        if (String(url).includes("/board.svg")) await new Promise((r) => setTimeout(r, 2000));
        return fetch0(url, ...rest);
      };
    }""")
    _, _, bob = _full_lobby(browser, server_url, errors, host)
    host.click("#start-btn")
    host.wait_for_function("() => window.starport?.game?.answer")  # a view, the board not yet
    bob.close()  # who is online changes while the host's board loads
    host.wait_for_function("() => window.starport.game.opened && window.starport.game.idle()",
                           timeout=15_000)
    assert host.locator("#turn-badge").inner_text().strip(), "the game page is drawn"
    shot(host, "host-after-a-late-board.png")
    assert not errors, errors
