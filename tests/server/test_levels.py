"""Bot levels and hints (docs/players.md, "Bot levels and hints"; ``server/levels.py``,
``server/advice.py``): each game's levels in ``GET /api/games`` (a level the game has no bot
of is played one level down), a bot seat picked by level, the level a timed-out turn is
played at (a table setting), and the hint: refused while the table's hints are off, one of
the seat's legal commands and the bot's reason when on, thought out from the seat's view
only. Tiny Duel (``tests/platform/tinygame``) plays here, given a "hard" bot for the test
(``HardTinyBot``, thought out in the server's worker process)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from sqlalchemy import inspect

from engine.kernel import Command
from engine.kernel.registry import games
from server import games_api, levels, thinking
from server.app import create_app
from server.db import MIGRATIONS, make_engine, migrate

from .conftest import settings_for
from .helpers import h

TINY = "tiny-duel"


class HardTinyBot:
    """A "hard" Tiny Duel bot for the tests: doubles whenever it may (rule 2.1), rolls, never
    reveals (rule 2.3). Its reason says what it sees of the other seat's card (its view's:
    hidden)."""

    name = "hard"

    def __init__(self, seed: str | int) -> None:
        self.seed = seed
        self.reason: str | None = None

    def choose(self, view: dict[str, Any], legal: Sequence[Command], *, seat: int, seq: int,
               **_: Any) -> Command:
        kinds = {c.type: c for c in legal}
        other = view["players"][1 - seat].get("card")
        for kind in ("Double", "Roll", "EndTurn"):
            if kind in kinds:
                self.reason = f"{kind}: the stake is worth it (their card: {other or 'hidden'})"
                return kinds[kind]
        return legal[0]


@pytest.fixture
def hard_tiny(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Tiny Duel with a "hard" bot (the games' list made again with it, and after)."""
    monkeypatch.setitem(games()[TINY].bots, "hard", HardTinyBot)
    monkeypatch.setattr(thinking, "THINK_BUDGET", 120.0)  # its first import, on a busy machine
    games_api._games_asset.cache_clear()
    yield
    monkeypatch.undo()
    games_api._games_asset.cache_clear()


