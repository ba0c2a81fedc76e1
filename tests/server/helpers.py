"""Table set-up and play helpers shared by the server tests (sync httpx-style clients)."""

from __future__ import annotations

import os
import random
import sys
import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from engine import cli

Client = Any  # a TestClient or an httpx.Client: both have .get/.post

if TYPE_CHECKING:
    from server.service import Service


def service_of(client: TestClient) -> Service:
    """The in-process server's game service (``app.state.service``)."""
    assert isinstance(client.app, FastAPI)
    service: Service = client.app.state.service
    return service


def h(token: str) -> dict[str, str]:
    return {"X-Starport-Token": token}


def open_table(c: Client, seats: int = 2, bots: list[int] | None = None,
               **options: Any) -> dict[str, Any]:
    """Create a table, join every human seat, start; answer the creation document."""
    r = c.post("/api/tables", json={"name": "Test table", "seats": seats, "bots": bots or [],
                                    "options": {"edition": "avalon-hill", **options}})
    assert r.status_code == 201, r.text
    table = r.json()
    tid = table["table_id"]
    for i, link in enumerate(table["seats"]):
        if i in (bots or []):
            continue
        r = c.post(f"/api/tables/{tid}/join", json={"name": f"P{i}"}, headers=h(link["token"]))
        assert r.status_code == 200, r.text
    r = c.post(f"/api/tables/{tid}/start", headers=h(table["host"]["token"]))
    assert r.status_code == 200, r.text
    return table


def ruleset_table(c: Client, seats: int = 3, bots: list[int] | None = None,
                  choices: dict[int, str] | None = None, *, ruleset: str, name: str,
                  **options: Any) -> dict[str, Any]:
    """Create a table of ``ruleset``, join every human seat (with its lobby choice, if
    any), start; answer the creation document."""
    r = c.post("/api/tables", json={"name": name, "ruleset": ruleset,
                                    "seats": seats, "bots": bots or [], "options": options})
    assert r.status_code == 201, r.text
    table = r.json()
    for i, link in enumerate(table["seats"]):
        if i in (bots or []):
            continue
        body: dict[str, Any] = {"name": f"P{i}"}
        if choices and i in choices:
            body["choice"] = choices[i]
        r = c.post(f"/api/tables/{table['table_id']}/join", json=body, headers=h(link["token"]))
        assert r.status_code == 200, r.text
    r = c.post(f"/api/tables/{table['table_id']}/start", headers=h(table["host"]["token"]))
    assert r.status_code == 200, r.text
    return table


def send(c: Client, table: dict[str, Any], seat: int, command: dict[str, Any]) -> Any:
    """Post ``command`` for ``seat`` at the seq it sees now; answer the raw response."""
    token = table["seats"][seat]["token"]
    seq = view(c, table, token)["seq"]
    return c.post(f"/api/tables/{table['table_id']}/commands", headers=h(token),
                  json={"seq": seq, "client_id": uuid.uuid4().hex, "command": command})


def play_at_random(c: Client, table: dict[str, Any], most: int, rng: random.Random,
                   usable: Callable[[dict[str, Any]], bool]) -> None:
    """Up to ``most`` commands, each chosen at random (``rng``) among the ``usable`` legal
    ones of the seat the game waits for, until it waits for nobody; each must be accepted."""
    for _ in range(most):
        spectator = view(c, table, table["spectator"]["token"])
        if spectator["pending"] is None:
            return
        seat = spectator["pending"]["seats"][0]
        legal = [a for a in view(c, table, table["seats"][seat]["token"])["legal"] if usable(a)]
        r = send(c, table, seat, rng.choice(legal))
        assert r.status_code == 200, r.text


def view(c: Client, table: dict[str, Any], token: str) -> dict[str, Any]:
    r = c.get(f"/api/tables/{table['table_id']}/view", headers=h(token))
    assert r.status_code == 200, r.text
    return dict(r.json())


def acting_seat(c: Client, table: dict[str, Any]) -> int:
    v = view(c, table, table["spectator"]["token"])
    return int(v["pending"]["seats"][0])


def play(c: Client, table: dict[str, Any], steps: int, rng: random.Random | None = None,
         ) -> list[dict[str, Any]]:
    """Play ``steps`` legal commands (chosen at random, seeded); answer the command replies."""
    rng = rng or random.Random(7)
    out = []
    for _ in range(steps):
        seat = acting_seat(c, table)
        token = table["seats"][seat]["token"]
        v = view(c, table, token)
        # settings that do not move the game, and take-backs (they would only loop), rarely
        legal = [a for a in v["legal"] if a["type"] not in ("SetDrives", "UseGateLock",
                                                             "TakeBack")]
        command = rng.choice(legal or v["legal"])
        r = c.post(f"/api/tables/{table['table_id']}/commands", headers=h(token),
                   json={"seq": v["seq"], "client_id": uuid.uuid4().hex, "command": command})
        assert r.status_code == 200, r.text
        out.append(r.json())
    return out


def serve_forked(argv: list[str], env: dict[str, str], log: str, cwd: str) -> None:
    """``starport <argv>`` (``python -m engine.cli``) in this process, forked from a fork
    server that imported the app already (``tests/server/conftest.py``): the environment,
    working directory and output (``log``) a fresh process would have been given."""
    os.chdir(cwd)
    os.environ.clear()
    os.environ.update(env)
    out = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    os.dup2(out, 1)
    os.dup2(out, 2)
    os.close(out)
    sys.exit(cli.main(argv))
