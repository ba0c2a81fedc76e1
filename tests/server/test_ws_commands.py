"""Commands over the websocket (``docs/architecture.md``, "The path of a command": live clients
send commands over their
websocket, HTTP stays for API clients; what a seat needs after an event comes with the push).

A ``command`` message has the ``POST .../commands`` body and its checks in the same order;
the answer is an ``ack`` or an ``error`` carrying the status and detail the POST gives."""

from __future__ import annotations

import json
import random
import time
import uuid
from typing import Any

import httpx

from .helpers import h, open_table
from .wsclient import Viewer

FIDDLING = {"SetDrives", "UseGateLock"}


def send(v: Viewer, **msg: Any) -> None:
    v.ws.send(json.dumps({"type": "command", **msg}))


def answer(v: Viewer, client_id: str | None, timeout: float = 10.0) -> dict[str, Any]:
    """The ack or error for ``client_id`` (other messages are kept as usual)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        msg = json.loads(v.ws.recv(timeout=max(0.01, deadline - time.monotonic())))
        v._take(msg)
        if msg["type"] in ("ack", "error") and msg.get("client_id") == client_id:
            return dict(msg)
        if msg["type"] == "events" and msg.get("ack", {}).get("client_id") == client_id:
            return {"type": "ack", "inline": True, **msg["ack"]}  # hello "inline_ack"
    raise AssertionError(f"no answer for {client_id}")


def latest_view(v: Viewer, seq: int, timeout: float = 10.0) -> dict[str, Any]:
    """The newest pushed view of this socket at ``seq`` or later."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        views = [m for m in v.messages if m["type"] == "view" and m["seq"] >= seq]
        if views:
            return views[-1]
        try:
            v._take(json.loads(v.ws.recv(timeout=max(0.01, deadline - time.monotonic()))))
        except TimeoutError:
            break
    raise AssertionError(f"no view at seq {seq}")


def test_seats_play_over_their_sockets_with_the_view_pushed(db_url: str, spawn: Any) -> None:
    """Six commands, each chosen from the legal commands pushed with the last event and sent
    over the seat's own socket: acked, and every socket gets every event once, in order."""
    server = spawn(db_url)
    with httpx.Client(base_url=server.base) as c:
        table = open_table(c, seats=2)
    tid = table["table_id"]
    seats = [Viewer(server.ws_base, tid, s["token"], view=True) for s in table["seats"]]
    spectator = Viewer(server.ws_base, tid, table["spectator"]["token"])
    rng = random.Random(2)
    seq = seats[0].hello["seq"]
    for v in seats:
        v.until(seq)
    for _ in range(6):
        views = [latest_view(v, seq) for v in seats]
        acting = views[0]["pending"]["seats"][0]
        mine = views[acting]
        assert mine["legal"] and mine["pending"]["prompt"]
        assert views[1 - acting]["legal"] == []  # only the seat asked to act gets commands
        if mine["view"].get("turn", {}).get("phase") == "move":
            assert "reachable" in mine["extras"]
        command = rng.choice([a for a in mine["legal"] if a["type"] not in FIDDLING]
                             or mine["legal"])
        cid = uuid.uuid4().hex
        send(seats[acting], seq=mine["seq"], client_id=cid, command=command)
        ack = answer(seats[acting], cid)
        assert ack["type"] == "ack" and ack["first_seq"] == mine["seq"] + 1, ack
        seq = ack["seq"]
        for v in [*seats, spectator]:
            v.until(seq)
    for v in [*seats, spectator]:
        v.assert_unbroken()


