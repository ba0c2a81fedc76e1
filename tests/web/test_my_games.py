"""In a real Chromium: "My games" on the start page (one request for all the links
this browser holds, "your turn" first, remove), the installable page (manifest, icons), the
create form's settings (time per move, bots by kind, spectators may chat), "Take my seat
back" (two browser contexts: the host lets a bot play, or the timer runs out), presence (a
closed tab shows offline), the host's seat links in the game, and the spectator's panel and
chat."""

from __future__ import annotations

import struct
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page

from .conftest import _free_port

pytestmark = pytest.mark.browser


def _context(browser: Any, errors: list[str], **extra: Any) -> Any:
    ctx = browser.new_context(**({"viewport": {"width": 1440, "height": 900},
                                  "reduced_motion": "reduce", "bypass_csp": True} | extra))
    ctx.on("weberror", lambda e: errors.append(f"page error: {e.error}"))
    return ctx


def _page(ctx: Any, errors: list[str]) -> Any:
    page = ctx.new_page()
    page.on("console", lambda m: errors.append(f"console: {m.text}")
            if m.type == "error" and "WebSocket" not in m.text else None)
    page.set_default_timeout(15_000)
    return page


def _table(base: str, seats: int = 2, join: bool = True, start: bool = True,
           **extra: Any) -> dict[str, Any]:
    with httpx.Client(base_url=base, timeout=60) as c:
        r = c.post("/api/tables", json={"name": extra.pop("name", "Night"), "seats": seats,
                                        "options": {"edition": "avalon-hill"}, **extra})
        assert r.status_code == 201, r.text
        table: dict[str, Any] = r.json()
        tid = table["table_id"]
        bots = {b if isinstance(b, int) else b["seat"] for b in extra.get("bots", [])}
        if join:
            for i, link in enumerate(table["seats"]):
                if i not in bots:
                    r = c.post(f"/api/tables/{tid}/join", json={"name": f"P{i + 1}"},
                               headers={"X-Starport-Token": link["token"]})
                    assert r.status_code == 200, r.text
        if start:
            r = c.post(f"/api/tables/{tid}/start",
                       headers={"X-Starport-Token": table["host"]["token"]})
            assert r.status_code == 200, r.text
        return table


def _lobby(base: str, table: dict[str, Any]) -> dict[str, Any]:
    r = httpx.get(f"{base}/api/tables/{table['table_id']}",
                  headers={"X-Starport-Token": table["host"]["token"]})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def _waiting_seat(base: str, table: dict[str, Any]) -> int:
    r = httpx.get(f"{base}/api/tables/{table['table_id']}/view",
                  headers={"X-Starport-Token": table["spectator"]["token"]})
    return int(r.json()["pending"]["seats"][0])


