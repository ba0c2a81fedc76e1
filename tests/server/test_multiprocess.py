"""Two server processes serving one game (PostgreSQL: LISTEN/NOTIFY carries the hints)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest

from .helpers import acting_seat, h, open_table, play, view
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
