"""An append checks the table's status and the seat's bot flag as the
database has them, in the append's own transaction (not as a process cached them), and
lobby changes reach every process that holds the game."""

from __future__ import annotations

import time
import uuid
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from server.models import SeatRow, TableRow

from .helpers import acting_seat, h, open_table, play, service_of, view


def _prepare(c: Any, table: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The acting seat's token and its first legal command, made against the current seq."""
    seat = acting_seat(c, table)
    token = table["seats"][seat]["token"]
    v = view(c, table, token)
    return token, {"seq": v["seq"], "client_id": uuid.uuid4().hex, "command": v["legal"][0]}


def _command(c: Any, table: dict[str, Any], prepared: tuple[str, dict[str, Any]]
             ) -> httpx.Response:
    token, body = prepared
    return c.post(f"/api/tables/{table['table_id']}/commands", headers=h(token), json=body)


def _behind_the_cache(client: TestClient, statement: Any) -> None:
    """Change the database as another process would, without telling this one."""
    service = service_of(client)
    with service.engine.begin() as conn:
        conn.execute(statement)


def test_a_table_ended_elsewhere_takes_no_command(client: TestClient) -> None:
    table = open_table(client)
    play(client, table, 1)  # the game is cached in this process
    prepared = _prepare(client, table)
    _behind_the_cache(client, update(TableRow).where(TableRow.id == table["table_id"])
                      .values(status="abandoned"))
    r = _command(client, table, prepared)
    assert r.status_code == 422, r.text
    assert r.json()["detail"]["code"] == "game_over"
    assert view(client, table, table["spectator"]["token"])["status"] == "abandoned"


def test_a_seat_given_to_a_bot_elsewhere_refuses_its_player(client: TestClient) -> None:
    table = open_table(client)
    play(client, table, 1)
    seat = acting_seat(client, table)
    _behind_the_cache(client, update(SeatRow).where(SeatRow.table_id == table["table_id"],
                                                    SeatRow.seat == seat).values(bot=True))
    token = table["seats"][seat]["token"]
    v = view(client, table, token)
    r = client.post(f"/api/tables/{table['table_id']}/commands", headers=h(token),
                    json={"seq": v["seq"], "client_id": "x1", "command": v["legal"][0]})
    assert r.status_code == 422, r.text
    assert "bot plays this seat" in r.json()["detail"]["message"]


@pytest.mark.postgres
def test_two_processes_the_host_ends_on_one_the_other_refuses(pg_url: str,
                                                                spawn: Any) -> None:
    a, b = spawn(pg_url), spawn(pg_url)
    with httpx.Client(base_url=a.base) as ca, httpx.Client(base_url=b.base) as cb:
        table = open_table(ca)
        play(cb, table, 2)  # b holds the game
        prepared = _prepare(cb, table)
        r = ca.post(f"/api/tables/{table['table_id']}/end", headers=h(table["host"]["token"]))
        assert r.status_code == 200, r.text
        r = _command(cb, table, prepared)
        assert r.status_code == 422, r.text
        assert r.json()["detail"]["code"] == "game_over"
        export = cb.get(f"/api/tables/{table['table_id']}/export",
                        headers=h(table["spectator"]["token"])).json()
        assert export["status"] == "abandoned"


@pytest.mark.postgres
def test_two_processes_a_bot_takeover_on_one_holds_on_the_other(pg_url: str,
                                                                   spawn: Any) -> None:
    a, b = spawn(pg_url), spawn(pg_url)
    with httpx.Client(base_url=a.base) as ca, httpx.Client(base_url=b.base) as cb:
        table = open_table(ca)
        tid = table["table_id"]
        play(cb, table, 1)  # b holds the game
        seat = acting_seat(cb, table)
        token = table["seats"][seat]["token"]
        v = view(cb, table, token)
        r = ca.post(f"/api/tables/{tid}/seats/{seat}/bot", json={"bot": True},
                    headers=h(table["host"]["token"]))
        assert r.status_code == 200, r.text
        r = cb.post(f"/api/tables/{tid}/commands", headers=h(token),
                    json={"seq": v["seq"], "client_id": "human", "command": v["legal"][0]})
        assert r.status_code in (409, 422), r.text  # 409 if the bot played first
        if r.status_code == 422:
            assert "bot plays this seat" in r.json()["detail"]["message"]
        # the bot plays the seat (whichever process runs it)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and view(cb, table, token)["seq"] == v["seq"]:
            time.sleep(0.1)
        assert view(cb, table, token)["seq"] > v["seq"]
