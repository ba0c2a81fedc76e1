"""Two server processes serving one game (PostgreSQL: LISTEN/NOTIFY carries the hints)."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.hub import game_payload, hint_events, parse_hint
from server.service import Service

from .conftest import settings_for
from .helpers import acting_seat, h, open_table, play, view
from .test_group_commit import next_command, started_game
from .wsclient import Viewer

pytestmark = pytest.mark.postgres


def test_racing_commands_through_two_processes_exactly_one_lands(pg_url: str,
                                                                   spawn: Any) -> None:
    a, b = spawn(pg_url), spawn(pg_url)
    with httpx.Client(base_url=a.base) as ca, httpx.Client(base_url=b.base) as cb:
        table = open_table(ca)
        tid = table["table_id"]
        for round_ in range(6):
            seat = acting_seat(ca, table)
            token = table["seats"][seat]["token"]
            v = view(ca, table, token)
            headings = [x for x in v["legal"] if x["type"] == "DeclareHeading"][:2]
            if len(headings) < 2:
                play(ca, table, 1)
                continue
            bodies = [{"seq": v["seq"], "client_id": f"race-{round_}-{i}", "command": cmd}
                      for i, cmd in enumerate(headings)]
            def send(pair: tuple[httpx.Client, dict[str, Any]], token: str = token) -> Any:
                return pair[0].post(f"/api/tables/{tid}/commands", json=pair[1],
                                    headers=h(token))

            with ThreadPoolExecutor(2) as pool:
                answers = list(pool.map(send, [(ca, bodies[0]), (cb, bodies[1])]))
            codes = sorted(r.status_code for r in answers)
            assert codes == [200, 409], [r.text for r in answers]
            lost = next(r for r in answers if r.status_code == 409).json()["detail"]
            won = next(r for r in answers if r.status_code == 200).json()
            assert lost["seq"] == won["seq"]
            # move on so the next round races from a fresh position
            play(cb, table, 2)
        log = cb.get(f"/api/tables/{tid}/log", headers=h(table["spectator"]["token"])).json()
        assert [e["seq"] for e in log["events"]] == list(range(1, log["seq"] + 1))


def test_two_processes_both_push_every_event(pg_url: str, spawn: Any) -> None:
    a, b = spawn(pg_url), spawn(pg_url)
    with httpx.Client(base_url=a.base) as ca, httpx.Client(base_url=b.base) as cb:
        table = open_table(ca)
        tid = table["table_id"]
        on_a = Viewer(a.ws_base, tid, table["seats"][0]["token"])
        on_b = Viewer(b.ws_base, tid, table["seats"][1]["token"])
        spectator_b = Viewer(b.ws_base, tid, table["spectator"]["token"])
        last = 0
        for i in range(12):
            last = play(ca if i % 2 else cb, table, 1)[-1]["seq"]
        for viewer in (on_a, on_b, spectator_b):
            viewer.until(last)
            viewer.pump()
            viewer.assert_unbroken()
            assert viewer.seqs[-1] == last


def test_a_hint_carries_the_events_and_the_other_process_applies_them(
        pg_url: str, tmp_path: Path) -> None:
    """Two services on one database (two processes' worth): a command played through one
    reaches the other's copy of the game by the NOTIFY's payload, applied to its state, with
    no read of the events from the database; the copies agree."""
    async def main() -> None:
        one = Service(settings_for(pg_url, tmp_path / "one"))
        other = Service(settings_for(pg_url, tmp_path / "other"))
        await one.start()
        await other.start()
        try:
            game_id = await started_game(one)
            watched = await other.entry(game_id)
            assert watched is not None
            reads: list[int] = []
            real = other._catch_up_locked

            async def counting(entry: Any) -> Any:
                reads.append(entry.seq)
                return await real(entry)

            other._catch_up_locked = counting  # type: ignore[method-assign]
            for _ in range(4):
                seat, seq, command = await next_command(one, game_id)
                out = await one.submit(game_id, seat, seq, None, command)
                deadline = time.monotonic() + 10
                while watched.committed < out.seq:
                    assert time.monotonic() < deadline, "the hint never came"
                    await asyncio.sleep(0.01)
            mine = await one.entry(game_id)
            assert mine is not None and reads == []
            rules = mine.hosted.ruleset
            assert rules.dump_state(watched.game.state) == rules.dump_state(mine.game.state)
            assert [e.model_dump() for e in watched.game.events[-3:]] == [
                e.model_dump() for e in mine.game.events[-3:]]
        finally:
            await other.stop()
            await one.stop()

    asyncio.run(main())


def test_a_hint_too_big_for_a_notify_goes_without_its_events() -> None:
    """PostgreSQL refuses a payload of 8000 bytes: the hint then says only the seq (and the
    other processes read the events from the database)."""
    small = game_payload("g1", 5, '[[5,"Rolled",{"kind":"public","seats":[]},true,1,{}]]')
    assert hint_events(small) is not None and parse_hint(small) == ("g", "g1", 5)
    big = game_payload("g1", 5, "[" + " " * 8000 + "]")
    assert big == "g g1 5" and hint_events(big) is None
