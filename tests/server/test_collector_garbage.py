"""A serving process freezes what is alive instead of walking it in young collections
(``gcpolicy.py``, ``docs/performance.md`` "The levers"), so a reference cycle made
between two freezes waits for the timed full collection. These tests hold the process to
what that needs: play over websockets -- the upgrade, the hello, commands and their pushes,
the rulesets' document the start page reads -- leaves no cyclic garbage on the server's
side, and the freezes and the thawing full collection do what the policy says."""

from __future__ import annotations

import asyncio
import gc
import random
import uuid
import weakref
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from server import gcpolicy
from server.app import create_app
from server.timeouts import guarded_http
from server.wsproto import Protocol

from .conftest import FORKS, settings_for, uvicorn_thread
from .helpers import open_table
from .test_loop_tail import Cycle
from .test_ws_commands import FIDDLING, answer, latest_view, send
from .wsclient import Viewer

# where a cycle would be the server's own making (the test's clients -- httpx, websockets'
# client side -- may leave theirs: not the server's)
SERVER_SIDE = ("server.", "engine.", "uvicorn.", "httptools", "starlette.", "fastapi.",
               "pydantic", "websockets.server", "sqlalchemy.")


@contextmanager
def _served(data: Path) -> Iterator[str]:
    """Our app under uvicorn in a thread, with the protocols ``app.run`` gives it; its URL."""
    settings = settings_for(f"sqlite:///{data / 'garbage.sqlite3'}", data)
    with uvicorn_thread(create_app(settings), http=guarded_http(settings.header_timeout),
                        ws=Protocol, ws_per_message_deflate=False,
                        ws_ping_interval=None) as port:
        yield f"127.0.0.1:{port}"


def _play(base: str, table: dict[str, Any], commands: int, rng: random.Random) -> None:
    """Both seats' sockets opened (the upgrade, the hello), ``commands`` commands sent over
    them, each from the legal commands pushed with the last event; the sockets stay open."""
    tid = table["table_id"]
    seats = [Viewer(f"ws://{base}", tid, s["token"], view=True, inline_view=True,
                    inline_ack=True, view_delta=True) for s in table["seats"]]
    seq = seats[0].hello["seq"]
    for _ in range(commands):
        views = [_view_at(v, seq) for v in seats]
        acting = views[0]["pending"]["seats"][0]
        mine = views[acting]
        command = rng.choice([a for a in mine["legal"] if a["type"] not in FIDDLING]
                             or mine["legal"])
        cid = uuid.uuid4().hex
        send(seats[acting], seq=mine["seq"], client_id=cid, command=command)
        ack = answer(seats[acting], cid)
        assert ack["type"] == "ack", ack
        seq = ack["seq"]
        for v in seats:
            v.until(seq)


def _view_at(v: Viewer, seq: int) -> dict[str, Any]:
    """The socket's view at ``seq``: pushed in its events message (hello ``inline_view``),
    or the ``view`` message that follows the hello."""
    if seq:
        v.until(seq)
    if v.last_view is not None and v.last_view["seq"] >= seq:
        return v.last_view
    return latest_view(v, seq)


def _server_side(garbage: list[Any]) -> Counter[str]:
    kinds: Counter[str] = Counter()
    for obj in garbage:
        module = getattr(type(obj), "__module__", "") or ""
        if module.startswith(SERVER_SIDE):
            kinds[f"{module}.{type(obj).__qualname__}"] += 1
    return kinds


def test_play_over_websockets_leaves_no_cyclic_garbage_on_the_servers_side(
        tmp_path: Path) -> None:
    """Tables are opened first (an HTTP write's SQLAlchemy expressions may hold cycles: the
    full collection's, ``gcpolicy``); then, with every collected object kept for a look
    (``gc.DEBUG_SAVEALL``): the start page's ``GET /api/rulesets`` three times, two seats'
    websockets upgraded and greeted, eight commands over them with their pushes. Before the
    upgrade's protocol let go of its parser, each websocket left ~25 objects in a cycle
    (uvicorn's HTTP protocol, the parser and its six bound callbacks); each rulesets
    document, a few hundred (pydantic's schema generator).

    Measured in a process of its own, forked from this worker's fork server: the collector
    is the process's, and a worker's other servers (the browser tests' server, whose bots
    play on after their test) make garbage of their own while this one plays."""
    with ProcessPoolExecutor(max_workers=1, mp_context=FORKS) as alone:
        kinds = alone.submit(_garbage_of_play, str(tmp_path)).result(timeout=240)
    assert not kinds, f"cyclic garbage on the server's side: {kinds.most_common(12)}"


def _garbage_of_play(data: str) -> Counter[str]:
    """The server-side kinds of the cyclic garbage the play above leaves (run alone in a
    process)."""
    rng = random.Random(14)
    with _served(Path(data)) as served, httpx.Client(base_url=f"http://{served}") as c:
        tables = [open_table(c, seats=2) for _ in range(2)]
        _play(served, tables[0], 2, rng)  # the first use of every path: caches filled
        c.get("/api/rulesets")
        gc.collect()
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            for _ in range(3):
                assert c.get("/api/rulesets").status_code == 200
            _play(served, tables[1], 8, rng)
            gc.collect()
            return _server_side(list(gc.garbage))
        finally:
            gc.set_debug(0)
            gc.garbage.clear()


def test_freezes_put_what_is_alive_out_of_the_young_collections_sight(
        collector: None) -> None:
    """A freeze every tick: what was alive is in the permanent generation and the young
    count starts again, so a young collection would walk only what came since."""
    alive = [[i] for i in range(5_000)]

    async def run() -> None:
        task = asyncio.ensure_future(gcpolicy.freezes(0.01))
        await asyncio.sleep(0.1)
        task.cancel()

    gc.unfreeze()
    gc.collect()
    asyncio.run(run())
    frozen = gc.get_freeze_count()
    assert frozen >= len(alive)
    assert gc.get_count()[0] < len(alive)


def test_the_thawing_full_collection_frees_a_frozen_cycle_and_freezes_again(
        collector: None) -> None:
    """A cycle frozen while alive, then dropped, is garbage no young collection sees; the
    timed full collection thaws, frees it, and freezes what is left."""
    cycle = Cycle()
    gone = weakref.ref(cycle)
    gc.freeze()
    del cycle
    gc.collect()
    assert gone() is not None  # frozen: out of every collection's sight

    async def run() -> None:
        task = asyncio.ensure_future(gcpolicy.full_collections(0.01, thaw=True))
        await asyncio.sleep(0.1)
        task.cancel()

    asyncio.run(run())
    assert gone() is None
    assert gc.get_freeze_count() > 0  # frozen again after it