def test_socket_commands_answer_what_the_post_answers(db_url: str, spawn: Any) -> None:
    """Stale seq: 409 conflict with the current seq; refused by the rules: 422 naming the
    rule; malformed: 422 invalid; a spectator's link: 403; a resent client id: applied
    once (duplicate). Each error detail is the POST's, field for field."""
    server = spawn(db_url)
    with httpx.Client(base_url=server.base) as c:
        table = open_table(c, seats=2)
        tid = table["table_id"]
        seats = [Viewer(server.ws_base, tid, s["token"], view=True) for s in table["seats"]]
        head = seats[0].hello["seq"]
        view = latest_view(seats[0], head)
        acting = view["pending"]["seats"][0]
        token = table["seats"][acting]["token"]
        idle = seats[1 - acting]
        mine = latest_view(seats[acting], head)
        legal = mine["legal"][0]

        def both(v: Viewer, body: dict[str, Any], tok: str) -> tuple[dict[str, Any], Any]:
            send(v, **body)
            got = answer(v, body.get("client_id"))
            posted = c.post(f"/api/tables/{tid}/commands", headers=h(tok), json=body)
            return got, posted

        cases = [
            ({"seq": head + 5, "client_id": "stale-1", "command": legal}, seats[acting], token,
             409),
            ({"seq": head, "client_id": "rule-1", "command": legal}, idle,
             table["seats"][1 - acting]["token"], 422),
            ({"seq": head, "client_id": "bad-1", "command": legal, "extra": 1}, seats[acting],
             token, 422),
        ]
        for body, v, tok, status in cases:
            got, posted = both(v, body, tok)
            assert got["type"] == "error" and got["status"] == status == posted.status_code
            detail = {k: got[k] for k in got if k not in ("type", "for", "client_id",
                                                          "status")}
            if detail["code"] == "invalid":  # the POST lists every field error too
                assert posted.json()["detail"]["code"] == "invalid"
                assert detail["message"] == posted.json()["detail"]["message"]
            else:
                assert detail == posted.json()["detail"]
        assert got["code"] == "invalid" and "extra" in got["message"]
        spectator = Viewer(server.ws_base, tid, table["spectator"]["token"])
        send(spectator, seq=head, client_id="spec-1", command=legal)
        assert answer(spectator, "spec-1")["status"] == 403
        body = {"seq": head, "client_id": "once-1", "command": legal}
        send(seats[acting], **body)
        first = answer(seats[acting], "once-1")
        send(seats[acting], **body)
        again = answer(seats[acting], "once-1")
        assert first["type"] == again["type"] == "ack" and again["duplicate"] is True
        assert (again["first_seq"], again["seq"]) == (first["first_seq"], first["seq"])


def test_an_inline_view_rides_in_the_events_frame(db_url: str, spawn: Any) -> None:
    """Hello ``"inline_view": true``: the view comes inside each ``events`` message (one frame
    per push, not two) and no separate ``view`` message is sent; it is the link's view, the
    one ``GET /view`` answers."""
    server = spawn(db_url)
    with httpx.Client(base_url=server.base) as c:
        table = open_table(c, seats=2)
        tid = table["table_id"]
        seats = [Viewer(server.ws_base, tid, s["token"], view=True, inline_view=True)
                 for s in table["seats"]]
        play_inline(c, table, seats, random.Random(5), 4)
        for v in seats:
            v.pump(0.3)
            assert not [m for m in v.messages if m["type"] == "view"]
            pushes = [m for m in v.messages if m["type"] == "events"]
            assert all("view" in m for m in pushes[1:])
            v.assert_unbroken()


def test_a_view_delta_leaves_out_the_parts_the_socket_has_and_adds_up_to_the_view(
        db_url: str, spawn: Any) -> None:
    """Hello ``"view_delta": true`` (the browser's): a pushed view leaves out the shared
    parts (markets, "?" boxes, hidden cultures, options) that are those of the last view
    pushed on the same socket, named in ``"same"``; put back from that view, each is the
    link's view that ``GET /view`` answers. The first view on a socket comes whole."""
    server = spawn(db_url)
    with httpx.Client(base_url=server.base) as c:
        table = open_table(c, seats=3)
        tid = table["table_id"]
        seats = inline_seats(server, table, view_delta=True)
        play_inline(c, table, seats, random.Random(11), 8)  # views as GET /view answers
        for v in seats:
            v.pump(0.3)
            v.assert_unbroken()
            assert {"market", "options", "qboxes"} <= set(v.left_out)
        late = Viewer(server.ws_base, tid, table["seats"][0]["token"], view=True,
                      inline_view=True, view_delta=True)  # a new socket of the same seat
        late.pump(0.5)
        first = [m for m in late.messages if m["type"] == "events"][0]
        assert "market" in first["view"]["view"] and not late.left_out
        for v in [*seats, late]:
            v.close()


