"""Live push through a real server process: websockets, reconnects, crashes."""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from .helpers import acting_seat, open_table, play, view
from .wsclient import Viewer


def test_catch_up_then_live_then_reconnect_with_a_stale_seq(db_url: str, spawn: Any) -> None:
    server = spawn(db_url)
    with httpx.Client(base_url=server.base) as c:
        table = open_table(c)
        tid = table["table_id"]
        token = table["seats"][0]["token"]
        a = Viewer(server.ws_base, tid, token, after=0)
        start = view(c, table, token)["seq"]
        a.until(start)
        last = play(c, table, 8)[-1]["seq"]
        a.until(last)
        a.assert_unbroken()
        a.close()
        stale = a.seqs[len(a.seqs) // 2]
        last = play(c, table, 6)[-1]["seq"]
        b = Viewer(server.ws_base, tid, token, after=stale)
        b.until(last)
        b.pump()
        b.assert_unbroken()
        assert b.seqs[-1] == last


def test_several_tabs_of_one_seat_and_a_spectator_all_update(db_url: str, spawn: Any) -> None:
    server = spawn(db_url)
    with httpx.Client(base_url=server.base) as c:
        table = open_table(c)
        tid = table["table_id"]
        tabs = [Viewer(server.ws_base, tid, table["seats"][1]["token"]) for _ in range(3)]
        tabs.append(Viewer(server.ws_base, tid, table["spectator"]["token"]))
        last = play(c, table, 10)[-1]["seq"]
        for tab in tabs:
            tab.until(last)
            tab.assert_unbroken()


def test_your_turn_is_signalled_to_the_waiting_seat(db_url: str, spawn: Any) -> None:
    server = spawn(db_url)
    with httpx.Client(base_url=server.base) as c:
        table = open_table(c)
        tid = table["table_id"]
        viewers = [Viewer(server.ws_base, tid, s["token"]) for s in table["seats"]]
        first = acting_seat(c, table)
        viewers[first].until(view(c, table, table["spectator"]["token"])["seq"])
        viewers[first].pump()
        turns = [m for m in viewers[first].messages if m["type"] == "your_turn"]
        assert turns and turns[0]["prompt"]
        while acting_seat(c, table) == first:
            play(c, table, 1)
        other = 1 - first
        viewers[other].until(view(c, table, table["spectator"]["token"])["seq"])
        viewers[other].pump()
        assert any(m["type"] == "your_turn" for m in viewers[other].messages)


def test_a_websocket_from_a_foreign_origin_is_refused(db_url: str, spawn: Any) -> None:
    server = spawn(db_url)
    with httpx.Client(base_url=server.base) as c:
        table = open_table(c)
        with pytest.raises(InvalidStatus) as refused:
            Viewer(server.ws_base, table["table_id"], table["seats"][0]["token"],
                   origin="https://evil.example")
        assert refused.value.response.status_code == 403
        same = Viewer(server.ws_base, table["table_id"], table["seats"][0]["token"],
                      origin=server.base)
        assert same.hello["seat"] == 0


def test_a_wrong_token_gets_no_events(db_url: str, spawn: Any) -> None:
    server = spawn(db_url)
    with httpx.Client(base_url=server.base) as c:
        table = open_table(c)
        other = open_table(c)
        ws = connect(f"{server.ws_base}/api/tables/{table['table_id']}/ws", legacy=True)
        ws.send(json.dumps({"type": "hello", "token": other["seats"][0]["token"], "after": 0}))
        msg = json.loads(ws.recv(timeout=5))
        assert msg == {"type": "error", "code": "unauthorized",
                       "message": "no valid link for this table"}
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=5)


def test_an_oversized_message_is_refused_and_others_carry_on(db_url: str, spawn: Any) -> None:
    server = spawn(db_url)
    with httpx.Client(base_url=server.base) as c:
        table = open_table(c)
        tid = table["table_id"]
        big = Viewer(server.ws_base, tid, table["seats"][0]["token"])
        calm = Viewer(server.ws_base, tid, table["seats"][1]["token"])
        big.ws.send("x" * 100_000)
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(100):
                big.ws.recv(timeout=5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        last = play(c, table, 4)[-1]["seq"]
        calm.until(last)
        calm.assert_unbroken()


def test_sigkill_mid_game_then_restart_and_every_client_resumes(db_url: str,
                                                               spawn: Any) -> None:
    server = spawn(db_url)
    rng = random.Random(3)
    with httpx.Client(base_url=server.base) as c:
        table = open_table(c, seats=3)
        tid = table["table_id"]
        tokens = [s["token"] for s in table["seats"]] + [table["spectator"]["token"]]
        viewers = [Viewer(server.ws_base, tid, t) for t in tokens]
        before = play(c, table, 12, rng)[-1]["seq"]
        for v in viewers:
            v.until(before)
    server.kill()
    server.start()  # same port, same database
    with httpx.Client(base_url=server.base) as c:
        resumed = [Viewer(server.ws_base, tid, t, after=v.seqs[-1])
                   for t, v in zip(tokens, viewers, strict=True)]
        assert view(c, table, tokens[0])["seq"] == before  # nothing lost
        after = play(c, table, 8, rng)[-1]["seq"]
        for old, new in zip(viewers, resumed, strict=True):
            new.until(after)
            new.pump()
            new.assert_unbroken()
            assert old.seqs + new.seqs == list(range(1, after + 1))  # no gap, no duplicate