def wait_for(check: Callable[[], Any], timeout: float = 60.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = check()
        if got:
            return got
        time.sleep(0.1)
    raise AssertionError("timed out")


def tiny_table(c: TestClient, bots: list[Any] | None = None, **settings: Any
               ) -> dict[str, Any]:
    """A Tiny Duel table, its players joined, started: its creation document."""
    r = c.post("/api/tables", json={"name": "Levels", "ruleset": TINY, "seats": 2,
                                    "bots": bots or [], **settings})
    assert r.status_code == 201, r.text
    table: dict[str, Any] = r.json()
    seated = {b["seat"] for b in bots or []}
    for i, link in enumerate(table["seats"]):
        if i not in seated:
            r = c.post(f"/api/tables/{table['table_id']}/join", json={"name": f"P{i}"},
                       headers=h(link["token"]))
            assert r.status_code == 200, r.text
    r = c.post(f"/api/tables/{table['table_id']}/start", headers=h(table["host"]["token"]))
    assert r.status_code == 200, r.text
    return table


def lobby(c: TestClient, table: dict[str, Any]) -> dict[str, Any]:
    r = c.get(f"/api/tables/{table['table_id']}", headers=h(table["host"]["token"]))
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def view(c: TestClient, table: dict[str, Any], seat: int) -> dict[str, Any]:
    r = c.get(f"/api/tables/{table['table_id']}/view", headers=h(table["seats"][seat]["token"]))
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def ask_hint(c: TestClient, table: dict[str, Any], seat: int, seq: int) -> Any:
    return c.post(f"/api/tables/{table['table_id']}/hint", json={"seq": seq},
                  headers=h(table["seats"][seat]["token"]))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """An app on SQLite whose timers are looked at often and may be one second."""
    url = f"sqlite:///{tmp_path / 'data' / 'starport.sqlite3'}"
    with TestClient(create_app(settings_for(url, tmp_path, min_turn_timer=1))) as c:
        yield c


def test_every_game_has_the_three_levels() -> None:
    for definition in games().values():
        listed = levels.levels_of(definition)
        assert [lv["level"] for lv in listed] == ["easy", "normal", "hard"]
        assert listed[0] == {"level": "easy", "label": "Easy", "kind": definition.default_bot,
                             "exact": True}
        for lv in listed:
            assert lv["kind"] in definition.bots
            assert lv["exact"] == (lv["kind"] == lv["level"] or lv["level"] == "easy")


def test_the_games_list_its_levels_and_a_missing_level_plays_one_down(
        client: TestClient) -> None:
    games_api._games_asset.cache_clear()
    listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    for g in listed.values():
        assert [lv["level"] for lv in g["levels"]] == ["easy", "normal", "hard"]
        assert g["levels"][0]["kind"] == g["default_bot"]
    tiny = {lv["level"]: lv for lv in listed[TINY]["levels"]}
    assert tiny["hard"] == {"level": "hard", "label": "Hard", "kind": "tiny", "exact": False}


def test_a_bot_seat_by_level_and_the_table_settings_in_the_lobby(
        client: TestClient, hard_tiny: None) -> None:
    tiny = next(g for g in client.get("/api/games").json()["games"] if g["id"] == TINY)
    assert {lv["level"]: lv["kind"] for lv in tiny["levels"]} == {
        "easy": "tiny", "normal": "tiny", "hard": "hard"}  # no normal bot: easy's plays it
    table = tiny_table(client, [{"seat": 1, "level": "hard"}], timeout_level="normal",
                       hints=True)
    got = lobby(client, table)
    assert got["seats"][1]["bot"] and got["seats"][1]["bot_kind"] == "hard"
    assert got["timeout_level"] == "normal" and got["hints"] is True
    assert [lv["level"] for lv in got["levels"]] == ["easy", "normal", "hard"]
    plain = tiny_table(client, [{"seat": 1, "level": "easy"}])
    got = lobby(client, plain)
    assert got["seats"][1]["bot_kind"] == "tiny"
    assert got["timeout_level"] == "easy" and got["hints"] is False
    both = client.post("/api/tables", json={"ruleset": TINY, "seats": 2, "bots": [
        {"seat": 1, "level": "hard", "kind": "tiny"}]})
    assert both.status_code == 422
    unknown = client.post("/api/tables", json={"ruleset": TINY, "seats": 2,
                                               "timeout_level": "expert"})
    assert unknown.status_code == 422


def test_a_hard_bot_seat_plays_its_turns(client: TestClient, hard_tiny: None) -> None:
    """Seat 0 a hard bot (in the worker process): it doubles, as the easy bot never does at
    0 points all."""
    table = tiny_table(client, [{"seat": 0, "level": "hard"}])
    r = wait_for(lambda: [e for e in client.get(
        f"/api/tables/{table['table_id']}/log", headers=h(table["seats"][1]["token"])
    ).json()["events"] if e["type"] == "TurnStarted" and e["data"]["seat"] == 1])
    assert r
    events = client.get(f"/api/tables/{table['table_id']}/log",
                        headers=h(table["seats"][1]["token"])).json()["events"]
    assert [e["type"] for e in events if e.get("actor") == 0][:1] == ["Doubled"]


@pytest.mark.parametrize(("level", "first"), [("hard", "Doubled"), ("easy", "DieRolled")])
def test_a_timed_out_turn_is_played_at_the_table_s_level(
        client: TestClient, hard_tiny: None, level: str, first: str) -> None:
    table = tiny_table(client, turn_timer=1, timeout_level=level)
    token = table["seats"][1]["token"]

    def seat0_moves() -> list[dict[str, Any]]:
        events = client.get(f"/api/tables/{table['table_id']}/log",
                            headers=h(token)).json()["events"]
        return [e for e in events if e.get("actor") == 0]

    moves = wait_for(seat0_moves)
    assert moves[0]["type"] == first and moves[0]["by"] == "bot"


def test_the_hint_is_refused_while_hints_are_off(client: TestClient, hard_tiny: None) -> None:
    table = tiny_table(client)
    r = ask_hint(client, table, 0, view(client, table, 0)["seq"])
    assert r.status_code == 409 and r.json()["detail"]["code"] == "hints_off"
    assert lobby(client, table)["hints"] is False


def test_the_hint_answers_a_legal_command_and_the_bot_s_reason(
        client: TestClient, hard_tiny: None) -> None:
    table = tiny_table(client, hints=True)
    v = view(client, table, 0)
    r = ask_hint(client, table, 0, v["seq"])
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["command"] in v["legal"] and got["command"] == {"type": "Double"}
    assert got["level"] == "hard" and got["kind"] == "hard" and got["seq"] == v["seq"]
    # the bot saw the seat's view only: the other seat's card is hidden in it
    assert got["reason"] == "Double: the stake is worth it (their card: hidden)"
    assert ask_hint(client, table, 0, v["seq"]).json() == got  # asked again: the same
    # not the seat's turn, an old seq, another link than a seat's: refused
    assert ask_hint(client, table, 1, v["seq"]).status_code == 409
    assert ask_hint(client, table, 0, v["seq"] + 5).status_code == 409
    r = client.post(f"/api/tables/{table['table_id']}/hint", json={"seq": v["seq"]},
                    headers=h(table["spectator"]["token"]))
    assert r.status_code == 403
    # the hint is the player's to follow or not: the game is where it was
    assert view(client, table, 0)["seq"] == v["seq"]
    r = client.post(f"/api/tables/{table['table_id']}/commands", headers=h(
        table["seats"][0]["token"]), json={"seq": v["seq"], "client_id": "h1",
                                           "command": got["command"]})
    assert r.status_code == 200, r.text


def test_a_game_without_a_searching_bot_hints_with_its_first(client: TestClient) -> None:
    table = tiny_table(client, hints=True)
    v = view(client, table, 0)
    got = ask_hint(client, table, 0, v["seq"]).json()
    assert got["level"] == "easy" and got["kind"] == "tiny" and got["reason"] is None
    assert got["command"] in v["legal"]


def test_the_host_gives_a_seat_a_bot_by_level(client: TestClient, hard_tiny: None) -> None:
    r = client.post("/api/tables", json={"ruleset": TINY, "seats": 2})
    table = r.json()
    tid, host = table["table_id"], h(table["host"]["token"])
    r = client.post(f"/api/tables/{tid}/seats/1/bot", json={"level": "hard"}, headers=host)
    assert r.status_code == 200, r.text
    assert r.json()["seats"][1]["bot_kind"] == "hard"
    r = client.post(f"/api/tables/{tid}/seats/0/bot", json={"level": "normal"}, headers=host)
    assert r.json()["seats"][0]["bot_kind"] == "tiny"  # no normal bot: easy's plays it
    r = client.post(f"/api/tables/{tid}/seats/0/bot", json={"level": "hard", "kind": "tiny"},
                    headers=host)
    assert r.status_code == 422


@pytest.mark.parametrize("game_id", sorted(g.id for g in games().values() if "hard" in g.bots))
def test_a_game_s_own_hard_bot_gives_the_hint_in_the_worker(
        client: TestClient, monkeypatch: pytest.MonkeyPatch, game_id: str) -> None:
    """A game's own searching bot (``engine/bots/search.py``) thinks for the hint in the
    worker process, made there from the installed game."""
    monkeypatch.setattr(thinking, "THINK_BUDGET", 120.0)
    definition = games()[game_id]
    seats = max(2, definition.players[0])
    r = client.post("/api/tables", json={"ruleset": game_id, "seats": seats, "hints": True,
                                         "options": dict(definition.simulation.options)})
    assert r.status_code == 201, r.text
    table = r.json()
    for i, link in enumerate(table["seats"]):
        r = client.post(f"/api/tables/{table['table_id']}/join", json={"name": f"P{i}"},
                        headers=h(link["token"]))
        assert r.status_code == 200, r.text
    r = client.post(f"/api/tables/{table['table_id']}/start", headers=h(table["host"]["token"]))
    assert r.status_code == 200, r.text
    seat = view(client, table, 0)["pending"]["seats"][0]
    v = view(client, table, seat)
    r = ask_hint(client, table, seat, v["seq"])
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["kind"] == "hard" and got["level"] == "hard"
    assert got["command"] in v["legal"] or got["command"]["type"] in {c["type"] for c in v["legal"]}
    assert got["reason"] is None or isinstance(got["reason"], str)


def test_the_levels_migration_goes_down_and_up(tmp_path: Path) -> None:
    """``0011_levels``: the two table settings go and come back."""
    url = f"sqlite:///{tmp_path / 'm.sqlite3'}"
    engine = make_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    try:
        migrate(engine)
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, "0010_playedby")
        assert not {"timeout_level", "hints"} & {
            c["name"] for c in inspect(engine).get_columns("tables")}
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
        assert {"timeout_level", "hints"} <= {
            c["name"] for c in inspect(engine).get_columns("tables")}
    finally:
        engine.dispose()