def _open_game(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("#game:not([hidden]) #players li")


# --- My games -----------------------------------------------------------------------------


def test_my_games_lists_every_link_your_turn_first_in_one_request(
        browser: Any, server_url: str) -> None:
    errors: list[str] = []
    started = _table(server_url, name="Started")
    waiting = _waiting_seat(server_url, started)
    lobby = _table(server_url, seats=3, start=False, join=False, name="In the lobby")
    gone = _table(server_url, name="Revoked")
    ctx = _context(browser, errors)
    page = _page(ctx, errors)
    _open_game(page, started["seats"][1 - waiting]["url"])  # not my turn (opened first)
    _open_game(page, started["seats"][waiting]["url"])  # my turn
    page.goto(lobby["spectator"]["url"])
    page.wait_for_selector("#lobby:not([hidden])")
    _open_game(page, gone["seats"][0]["url"])
    httpx.post(f"{server_url}/api/tables/{gone['table_id']}/seats/0/link",
               headers={"X-Starport-Token": gone["host"]["token"]})

    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/api/" in r.url else None)
    page.goto(f"{server_url}/")
    page.wait_for_selector("#mygames li.mygame >> nth=3")
    rows = page.locator("#mygames li.mygame")
    assert rows.count() == 4
    first = rows.nth(0)
    assert first.get_attribute("data-table") == started["table_id"]
    assert "Your turn" in first.inner_text() and "waiting" in first.inner_text()
    assert "Waiting for P" in rows.nth(1).inner_text()
    assert "In the lobby" in rows.nth(2).inner_text()
    assert "no longer works" in rows.nth(3).inner_text()
    mine = [u for u in asked if "/api/mygames" in u]
    assert len(mine) == 1, asked  # one request for the four links
    assert not [u for u in asked if "/api/tables/" in u], asked  # never one per table
    assert page.title().startswith("(1) ")  # one game waits for me
    # a game opens from the list with its own link
    href = first.locator("a.mygame-open").get_attribute("href")
    assert href == f"/t/{started['table_id']}#{started['seats'][waiting]['token']}"
    # remove the revoked one: gone, and still gone after a reload
    rows.nth(3).locator(".mygame-remove").click()
    page.wait_for_function("() => document.querySelectorAll('#mygames li.mygame').length === 3")
    page.reload()
    page.wait_for_selector("#mygames li.mygame >> nth=2")
    assert page.locator("#mygames li.mygame").count() == 3
    assert "Revoked" not in page.locator("#mygames").inner_text()
    ctx.close()
    assert not errors, errors


def test_a_created_table_is_in_my_games(browser: Any, server_url: str) -> None:
    errors: list[str] = []
    ctx = _context(browser, errors)
    page = _page(ctx, errors)
    page.goto(f"{server_url}/")
    page.wait_for_selector("#mygames .mygames-empty:not([hidden])")
    page.fill("#t-name", "Created here")
    page.click("#create-btn")
    page.wait_for_selector("#created:not([hidden])")
    page.reload()
    page.wait_for_selector("#mygames li.mygame")
    text = page.locator("#mygames li.mygame").inner_text()
    assert "Created here" in text and "host" in text and "In the lobby" in text
    ctx.close()
    assert not errors, errors


def test_my_games_shows_the_title_of_every_game(browser: Any, server_url: str) -> None:
    """Each table in My games is named by its game's title among the installed games
    (``GET /api/games``), for every game: a standard game's table reads "Merchant of Venus:
    the standard game", never the raw ruleset id."""
    errors: list[str] = []
    listed = httpx.get(f"{server_url}/api/games").json()["games"]
    saved = []
    with httpx.Client(base_url=server_url, timeout=60) as c:
        for game in listed:
            r = c.post("/api/tables", json={"name": f"A {game['id']} table", "ruleset": game["id"],
                                            "seats": max(2, game["players"]["min"])})
            assert r.status_code == 201, r.text
            table = r.json()
            saved.append({"table": table["table_id"], "token": table["host"]["token"],
                          "role": "host", "seat": None, "at": 0, "title": game["title"]})
    assert "Merchant of Venus: the standard game" in [s["title"] for s in saved]
    ctx = _context(browser, errors)
    page = _page(ctx, errors)
    page.goto(f"{server_url}/")
    page.evaluate("(list) => localStorage.setItem('starport:mine', JSON.stringify(list))", saved)
    page.reload()
    page.wait_for_selector(f"#mygames li.mygame >> nth={len(saved) - 1}")
    for link in saved:
        sub = page.locator(f'#mygames li.mygame[data-table="{link["table"]}"] .mygame-sub')
        assert sub.inner_text() == f"{link['title']} · host", link
    ctx.close()
    assert not errors, errors


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_page_is_installable(browser: Any, server_url: str) -> None:
    """A web app manifest with a name, start URL, standalone display and icons (SVG and
    192/512 PNGs, one maskable), linked from the page; the icons load under the CSP."""
    errors: list[str] = []
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = _page(ctx, errors)
    page.goto(f"{server_url}/")
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    assert href == "/manifest.webmanifest"
    r = httpx.get(f"{server_url}{href}")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("application/manifest+json")
    manifest = r.json()
    assert manifest["name"] == "Starport" and manifest["start_url"] == "/"
    assert manifest["display"] == "standalone"
    sizes = {}
    for icon in manifest["icons"]:
        got = httpx.get(f"{server_url}{icon['src']}")
        assert got.status_code == 200 and got.headers["content-type"] == icon["type"]
        if icon["type"] == "image/png":
            w, h = _png_size(got.content)
            assert f"{w}x{h}" == icon["sizes"]
            sizes[icon["purpose"], w] = True
    assert {("any", 192), ("any", 512), ("maskable", 512)} <= set(sizes)
    # the browser itself fetches the manifest's icon from the page's <link rel="icon">
    icon = page.locator('link[rel="icon"]').get_attribute("href")
    assert page.evaluate("(u) => fetch(u).then((r) => r.ok)", icon)
    ctx.close()
    assert not errors, errors


# --- the create form ----------------------------------------------------------------------


def test_the_create_form_sets_the_timer_bots_by_kind_and_spectator_chat(
        browser: Any, server_url: str) -> None:
    errors: list[str] = []
    ctx = _context(browser, errors)
    page = _page(ctx, errors)
    page.goto(f"{server_url}/")
    page.wait_for_selector("#bot-1 option[value='random']", state="attached")
    page.select_option("#t-seats", "3")
    page.check("#t-timer-on")
    page.fill("#t-timer", "2")
    page.select_option("#t-timer-unit", "hours")
    page.select_option("#bot-1", "random")
    page.select_option("#bot-2", "trader")
    page.check("#t-spectator-chat")
    page.click("#create-btn")
    page.wait_for_selector("#created:not([hidden])")
    host = page.locator("#links input").first.input_value()
    table_id = host.split("/t/")[1].split("#")[0]
    lobby = httpx.get(f"{server_url}/api/tables/{table_id}",
                      headers={"X-Starport-Token": host.split("#")[1]}).json()
    assert lobby["turn_timer"] == 7200
    assert [(s["bot"], s["bot_kind"]) for s in lobby["seats"]] == [
        (False, None), (True, "random"), (True, "trader")]
    assert lobby["spectator_chat"] is True
    ctx.close()
    assert not errors, errors


# --- take my seat back --------------------------------------------------------------------


def test_the_host_lets_a_bot_play_and_the_player_takes_his_seat_back(
        browser: Any, server_url: str) -> None:
    errors: list[str] = []
    table = _table(server_url)
    seat = 1 - _waiting_seat(server_url, table)  # not the seat to play: the bot waits
    host_ctx, seat_ctx = _context(browser, errors), _context(browser, errors)
    host, player = _page(host_ctx, errors), _page(seat_ctx, errors)
    _open_game(host, table["host"]["url"])
    _open_game(player, table["seats"][seat]["url"])
    assert player.locator(".seat-back").is_hidden()
    host.locator(f"#players li[data-seat='{seat}'] button:has-text('Bot plays')").click()
    banner = player.locator(".seat-back")
    banner.wait_for(state="visible")
    assert "host let it" in banner.inner_text()
    banner.locator("button:has-text('Take my seat back')").click()
    banner.wait_for(state="hidden")
    assert _lobby(server_url, table)["seats"][seat]["bot"] is False
    host.wait_for_selector(f"#players li[data-seat='{seat}'] button:has-text('Bot plays')")
    host_ctx.close()
    seat_ctx.close()
    assert not errors, errors


@pytest.fixture(scope="module")
def timed_server() -> Iterator[str]:
    """A server whose timers may be one second and whose bots take 1.5 s per command."""
    import uvicorn

    from server.app import create_app
    from server.config import Settings, database_url

    data = Path(tempfile.mkdtemp(prefix="starport-timed-"))
    app = create_app(Settings(data_dir=data, database_url=database_url(None, data),
                              min_turn_timer=1, bot_delay=1.5, scheduler_interval=0.2))
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


def test_my_time_runs_out_a_bot_plays_and_i_take_my_seat_back(
        browser: Any, timed_server: str) -> None:
    errors: list[str] = []
    table = _table(timed_server, turn_timer=4)
    seat = _waiting_seat(timed_server, table)
    ctx = _context(browser, errors)
    player = _page(ctx, errors)
    _open_game(player, table["seats"][seat]["url"])
    banner = player.locator(".seat-back")
    # four seconds, then the bot's turn (a loaded machine may take longer to get there)
    banner.wait_for(state="visible", timeout=120_000)
    assert "time per move ran out" in banner.inner_text()
    banner.locator("button:has-text('Take my seat back')").click()
    banner.wait_for(state="hidden")
    # the bot no longer plays for me: the server says so (no sleep that a loaded machine
    # could stretch past the timer started again)
    assert _lobby(timed_server, table)["seats"][seat]["autoplay"] is False
    assert "Your turn" in player.locator("#prompt").inner_text()
    ctx.close()
    assert not errors, errors


# --- presence -----------------------------------------------------------------------------


def test_a_closed_tab_shows_its_seat_offline_within_seconds(
        browser: Any, server_url: str) -> None:
    errors: list[str] = []
    table = _table(server_url)
    host_ctx, seat_ctx = _context(browser, errors), _context(browser, errors)
    host = _page(host_ctx, errors)
    _open_game(host, table["host"]["url"])
    badge = host.locator("#players li[data-seat='1'] .presence")
    assert badge.inner_text() == "○ offline"
    player = _page(seat_ctx, errors)
    _open_game(player, table["seats"][1]["url"])
    host.wait_for_function(
        "() => document.querySelector(\"#players li[data-seat='1'] .presence\")"
        ".textContent === '● online'", timeout=15_000)
    seat_ctx.close()  # the tab closes
    # told by the closing socket, not found out by a ping timing out (20 s, then 20 s more):
    # waited for with room for a loaded machine, under the pings' time
    host.wait_for_function(
        "() => document.querySelector(\"#players li[data-seat='1'] .presence\")"
        ".textContent === '○ offline'", timeout=15_000)
    host_ctx.close()
    assert not errors, errors


# --- the host's links in the game ---------------------------------------------------------


def test_the_host_copies_and_reissues_a_seat_link_in_the_game(
        browser: Any, server_url: str) -> None:
    errors: list[str] = []
    ctx = _context(browser, errors)
    page = _page(ctx, errors)
    page.goto(f"{server_url}/")
    page.click("#create-btn")  # this browser keeps the links it created
    page.wait_for_selector("#created:not([hidden])")
    links = [page.locator("#links input").nth(i).input_value() for i in range(4)]
    host_url, seat_urls = links[0], links[1:3]
    table_id = host_url.split("/t/")[1].split("#")[0]
    with httpx.Client(base_url=server_url, timeout=60) as c:
        for i, url in enumerate(seat_urls):
            c.post(f"/api/tables/{table_id}/join", json={"name": f"P{i + 1}"},
                   headers={"X-Starport-Token": url.split("#")[1]})
        c.post(f"/api/tables/{table_id}/start",
               headers={"X-Starport-Token": host_url.split("#")[1]})
    ctx.grant_permissions(["clipboard-read", "clipboard-write"])
    _open_game(page, host_url)
    row = page.locator("#players li[data-seat='1']")
    row.locator("button.copy").click()
    assert page.evaluate("() => navigator.clipboard.readText()") == seat_urls[1]
    row.locator("button:has-text('New link')").click()
    fresh = row.locator(".new-link input").input_value()
    assert fresh != seat_urls[1] and f"/t/{table_id}#" in fresh
    old = httpx.get(f"{server_url}/api/tables/{table_id}/me",
                    headers={"X-Starport-Token": seat_urls[1].split("#")[1]})
    assert old.status_code == 401  # the old link stopped working
    new = httpx.get(f"{server_url}/api/tables/{table_id}/me",
                    headers={"X-Starport-Token": fresh.split("#")[1]})
    assert new.status_code == 200 and new.json()["seat"] == 1
    ctx.close()
    assert not errors, errors


# --- spectators ---------------------------------------------------------------------------


def test_a_spectator_sees_merchants_and_log_and_chats_where_allowed(
        browser: Any, server_url: str) -> None:
    errors: list[str] = []
    quiet = _table(server_url)
    chatty = _table(server_url, spectator_chat=True)
    spec_ctx, seat_ctx = _context(browser, errors), _context(browser, errors)
    spectator = _page(spec_ctx, errors)
    _open_game(spectator, quiet["spectator"]["url"])
    panel = spectator.locator("#panel")
    assert panel.locator(".players-box #players li").count() == 2
    assert panel.locator(".log-box #log li").count() > 0
    assert panel.locator(".players-box").is_visible() and panel.locator(".log-box").is_visible()
    assert spectator.locator("#chat-form").is_hidden()

    player = _page(seat_ctx, errors)
    _open_game(player, chatty["seats"][0]["url"])
    _open_game(spectator, chatty["spectator"]["url"])
    spectator.locator("#chat-form").wait_for(state="visible")
    spectator.fill("#chat-text", "Go P1!")
    spectator.click("#chat-form button[type=submit]")
    player.wait_for_selector("#chat li:has-text('Go P1!')")
    assert "Spectator" in player.locator("#chat li:has-text('Go P1!')").inner_text()
    spec_ctx.close()
    seat_ctx.close()
    assert not errors, errors


def test_a_rulesets_other_options_are_drawn_from_its_schema(
        browser: Any, server_url: str) -> None:
    """Options the game's own form does not draw come from the server's JSON Schema: a yes/no
    option as a check box (its default checked or not), a list of values as a select; only
    what differs from the defaults is sent."""
    errors: list[str] = []
    ctx = _context(browser, errors)
    page = _page(ctx, errors)
    page.goto(f"{server_url}/")
    page.wait_for_selector("#create")
    got = page.evaluate("""async () => {
      const { schemaOptions } = await import("/platform/tablesettings.js");
      const box = document.createElement("div");
      document.body.appendChild(box);
      const schema = { properties: {
        drawn: { type: "boolean", default: false },
        undo: { type: "boolean", default: true, description: "Take-backs allowed" },
        pace: { type: "string", enum: ["slow", "fast"], default: "slow" },
        size: { anyOf: [{ type: "integer", enum: [1, 2, 3] }, { type: "null" }] },
        names: { type: "array" } } };
      const form = schemaOptions(box, schema, ["drawn"]);
      const before = form.values();
      box.querySelector("#opt-undo").checked = false;
      box.querySelector("#opt-pace").value = "fast";
      return { count: form.count, before, after: form.values(),
               labels: [...box.querySelectorAll("label")].map((l) => l.textContent.trim()) };
    }""")
    assert got["count"] == 2  # a boolean, an enum; not the skipped one, the array, a nullable
    assert got["before"] == {}
    assert got["after"] == {"undo": False, "pace": "fast"}
    assert got["labels"][0] == "Take-backs allowed"
    # the real form: an option a field of the form already sets (the house rules' take-backs)
    # is not drawn a second time from the schema, for either game
    for ruleset in ("venus", "star-traders"):
        page.check(f'input[name="ruleset"][value="{ruleset}"]')
        page.wait_for_selector("#t-more-options", state="attached")
        assert page.locator("#t-takebacks").count() == 1
        assert page.locator("#opt-takebacks").count() == 0, ruleset
    ctx.close()
    assert not errors, errors
