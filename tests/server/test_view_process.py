"""The seats' views made in a second process (``server/viewproc.py``,
``STARPORT_VIEW_PROCESS=1``): byte for byte what the server makes in-process, at every seq
of random games; pushed over real websockets; and the pushes go on when the process dies.
"""

from __future__ import annotations

import json
import os
import pickle
import random
import signal
import time
from pathlib import Path
from typing import Any

import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.kernel import SPECTATOR, Game
from engine.kernel.errors import CommandRejected
from engine.venus import fast_play
from engine.venus.ruleset import ruleset as venus
from server import frames, store
from server.rulesets import hosted
from server.service import Entry
from server.viewproc import Views
from tests.engine.venus.test_events_unchanged import random_command

from .helpers import open_table
from .test_ws_commands import play_inline
from .wsclient import Viewer


def _wire(msg: tuple[Any, ...]) -> tuple[Any, ...]:
    """A message as the child reads it (pickled across the socket)."""
    out: tuple[Any, ...] = pickle.loads(pickle.dumps(msg, protocol=pickle.HIGHEST_PROTOCOL))
    return out


def _options(edition: str, optional: int, takebacks: bool) -> dict[str, Any]:
    options: dict[str, Any] = {"edition": edition, "takebacks": takebacks}
    if optional == 1 and edition == "avalon-hill":
        options.update(combat=True, rastur=True, small_bank=True)
    elif optional == 2 and edition == "classic-2012":
        options.update({fast_play.OPTION: True, "small_bank": True})
    return options


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edition=st.sampled_from(["avalon-hill", "classic-2012"]),
       optional=st.integers(0, 2), takebacks=st.booleans(), seats=st.integers(2, 4),
       seed=st.integers(0, 2**31), commands=st.integers(10, 70),
       snapshot_at=st.integers(0, 40))
def test_the_process_views_are_the_in_process_views_byte_for_byte(
        edition: str, optional: int, takebacks: bool, seats: int, seed: int, commands: int,
        snapshot_at: int) -> None:
    """Random play (take-backs now and then); at every seq the child's copy (sent the game
    once, as a log or from a snapshot, then each seq's new events, every message pickled as
    on the wire) answers every seat's and a spectator's ``view`` message with exactly the
    bytes ``frames.view_bytes`` makes in-process, each seat's own: no seat's message
    carries what another seat's would."""
    venus_hosted = hosted("venus")
    rng = random.Random(seed)
    game = Game.start(venus, _options(edition, optional, takebacks),
                      [f"p{i}" for i in range(seats)], seed=str(seed))
    entry = Entry("g", venus_hosted, game, "playing", set(), None, 0, committed=game.seq)
    child = Views()
    child.handle(_wire(("L", "g", "venus", game.seed, 0, None, store.events_json(game.events))))
    known = game.seq
    whole = [(s, "seat") for s in range(seats)] + [(SPECTATOR, "spectator")]
    held: frames.Parts | None = None  # the parts of the views answered at the last step
    shown: dict[Any, Any] = {}  # each link's view as a client holding deltas has it
    left_out = 0  # the parts the deltas left out
    for step in range(commands + 1):
        if step == snapshot_at and game.seq > 0:  # the server loaded from a snapshot
            snap = game.snapshot()
            reloaded = Game.from_snapshot(venus, game.seed, snap, [])
            child.handle(_wire(("L", "g", "venus", reloaded.seed, reloaded.base_seq,
                                reloaded._origin, "[]")))
        elif known < game.seq:
            child.handle(_wire(("E", "g", store.events_json(game.events[known - game.seq:]))))
        known = game.seq
        status = "playing" if step % 7 else "abandoned"  # a host ended it: status only
        entry.status = status
        wanted: list[Any] = whole + ([(v, r, held) for v, r in whole] if held else [])
        answer_ = child.handle(_wire(("V", step, "g", game.seq, status, None, wanted)))
        assert answer_ is not None and answer_[0] == "V" and answer_[1] == step, answer_
        made = dict(_wire(answer_)[2])
        theirs = {key: frames.view_bytes(entry, *key) for key in wanted}
        assert made == theirs
        assert answer_[3] == frames.frames_of(entry).parts  # the same digests
        assert len({made[key] for key in whole}) == len(whole)  # each seat's own message
        for key in whole:  # a view without the parts still the same, put together again
            full = json.loads(made[key])
            if held:
                delta = json.loads(made[(*key, held)])
                left_out += len(delta.get("same", []))
                for part in delta.pop("same", []):
                    delta["view"][part] = shown[key]["view"][part]
                assert delta == full
            shown[key] = full
        held = answer_[3]
        pending = game.pending()
        if pending is None:
            break
        seat = pending.seats[0]
        command = random_command(list(venus.legal_actions(game.state, seat)), rng)
        try:
            game.play(seat, command)
        except CommandRejected as exc:
            raise AssertionError(f"{command!r} refused") from exc
        entry.committed = game.seq
    assert left_out or step < 2  # the markets, boxes and options stay for seqs on end