def test_an_inline_ack_rides_in_the_events_frame_of_its_command(db_url: str,
                                                                spawn: Any) -> None:
    """Hello ``"inline_ack": true`` (the browser's): the ack of a command comes inside the
    ``events`` message that brings its events to the acting socket (one frame, not two), with
    the fields of the ``ack`` message; a resent client id (its events already had) is acked
    on its own, ``duplicate``; a refusal is still an ``error`` message; the other seat's
    socket gets the same events without an ack."""
    server = spawn(db_url)
    with httpx.Client(base_url=server.base) as c:
        table = open_table(c, seats=2)
    seats = inline_seats(server, table, inline_ack=True)
    rng = random.Random(7)
    for _ in range(5):
        for v in seats:
            v.pump(0.3)
        views = [[m for m in v.messages if m["type"] == "events"][-1]["view"] for v in seats]
        seq = views[0]["seq"]
        acting = views[0]["pending"]["seats"][0]
        mine = views[acting]
        command = rng.choice([a for a in mine["legal"] if a["type"] not in FIDDLING]
                             or mine["legal"])
        cid = uuid.uuid4().hex
        body = {"seq": seq, "client_id": cid, "command": command}
        send(seats[acting], **body)
        ack = answer(seats[acting], cid)
        assert ack.get("inline") is True, ack
        assert ack["first_seq"] == seq + 1 and ack["duplicate"] is False
        carrier = seats[acting].messages[-1]
        assert carrier["type"] == "events" and carrier["events"][-1]["seq"] == ack["seq"]
        assert carrier["events"][0]["seq"] == ack["first_seq"] and "view" in carrier
        send(seats[acting], **body)  # resent: applied once, its events already here
        again = answer(seats[acting], cid)
        assert again["type"] == "ack" and "inline" not in again and again["duplicate"] is True
        assert (again["first_seq"], again["seq"]) == (ack["first_seq"], ack["seq"])
        send(seats[acting], **{**body, "client_id": f"{cid}-stale"})  # seq no longer current
        refused = answer(seats[acting], f"{cid}-stale")
        assert refused["type"] == "error" and refused["status"] == 409
        assert refused["seq"] == ack["seq"]
        seats[1 - acting].until(ack["seq"])
    for v in seats:
        v.pump(0.3)
        assert not [m for m in v.messages if m["type"] == "ack"
                    and not m.get("duplicate")]
        v.assert_unbroken()
    other_acks = [m for v in seats for m in v.messages if m["type"] == "events" and "ack" in m]
    assert len(other_acks) == 5  # one per command, each on its own seat's socket only


def inline_seats(server: Any, table: dict[str, Any], inline_ack: bool = False,
                 view_delta: bool = False) -> list[Viewer]:
    """A socket per seat of ``table`` taking its view in the events message (and the hello's
    other options given)."""
    return [Viewer(server.ws_base, table["table_id"], s["token"], view=True, inline_view=True,
                   inline_ack=inline_ack, view_delta=view_delta) for s in table["seats"]]


def play_inline(c: httpx.Client, table: dict[str, Any], seats: list[Viewer], rng: random.Random,
          steps: int) -> None:
    """``steps`` commands, each chosen from the legal commands pushed to the acting seat
    and sent over its socket; every seat's pushed view is the one ``GET /view`` answers."""
    tid = table["table_id"]
    for _ in range(steps):
        views = []
        for v in seats:
            v.pump(0.3)
            views.append([m for m in v.messages if m["type"] == "events"][-1]["view"])
        seq = views[0]["seq"]
        for i, view in enumerate(views):
            assert view["seq"] == seq
            posted = c.get(f"/api/tables/{tid}/view", headers=h(table["seats"][i]["token"]))
            assert view == posted.json()
        if views[0]["pending"] is None:
            return
        acting = views[0]["pending"]["seats"][0]
        mine = views[acting]
        command = rng.choice([a for a in mine["legal"] if a["type"] not in FIDDLING]
                             or mine["legal"])
        cid = uuid.uuid4().hex
        send(seats[acting], seq=seq, client_id=cid, command=command)
        assert answer(seats[acting], cid)["type"] == "ack"
        for v in seats:
            v.until(seq + 1)
