"""The platform's conformance test, server side: Tiny Duel, a game installed as a package of
its own that no platform file knows (``test_boundary.py``), is listed, created, joined,
played over real websockets with a take-back, watched, replayed, exported and imported, played
by its bot in a seat and by the default bot when a turn times out, through ``starport serve``
alone (HTTP and websockets, as any client). No answer to the other seat or a spectator ever
holds a card before it is revealed (``docs/architecture.md``, "Hidden information and
randomness")."""

from __future__ import annotations

import json
import time
import uuid
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

from tests.server.conftest import ServerProcess
from tests.server.helpers import h
from tests.server.wsclient import Viewer

from .tinygame.definition import GAME, client_data

TINY = "tiny-duel"
# the module's tests on one xdist worker: one server process (the ``server`` fixture) for all
pytestmark = pytest.mark.xdist_group("tiny-duel-server")


@pytest.fixture
def c(server: ServerProcess) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.base, timeout=20) as client:
        yield client


def wait_for(check: Callable[[], Any], timeout: float = 30.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = check()
        if got:
            return got
        time.sleep(0.1)
    raise AssertionError(f"not within {timeout} s")


def new_table(c: httpx.Client, *, join: tuple[int, ...] = (0, 1), **body: Any) -> dict[str, Any]:
    """A Tiny Duel table, the seats in ``join`` joined (not started)."""
    r = c.post("/api/tables", json={"name": "Duel", "ruleset": TINY, "seats": 2,
                                    "options": {"rounds": 1}, **body})
    assert r.status_code == 201, r.text
    table: dict[str, Any] = r.json()
    for seat in join:
        r = c.post(f"/api/tables/{table['table_id']}/join", json={"name": ["Ann", "Bob"][seat]},
                   headers=h(table["seats"][seat]["token"]))
        assert r.status_code == 200, r.text
    return table


def start(c: httpx.Client, table: dict[str, Any]) -> dict[str, Any]:
    r = c.post(f"/api/tables/{table['table_id']}/start", headers=h(table["host"]["token"]))
    assert r.status_code == 200, r.text
    return dict(r.json())


def get(c: httpx.Client, table: dict[str, Any], path: str, token: str) -> Any:
    r = c.get(f"/api/tables/{table['table_id']}{path}", headers=h(token))
    assert r.status_code == 200, (path, r.text)
    return r.json()


def lobby(c: httpx.Client, table: dict[str, Any]) -> dict[str, Any]:
    return dict(get(c, table, "", table["host"]["token"]))


class Seat:
    """A seat's live connection: its events and pushed views, its commands sent over it."""

    def __init__(self, server: ServerProcess, table: dict[str, Any], token: str) -> None:
        self.v = Viewer(server.ws_base, table["table_id"], token, view=True)

    def view(self, seq: int, timeout: float = 15.0) -> dict[str, Any]:
        """The newest view pushed at ``seq`` or later."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            views = [m for m in self.v.messages if m["type"] == "view" and m["seq"] >= seq]
            if views:
                return dict(views[-1])
            self.v.pump(0.1)
        raise AssertionError(f"no view at seq {seq}")

    def send(self, seq: int, command: dict[str, Any]) -> dict[str, Any]:
        """Send ``command`` over the socket; its ack (or error)."""
        cid = uuid.uuid4().hex
        self.v.ws.send(json.dumps({"type": "command", "seq": seq, "client_id": cid,
                                   "command": command}))
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            msg = json.loads(self.v.ws.recv(timeout=max(0.01, deadline - time.monotonic())))
            self.v._take(msg)
            if msg["type"] in ("ack", "error") and msg.get("client_id") == cid:
                return dict(msg)
        raise AssertionError(f"no answer to {command}")


def texts_of(v: Viewer) -> list[tuple[int, str]]:
    """Every message a socket got, with the highest seq known when it came."""
    out, seq = [], 0
    for m in v.messages:
        if m["type"] == "events" and m["events"]:
            seq = max(seq, m["events"][-1]["seq"])
        seq = max(seq, int(m.get("seq") or 0))
        out.append((seq, json.dumps(m)))
    return out


def test_the_game_is_installed_and_served_like_any_other(c: httpx.Client) -> None:
    """``GET /api/games`` lists it from its definition; its board, its data and its client
    folder are served at the addresses the listing gives."""
    assert TINY in c.get("/api/health").json()["rulesets"]
    listed = {g["id"]: g for g in c.get("/api/games").json()["games"]}
    tiny = listed[TINY]
    assert tiny["title"] == GAME.title and tiny["players"] == {"min": 2, "max": 2}
    assert tiny["bots"] == ["tiny", "random"] and tiny["default_bot"] == "tiny"
    assert set(tiny["options_schema"]["properties"]) == {"rounds", "takebacks"}
    assert tiny["client"] == "/games/tinyduel/index.js"
    assert tiny["rules"] is None and tiny["pages"] == [] and tiny["sandbox"] is False
    board = c.get(tiny["board"])
    assert board.status_code == 200 and board.headers["content-type"].startswith("image/svg")
    assert ET.fromstring(board.text).find(".//{http://www.w3.org/2000/svg}rect[@id='seat-0']") \
        is not None
    assert c.get(tiny["data"]).json() == client_data({})
    module = c.get(tiny["client"])
    assert module.status_code == 200 and "javascript" in module.headers["content-type"]
    assert c.get("/games/tinyduel/create.html").status_code == 200
    assert c.get("/games/tinyduel/../ruleset.py").status_code == 404
    rulesets = {r["id"]: r for r in c.get("/api/rulesets").json()["rulesets"]}
    assert rulesets[TINY]["bots"] == ["tiny", "random"]


def test_the_definition_bounds_a_table(c: httpx.Client) -> None:
    """Its players (2, 2), its options schema and its bots are what a table may ask."""
    for body in ({"seats": 3}, {"options": {"rounds": 9}}, {"options": {"colour": "red"}},
                 {"bots": [{"seat": 1, "kind": "trader"}]}):
        r = c.post("/api/tables", json={"ruleset": TINY, "seats": 2, **body})
        assert r.status_code == 422, (body, r.text)


def test_a_duel_played_over_the_websockets_taken_back_replayed_exported_imported(
        c: httpx.Client, server: ServerProcess) -> None:
    table = new_table(c)
    start(c, table)
    seats = [Seat(server, table, s["token"]) for s in table["seats"]]
    spectator = Viewer(server.ws_base, table["table_id"], table["spectator"]["token"])
    seq = seats[0].v.hello["seq"]
    mine = seats[0].view(seq)
    assert mine["pending"]["seats"] == [0] and seats[1].view(seq)["legal"] == []
    card0 = mine["view"]["players"][0]["card"]
    card1 = seats[1].view(seq)["view"]["players"][1]["card"]
    assert card0 and card1 and card0 != card1

    # seat 0 doubles, takes it back (house rule: nothing new was known), doubles and rolls
    plays = [{"type": "Double"}, {"type": "TakeBack"}, {"type": "Double"}, {"type": "Roll"}]
    for command in plays:
        at = seats[0].view(seq)
        assert command in at["legal"], (command, at["legal"])
        ack = seats[0].send(at["seq"], command)
        assert ack["type"] == "ack", ack
        seq = ack["seq"]
    assert {"type": "TakeBack"} not in seats[0].view(seq)["legal"]  # the roll is a barrier
    refused = seats[1].send(seq, {"type": "Roll"})
    assert refused["type"] == "error" and refused["status"] == 422, refused
    assert refused["code"] == "not_your_turn", refused
    # the turns go on to the end; nobody reveals a card until the end shows them
    while True:
        views = [s.view(seq) for s in seats]
        if views[0]["pending"] is None:
            break
        acting = views[0]["pending"]["seats"][0]
        legal = [a for a in views[acting]["legal"] if a["type"] not in ("TakeBack", "Reveal")]
        if acting == 1 and legal[0]["type"] == "EndTurn":
            # the last command: before it, nothing this seat or a spectator reads holds the
            # other's card (views, logs, history, replay frames; the sockets are checked below)
            for token, other in ((table["seats"][1]["token"], card0),
                                 (table["spectator"]["token"], card0),
                                 (table["seats"][0]["token"], card1)):
                for path in ("/view", "/log", "/history", "/replay?at=0&count=60", ""):
                    assert f'"{other}"' not in json.dumps(get(c, table, path, token)), path
                saved = c.post("/api/mygames", json={"tokens": [token]})
                assert saved.status_code == 200 and f'"{other}"' not in saved.text
                late = Viewer(server.ws_base, table["table_id"], token, view=True)
                late.until(seq)  # a tab opened now: the whole log caught up, and the view
                late.pump(0.3)
                assert not [m for m in late.messages if f'"{other}"' in json.dumps(m)]
                late.close()
            r = c.get(f"/api/tables/{table['table_id']}/export",
                      headers=h(table["host"]["token"]))
            assert r.status_code == 409, r.text  # not while it is played
        ack = seats[acting].send(views[acting]["seq"], legal[0])
        assert ack["type"] == "ack", ack
        seq = ack["seq"]

    spectator.until(seq)
    for v in (*[s.v for s in seats], spectator):
        v.until(seq)
        v.assert_unbroken()
    types = [e["type"] for e in spectator.events]
    assert "TookBack" in types and types[-2:] == ["CardsShown", "GameWon"]
    commands = [e for e in spectator.events if "actor" in e]  # each command's first event
    assert len(commands) > len(plays) and all(e["by"] == "player" for e in commands)
    shown = next(e["seq"] for e in spectator.events if e["type"] == "CardsShown")
    for v, secret in ((seats[1].v, card0), (spectator, card0), (spectator, card1),
                      (seats[0].v, card1)):
        leaks = [text for at, text in texts_of(v) if at < shown and f'"{secret}"' in text]
        assert not leaks, leaks[:3]
    dealt = [e for e in seats[1].v.events if e["type"] == "CardDealt"]
    assert [("data" in e, e.get("redacted", False)) for e in dealt] == [(False, True),
                                                                       (True, False)]

    # the end: the lobby, the history (a point a turn and at the end), the full log
    assert lobby(c, table)["status"] == "over"
    final = get(c, table, "/view", table["spectator"]["token"])
    assert final["view"]["winner"] in (0, 1) and final["pending"] is None
    points = get(c, table, "/history", table["spectator"]["token"])["points"]
    won = spectator.events[-1]["data"]
    assert points and points[-1]["scores"] == won["scores"]
    log = get(c, table, "/log", table["seats"][1]["token"])
    assert log["full"] and next(e for e in log["events"] if e["type"] == "CardDealt"
                                and e["data"]["seat"] == 0)["data"]["card"] == card0
    frames = get(c, table, "/replay?at=0&count=60", table["spectator"]["token"])["frames"]
    assert frames[-1]["seq"] == seq and frames[-1]["view"]["winner"] == won["winner"]

    # exported with every secret, imported as a new finished table that replays the same
    doc = get(c, table, "/export", table["host"]["token"])
    assert doc["ruleset"] == TINY and len(doc["events"]) == seq
    r = c.post("/api/replays", json=doc)
    assert r.status_code == 201, r.text
    copy = r.json()
    assert lobby(c, copy)["status"] == "replay" and lobby(c, copy)["ruleset"] == TINY
    again = get(c, copy, "/replay?at=0&count=60", copy["spectator"]["token"])["frames"]
    assert [f["view"] for f in again] == [f["view"] for f in frames]
    for v in (*[s.v for s in seats], spectator):
        v.close()


def test_bots_play_seats_the_games_own_and_the_random_one(c: httpx.Client) -> None:
    """A table of two bots plays itself to its end; a player against the game's bot."""
    table = new_table(c, join=(), bots=[{"seat": 0, "kind": "tiny"}, {"seat": 1, "kind": "random"}],
                      options={"rounds": 2})
    start(c, table)
    wait_for(lambda: lobby(c, table)["status"] == "over")
    log = get(c, table, "/log", table["spectator"]["token"])["events"]
    assert log[-1]["type"] == "GameWon"
    assert [s["bot_kind"] for s in lobby(c, table)["seats"]] == ["tiny", "random"]

    table = new_table(c, join=(0,), bots=[1])  # the default bot: the game's first, ``tiny``
    start(c, table)
    assert lobby(c, table)["seats"][1]["bot_kind"] == "tiny"
    token = table["seats"][0]["token"]
    while (v := get(c, table, "/view", token))["view"]["winner"] is None:
        if v["pending"] is None or v["pending"]["seats"] != [0]:
            time.sleep(0.1)
            continue
        command = next(a for a in v["legal"] if a["type"] in ("Roll", "EndTurn"))
        r = c.post(f"/api/tables/{table['table_id']}/commands", headers=h(token),
                   json={"seq": v["seq"], "client_id": uuid.uuid4().hex, "command": command})
        assert r.status_code in (200, 409), r.text
    bot_turns = [e for e in get(c, table, "/log", token)["events"]
                 if e["type"] == "DieRolled" and e["data"]["seat"] == 1]
    assert bot_turns


def test_a_timed_out_turn_is_played_by_the_default_bot(c: httpx.Client) -> None:
    """The table's time per move (``turn_timer``): nobody acts, and after a second the game's
    default bot plays the waiting seat's turn to its end; the other seat's turn comes."""
    table = new_table(c, turn_timer=1, options={"rounds": 2})
    start(c, table)
    spectator = table["spectator"]["token"]

    def turn_passed() -> bool:
        events = get(c, table, "/log", spectator)["events"]
        return any(e["type"] == "TurnStarted" and e["data"]["seat"] == 1 for e in events)

    wait_for(turn_passed)
    events = get(c, table, "/log", spectator)["events"]
    played = [e["type"] for e in events if e["type"] in ("Doubled", "DieRolled", "TurnEnded")
              and e["data"]["seat"] == 0]
    # the game's bot (``TinyBot``): not behind at 0 to 0, it does not double (the server's
    # random stand-in would, one time in two)
    assert played[:2] == ["DieRolled", "TurnEnded"], played
    mine = [e for e in events if e.get("actor") == 0]
    assert mine and all(e["by"] == "bot" for e in mine), mine