def test_a_copy_at_another_seq_answers_an_error_not_a_view() -> None:
    """The child never answers views of a seq its copy is not at (nor of a game it does
    not hold): the server then makes them itself."""
    game = Game.start(venus, {"edition": "avalon-hill"}, ["a", "b"], seed="s")
    child = Views()
    missing = child.handle(("V", 1, "g", game.seq, "playing", None, [(0, "seat")]))
    assert missing is not None and missing[0] == "X"
    child.handle(("L", "g", "venus", game.seed, 0, None, store.events_json(game.events)))
    out = child.handle(("V", 2, "g", game.seq + 1, "playing", None, [(0, "seat")]))
    assert out is not None and out[:2] == ("X", 2) and "not" in out[2]
    assert "g" not in child.games  # forgotten: the server sends it whole again


def test_a_push_held_for_the_process_writes_what_the_in_process_push_writes(
        db_url: str, tmp_path: Path) -> None:
    """``ws._push_game`` with the view process: the game's idle sockets are held (nothing
    written, none handed back) until it answers, then written the frames the in-process
    push writes for twin sockets, byte for byte, every seat's and a spectator's; a socket
    the game moves for while held waits for the same answer."""
    import asyncio
    import functools

    from server import ws
    from server.hub import Subscriber

    from .test_group_commit import next_command, run, started_game

    async def body(service: Any) -> None:
        views = service.views
        assert views is not None
        for _ in range(1000):  # its imports take a second or so
            if views.up:
                break
            await asyncio.sleep(0.01)
        assert views.up
        views.pusher = functools.partial(ws._push_game, service)
        table_id = await started_game(service)
        loop = asyncio.get_running_loop()
        for _ in range(4):
            seat, seq, command = await next_command(service, table_id)
            await service.submit(table_id, seat, seq, "c" + str(seq), command)
            entry = await service.entry(table_id)
            written: dict[tuple[int, bool], list[bytes]] = {}

            def sub_for(viewer: int, twin: bool, seq: int = seq,
                        written: dict[tuple[int, bool], list[bytes]] = written
                        ) -> Subscriber:
                role = "spectator" if viewer == SPECTATOR else "seat"
                sub = Subscriber(table_id, viewer, role, sent=seq, want_view=True,
                                 inline_view=True)
                out = written.setdefault((viewer, twin), [])

                def direct(parts: list[Any], then: bytes | None) -> bool:
                    out.append(b"".join(bytes(p) for p in parts))
                    if then is not None:
                        out.append(then)
                    return True

                sub.direct = direct
                sub.loop = loop
                sub.waiter = loop.create_future()  # idle: its sender waits for a poke
                return sub

            viewers = [0, 1, SPECTATOR]
            held = [sub_for(v, False) for v in viewers]
            assert ws._push_game(service, table_id, held) == []
            assert all(sub.queued for sub in held) and not any(written.values())
            for _ in range(500):
                if not any(sub.queued for sub in held):
                    break
                await asyncio.sleep(0.01)
            assert not any(sub.queued for sub in held)
            entry.frames = None  # the in-process push makes every view again
            twins = [sub_for(v, True) for v in viewers]
            assert ws._push_game(service, table_id, twins, local=True) == []
            for v in viewers:
                assert written[(v, False)] and written[(v, False)] == written[(v, True)]
        assert views.answers >= 4 and views.fallbacks == 0

    run(db_url, tmp_path, body, view_process=True)


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