class SlowTinyBot(HardTinyBot):
    """A hard bot that thinks far past any budget."""

    def choose(self, view: dict[str, Any], legal: Sequence[Command], *, seat: int, seq: int,
               **kw: Any) -> Command:
        time.sleep(30)
        return super().choose(view, legal, seat=seat, seq=seq, **kw)


def test_a_bot_past_its_budget_is_given_up_and_the_easy_bot_plays(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker is started again (its stuck decision ended with it), the game's first bot
    plays the move, and the next decision in the worker is answered."""
    monkeypatch.setitem(games()[TINY].bots, "hard", SlowTinyBot)
    monkeypatch.setattr(thinking, "THINK_BUDGET", 2.0)
    table = tiny_table(client, [{"seat": 0, "kind": "hard"}])
    moves = wait_for(lambda: [e for e in client.get(
        f"/api/tables/{table['table_id']}/log", headers=h(table["seats"][1]["token"])
    ).json()["events"] if e.get("actor") == 0])
    assert moves[0]["type"] == "DieRolled"  # the easy bot's move (the hard one doubles)
    monkeypatch.setitem(games()[TINY].bots, "hard", HardTinyBot)
    monkeypatch.setattr(thinking, "THINK_BUDGET", 120.0)
    hinted = tiny_table(client, hints=True)
    r = ask_hint(client, hinted, 0, view(client, hinted, 0)["seq"])
    assert r.status_code == 200 and r.json()["command"] == {"type": "Double"}


def test_the_last_service_to_stop_ends_the_thinking_worker(
        db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A server stopping ends the searching bots' worker process (``server/thinking.py``);
    while another service of the process runs (an app under test beside another), it stays."""
    monkeypatch.setattr(thinking, "_services", 0)  # whatever else this process serves
    outer = TestClient(create_app(settings_for(db_url, tmp_path / "outer")))
    inner = TestClient(create_app(settings_for(db_url, tmp_path / "inner")))
    with outer:
        with inner:
            worker = thinking.pool()
            assert worker.submit(thinking.ready).result(timeout=120) is True
            processes = list(worker._processes.values())
            assert processes and all(p.is_alive() for p in processes)
        assert thinking.pool() is worker  # the other service still sends decisions
    # read from /proc, not ``Process.is_alive``: the executor's own thread reaps the process,
    # and a second ``waitpid`` racing it reads as "still running"
    pids = [p.pid for p in processes]
    deadline = time.monotonic() + 60
    while any(_running(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_running(pid) for pid in pids)


def _running(pid: int | None) -> bool:
    """Whether process ``pid`` runs (Linux: its /proc entry, a zombie counted as ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"
