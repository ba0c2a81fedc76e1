"""The links' cache in front of the database (``Service.identify``): a link in use is looked
up again in the background before its trust runs out, so the command that uses it does not
wait for the database; it never answers past its trust; and a lookup that was on its way
while a link was re-issued is not cached (its answer may be older than the re-issue)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from sqlalchemy import Connection

from server import store
from server.service import Service

from .test_group_commit import run


async def new_table(service: Service) -> tuple[str, dict[str, Any]]:
    def create(conn: Connection) -> tuple[str, dict[str, Any]]:
        return store.create_table(conn, name="t", ruleset="venus", options={}, seats=2,
                                  bots=[], turn_timer=None)

    return await service.write(create)


async def revoke_elsewhere(service: Service, table_id: str, seat: int) -> None:
    """The link re-issued as by another process whose hint has not come yet."""
    def revoke(conn: Connection) -> None:
        store.revoke_tokens(conn, table_id, "seat", seat)

    await service.write(revoke)


def counting(service: Service, monkeypatch: Any) -> list[str]:
    """The lookups that reach the database (their first token)."""
    looked: list[str] = []
    look_up = service._look_up

    async def counted(table_id: str, tokens: list[str]) -> Any:
        looked.append(tokens[0])
        return await look_up(table_id, tokens)

    monkeypatch.setattr(service, "_look_up", counted)
    return looked


def test_a_link_near_the_end_of_its_trust_is_looked_up_behind_the_command(
        db_url: str, tmp_path: Path, monkeypatch: Any) -> None:
    async def body(service: Service) -> None:
        table_id, tokens = await new_table(service)
        token = tokens["seats"][0]
        (ident,) = await service.identify(table_id, [token])
        key = (table_id, token)
        now = time.monotonic()
        service.token_cache[key] = (ident, now + 60, now - 1)  # trusted, due to be looked up
        await revoke_elsewhere(service, table_id, 0)
        looked = counting(service, monkeypatch)
        # the command is answered from the cache (still trusted), the lookup goes behind it
        assert await service.identify(table_id, [token]) == [ident]
        assert key in service.token_refreshing
        assert await service.identify(table_id, [token]) == [ident]  # one lookup at a time
        await asyncio.gather(*service.tasks)
        assert looked == [token]
        assert key not in service.token_refreshing
        # the background lookup saw the re-issue: the next command is refused, no lookup
        assert await service.identify(table_id, [token]) == []
        assert looked == [token]

    run(db_url, tmp_path, body)


def test_a_link_past_its_trust_is_looked_up_before_it_answers(
        db_url: str, tmp_path: Path, monkeypatch: Any) -> None:
    async def body(service: Service) -> None:
        table_id, tokens = await new_table(service)
        token = tokens["seats"][1]
        (ident,) = await service.identify(table_id, [token])
        now = time.monotonic()
        service.token_cache[(table_id, token)] = (ident, now - 1, now - 2)
        await revoke_elsewhere(service, table_id, 1)
        looked = counting(service, monkeypatch)
        assert await service.identify(table_id, [token]) == []
        assert looked == [token]
        hit = service.token_cache[(table_id, token)]
        assert hit[0] is None and hit[2] < hit[1]  # looked up again before its trust ends

    run(db_url, tmp_path, body)


def test_a_lookup_on_its_way_while_a_link_is_reissued_is_not_cached(
        db_url: str, tmp_path: Path, monkeypatch: Any) -> None:
    async def body(service: Service) -> None:
        table_id, tokens = await new_table(service)
        token = tokens["host"]
        db = service.db

        async def reissued_meanwhile(fn: Any, *args: Any, **kwargs: Any) -> Any:
            answer = await db(fn, *args, **kwargs)  # read before the re-issue was heard of
            service.forget_tokens(table_id)
            return answer

        monkeypatch.setattr(service, "db", reissued_meanwhile)
        found = await service.identify(table_id, [token])
        assert [i.role for i in found] == ["host"]  # this caller asked before the re-issue
        assert (table_id, token) not in service.token_cache
        monkeypatch.setattr(service, "db", db)
        assert [i.role for i in await service.identify(table_id, [token])] == ["host"]
        assert (table_id, token) in service.token_cache

    run(db_url, tmp_path, body)
