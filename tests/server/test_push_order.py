"""The pushes after a commit: the acting seat first (``Hub.committed``, issue 14)."""

from __future__ import annotations

import asyncio

from server.hub import Hub, Subscriber


async def _woken_order(acting: dict[str, int | None]) -> list[tuple[str, int]]:
    """Four seat sockets per table; commits of ``acting`` (table -> seat) in one step, as a
    group commit resumes them: the order in which the sockets' senders wake."""
    hub = Hub()
    order: list[tuple[str, int]] = []

    async def sender(sub: Subscriber) -> None:
        while "g" not in await sub.woken():  # the others' presence ("o") as they open
            pass
        order.append((sub.table_id, sub.viewer))

    tasks = []
    for table in acting:
        for seat in range(4):
            sub = Subscriber(table, seat, "seat", sent=0)
            hub.add(sub)
            tasks.append(asyncio.ensure_future(sender(sub)))
    for _ in range(3):
        await asyncio.sleep(0)  # every sender waits, its presence news read
    for table, actor in acting.items():
        hub.committed(table, 1, actor)
    await asyncio.wait_for(asyncio.gather(*tasks), 5)
    return order


def test_every_games_acting_seat_is_woken_before_any_games_observers() -> None:
    acting: dict[str, int | None] = {"t1": 2, "t2": 0, "t3": 3}
    order = asyncio.run(_woken_order(acting))
    assert len(order) == 12 and len(set(order)) == 12  # every socket once
    assert order[:3] == [("t1", 2), ("t2", 0), ("t3", 3)]  # the acks, in commit order
    observers = order[3:]
    assert all(seat != acting[table] for table, seat in observers)
    # the observers follow game by game, in the order of the commits
    assert [t for t, _ in observers] == ["t1"] * 3 + ["t2"] * 3 + ["t3"] * 3


def test_a_bots_command_wakes_the_whole_table_alike() -> None:
    order = asyncio.run(_woken_order({"t1": None}))
    assert sorted(order) == [("t1", s) for s in range(4)]


def test_a_spectator_with_the_acting_seats_number_is_an_observer() -> None:
    async def run() -> list[str]:
        hub = Hub()
        woke: list[str] = []

        async def sender(sub: Subscriber, name: str) -> None:
            while "g" not in await sub.woken():  # the seat's presence ("o")
                pass
            woke.append(name)

        spectator = Subscriber("t", 1, "spectator", sent=0)
        seat = Subscriber("t", 1, "seat", sent=0)
        hub.add(spectator)
        hub.add(seat)
        tasks = [asyncio.ensure_future(sender(spectator, "spectator")),
                 asyncio.ensure_future(sender(seat, "seat"))]
        for _ in range(3):
            await asyncio.sleep(0)
        hub.committed("t", 1, 1)
        await asyncio.wait_for(asyncio.gather(*tasks), 5)
        return woke

    assert asyncio.run(run()) == ["seat", "spectator"]
