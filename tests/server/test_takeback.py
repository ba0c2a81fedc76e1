"""Take-backs through the server (house rule, ``engine/kernel/takeback.py``): over real
websockets every client sees the action and its taking back, the pushed views and legal
commands follow the rewind, the replay shows both, a reloaded game (from the database and
its snapshots) agrees with the cached one; with the table option off it is refused, saying
why."""

from __future__ import annotations

import uuid
from typing import Any

import httpx

from .helpers import h, open_table, view
from .test_ws_commands import answer, latest_view, send
from .wsclient import Viewer

TAKE_BACK = {"type": "TakeBack"}


def post(c: httpx.Client, table: dict[str, Any], seat: int, seq: int,
         command: dict[str, Any]) -> httpx.Response:
    return c.post(f"/api/tables/{table['table_id']}/commands",
                  headers=h(table["seats"][seat]["token"]),
                  json={"seq": seq, "client_id": uuid.uuid4().hex, "command": command})


def to_a_heading(c: httpx.Client, table: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """Play the set-up (race choices) until a seat may declare its heading (5.31); answer
    that seat and its view."""
    for _ in range(20):
        seat = view(c, table, table["spectator"]["token"])["pending"]["seats"][0]
        mine = view(c, table, table["seats"][seat]["token"])
        if any(a["type"] == "DeclareHeading" for a in mine["legal"]):
            return seat, mine
        assert post(c, table, seat, mine["seq"], mine["legal"][0]).status_code == 200
    raise AssertionError("no heading to declare")


def test_every_client_sees_the_take_back_and_the_views_follow(db_url: str,
                                                             spawn: Any) -> None:
    server = spawn(db_url, env={"STARPORT_SNAPSHOT_EVERY": "1"})
    with httpx.Client(base_url=server.base) as c:
        table = open_table(c, seats=2)
        tid = table["table_id"]
        seat, mine = to_a_heading(c, table)
        sockets = [Viewer(server.ws_base, tid, s["token"], view=True) for s in table["seats"]]
        spectator = Viewer(server.ws_base, tid, table["spectator"]["token"])
        before = mine["seq"]
        declare = next(a for a in mine["legal"] if a["type"] == "DeclareHeading")
        assert post(c, table, seat, before, declare).status_code == 200
        declared = latest_view(sockets[seat], before + 1)
        assert TAKE_BACK in declared["legal"]  # legal now, pushed with the view
        assert declared["view"]["turn"]["heading"] == declare["dot"]
        other = latest_view(sockets[1 - seat], before + 1)
        assert TAKE_BACK not in other["legal"]

        cid = uuid.uuid4().hex
        send(sockets[seat], seq=declared["seq"], client_id=cid, command=TAKE_BACK)
        ack = answer(sockets[seat], cid)
        assert ack["type"] == "ack", ack
        took = ack["seq"]
        for v in [*sockets, spectator]:
            v.until(took)
            v.assert_unbroken()
            kinds = {e["seq"]: e.get("type") for e in v.events}
            assert kinds[before + 1] == "HeadingDeclared" and kinds[took] == "TookBack"
            tb = next(e for e in v.events if e["seq"] == took)
            assert tb["data"] == {"seat": seat, "to_seq": before}
        back = latest_view(sockets[seat], took)
        assert back["view"]["turn"]["heading"] is None
        assert TAKE_BACK not in back["legal"]  # nothing left to take back
        assert any(a["type"] == "DeclareHeading" for a in back["legal"])

        # the log and the replay keep both; the replayed board after the take-back is the
        # board before the declaration
        log = c.get(f"/api/tables/{tid}/log", headers=h(table["spectator"]["token"])).json()
        types = [e.get("type") for e in (log["events"] if isinstance(log, dict) else log)]
        assert "HeadingDeclared" in types and "TookBack" in types
        frames = c.get(f"/api/tables/{tid}/replay", params={"at": before, "count": 3},
                       headers=h(table["spectator"]["token"])).json()["frames"]
        assert [f["seq"] for f in frames] == [before, before + 1, took]
        assert frames[0]["view"] == frames[2]["view"] != frames[1]["view"]

        # a second declaration, then the server restarts: it reloads the game from its
        # snapshot (one per append here) and the take-back still works from there
        live = view(c, table, table["seats"][seat]["token"])
        assert post(c, table, seat, live["seq"], declare).status_code == 200
        for v in [*sockets, spectator]:
            v.close()
    server.stop()
    server = spawn(db_url, env={"STARPORT_SNAPSHOT_EVERY": "1"})
    with httpx.Client(base_url=server.base) as c:
        again = view(c, table, table["seats"][seat]["token"])
        assert TAKE_BACK in again["legal"]
        assert post(c, table, seat, again["seq"], TAKE_BACK).status_code == 200
        after = view(c, table, table["seats"][seat]["token"])
        assert after["view"] == live["view"] and after["legal"] == live["legal"]


def test_take_back_is_refused_with_the_option_off(db_url: str, spawn: Any) -> None:
    server = spawn(db_url)
    with httpx.Client(base_url=server.base) as c:
        table = open_table(c, seats=2, takebacks=False)
        seat, mine = to_a_heading(c, table)
        declare = next(a for a in mine["legal"] if a["type"] == "DeclareHeading")
        assert post(c, table, seat, mine["seq"], declare).status_code == 200
        now = view(c, table, table["seats"][seat]["token"])
        assert TAKE_BACK not in now["legal"]
        r = post(c, table, seat, now["seq"], TAKE_BACK)
        assert r.status_code == 422, r.text
        detail = r.json()["detail"]
        assert detail["code"] == "rule" and detail["rule"] == "house rule: take-backs"
        assert "turned off" in detail["message"]


def test_a_server_folding_the_log_from_its_rows_still_takes_back(db_url: str,
                                                                 spawn: Any) -> None:
    """Without a snapshot to start from, a restarted server folds the game from its event rows:
    each row keeps the seat whose command it opened (``events.actor``, written by the append
    on SQLite and by ``starport_append`` on PostgreSQL), so the take-back still finds where
    the seat's command began."""
    server = spawn(db_url)
    with httpx.Client(base_url=server.base) as c:
        table = open_table(c, seats=2)
        seat, mine = to_a_heading(c, table)
        declare = next(a for a in mine["legal"] if a["type"] == "DeclareHeading")
        assert post(c, table, seat, mine["seq"], declare).status_code == 200
    server.stop()
    server = spawn(db_url)
    with httpx.Client(base_url=server.base) as c:
        again = view(c, table, table["seats"][seat]["token"])
        assert TAKE_BACK in again["legal"]
        assert post(c, table, seat, again["seq"], TAKE_BACK).status_code == 200
        back = view(c, table, table["seats"][seat]["token"])
        assert back["view"]["turn"]["heading"] is None
