"""The game page sends its commands over the table's websocket (``docs/architecture.md``, The path
of a command): a ``command``
message, answered by an ``ack`` (the events and the view come pushed) or an ``error`` that
the page reads exactly as it reads the ``POST``'s 409/422; while the socket is down the page
posts instead, and a command whose socket went away before its answer is posted again with
the same client id (applied once)."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page

from engine.venus.bots.trader import Trader

from .test_table_game import _open_game, _play_until, _synced, _view

pytestmark = pytest.mark.browser

FIDDLING = ["SetDrives", "UseGateLock"]


def _watch(page: Page) -> dict[str, list[Any]]:
    """The command frames a page sends on its sockets, the command POSTs it makes and the
    parts its pushed views left out (hello ``view_delta``: ``"same"``)."""
    seen: dict[str, list[Any]] = {"frames": [], "posts": [], "same": []}

    def socket(ws: Any) -> None:
        def sent(payload: Any) -> None:
            try:
                msg = json.loads(payload)
            except (TypeError, ValueError):
                return
            if isinstance(msg, dict) and msg.get("type") == "command":
                seen["frames"].append(msg)

        def received(payload: Any) -> None:
            if isinstance(payload, str) and '"same":[' in payload:
                seen["same"].extend(json.loads(payload)["view"]["same"])

        ws.on("framesent", sent)
        ws.on("framereceived", received)

    page.on("websocket", socket)
    page.on("request", lambda r: seen["posts"].append(r.url)
            if r.method == "POST" and r.url.endswith("/commands") else None)
    return seen


def _acting(server_url: str, g: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    spectator = httpx.get(f"{server_url}/api/tables/{g['table']}/view",
                          headers={"X-Starport-Token": g["tokens"][-1]}).json()
    seat = spectator["pending"]["seats"][0]
    return seat, _view(server_url, g, seat)


def _log_seqs(server_url: str, g: dict[str, Any]) -> list[int]:
    log = httpx.get(f"{server_url}/api/tables/{g['table']}/log",
                    headers={"X-Starport-Token": g["tokens"][-1]}).json()
    return [e["seq"] for e in log["events"]]


TRY = """async ([seq, id, cmd]) => {
  try { const out = await window.starport.game.command(seq, id, cmd); return { ok: out }; }
  catch (e) { return { status: e.status, code: e.code, message: e.message }; }
}"""
POST = """async ([seq, id, cmd]) => {
  try { return { ok: await window.starport.api.command(seq, id, cmd) }; }
  catch (e) { return { status: e.status, code: e.code, message: e.message }; }
}"""


def test_the_page_plays_over_its_socket_and_reads_refusals_as_before(
        browser: Any, server_url: str) -> None:
    errors: list[str] = []
    g = _open_game(browser, server_url, errors)
    watched = [_watch(p) for p in g["pages"]]
    for p in g["pages"]:
        p.reload()
        p.wait_for_selector("#game:not([hidden])")
        p.wait_for_function("() => window.starport?.game?.answer && window.starport.game.idle()")
    bots = [Trader(seed=1), Trader(seed=2)]
    history = _play_until(server_url, g, bots, lambda h, c: len(h) >= 4)
    frames = watched[0]["frames"] + watched[1]["frames"]
    assert len(frames) >= len(history) and not watched[0]["posts"] + watched[1]["posts"]
    assert all({"seq", "client_id", "command"} <= set(f) for f in frames)
    # the pushed views left out the parts the page had ("same"), which it put back: what it
    # holds is the seat's GET /view
    for seat, page in enumerate(g["pages"][:2]):
        v = _view(server_url, g, seat)
        _synced(page, v["seq"])
        held = page.evaluate("() => window.starport.game.answer")  # and what the page adds
        assert {k: held[k] for k in v} == v
        assert {"market", "options"} <= set(watched[seat]["same"])

    # a refusal over the socket reads as the POST's: status, code and words
    seat, v = _acting(server_url, g)
    page = g["pages"][seat]
    _synced(page, v["seq"])
    legal = next(c for c in v["legal"] if c["type"] not in FIDDLING)
    for seq, cmd in ((v["seq"] + 7, legal), (v["seq"], {"type": "NoSuchCommand"})):
        by_socket = page.evaluate(TRY, [seq, "refused-ws", cmd])
        by_post = page.evaluate(POST, [seq, "refused-post", cmd])
        assert by_socket["status"] in (409, 422) and "ok" not in by_socket, by_socket
        assert (by_socket["status"], by_socket["code"]) == (by_post["status"], by_post["code"])
    assert len(watched[seat]["posts"]) == 2  # only the two POSTs asked for above

    # the socket down: the page posts; lost before its answer: posted again, applied once
    before = len(watched[seat]["posts"])
    out = page.evaluate("""async ([seq, cmd]) => {
      window.starport.live.drop();
      return await window.starport.game.command(seq, "while-down", cmd);
    }""", [v["seq"], legal])
    assert out["seq"] > v["seq"] and len(watched[seat]["posts"]) == before + 1
    seat, v = _acting(server_url, g)
    page = g["pages"][seat]
    _synced(page, v["seq"])
    legal = next(c for c in v["legal"] if c["type"] not in FIDDLING)
    before = len(watched[seat]["posts"])
    out = page.evaluate("""async ([seq, cmd]) => {
      const live = window.starport.live;
      const ws = live.ws;
      const send = ws.send.bind(ws);
      ws.send = (data) => { send(data); live.drop(); };  // gone right after the command
      return await window.starport.game.command(seq, "lost-once", cmd);
    }""", [v["seq"], legal])
    assert out["seq"] > v["seq"] and len(watched[seat]["posts"]) == before + 1
    seqs = _log_seqs(server_url, g)
    assert seqs == list(range(1, len(seqs) + 1)) and seqs[-1] == out["seq"]
    for p in g["pages"]:
        _synced(p, out["seq"])
    # the browser logs the two refused POSTs asked for above; nothing else went wrong
    assert [e for e in errors if "Failed to load resource" not in e] == [], errors
    assert len(errors) <= 2, errors