def _view_process(pid: int) -> int:
    for child in _children(pid):
        if b"server.viewproc" in Path(f"/proc/{child}/cmdline").read_bytes():
            return child
    raise AssertionError("no view process")



def test_pushes_with_the_view_process_and_after_it_is_killed(db_url: str, spawn: Any,
                                                            tmp_path: Path) -> None:
    """A server with the view process: seats play over their sockets (``inline_view``), each
    push's view is the link's ``GET /view``; the process is killed mid-game (SIGKILL) and
    the pushes go on, views and all, every event once and in order; the log says so. Two
    of the seats' sockets take views that leave out the parts they have (``view_delta``):
    made by the process, then in-process from the digests the process gave."""
    server = spawn(db_url, env={"STARPORT_VIEW_PROCESS": "1"})
    assert server.proc is not None
    helper = _view_process(server.proc.pid)
    with httpx.Client(base_url=server.base) as c:
        table = open_table(c, seats=3)
        seats = [Viewer(server.ws_base, table["table_id"], s["token"], view=True,
                        inline_view=True, inline_ack=True, view_delta=i > 0)
                 for i, s in enumerate(table["seats"])]
        rng = random.Random(14)
        play_inline(c, table, seats, rng, 6)
        before = [len(v.left_out) for v in seats]
        os.kill(helper, signal.SIGKILL)
        time.sleep(0.2)
        play_inline(c, table, seats, rng, 6)
        for i, v in enumerate(seats):
            v.pump(0.3)
            v.assert_unbroken()
            assert all("view" in m for m in v.messages[1:] if m["type"] == "events")
            assert (before[i] > 0 and len(v.left_out) > before[i]) is (i > 0)
    deadline = time.monotonic() + 5
    while "view process failed" not in server.log.read_text() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert "view process failed" in server.log.read_text()


def test_the_view_process_stops_with_the_server(spawn: Any, tmp_path: Path) -> None:
    """The child goes when the server stops: no process left behind."""
    from server.config import database_url

    server = spawn(database_url(None, tmp_path / "data"), env={"STARPORT_VIEW_PROCESS": "1"})
    assert server.proc is not None
    helper = _view_process(server.proc.pid)
    server.stop()
    deadline = time.monotonic() + 10
    while Path(f"/proc/{helper}").exists() and time.monotonic() < deadline:
        with open(f"/proc/{helper}/stat") as f:  # a zombie until its parent is reaped
            if f.read().rsplit(")", 1)[1].split()[0] == "Z":
                break
        time.sleep(0.1)
    alive = Path(f"/proc/{helper}").exists()
    if alive:
        with open(f"/proc/{helper}/stat") as f:
            alive = f.read().rsplit(")", 1)[1].split()[0] != "Z"
    assert not alive


def test_the_setting_is_read_from_the_environment(monkeypatch: Any) -> None:
    from server.config import Settings

    monkeypatch.setenv("STARPORT_VIEW_PROCESS", "1")
    assert Settings.from_env().view_process
    monkeypatch.setenv("STARPORT_VIEW_PROCESS", "0")
    assert not Settings.from_env().view_process
    monkeypatch.delenv("STARPORT_VIEW_PROCESS")
    assert not Settings.from_env().view_process
    assert json.dumps(Settings().view_process) == "false"
