"""The engine's module caches stay bounded in bytes, and a game let go leaves no entry that
only it could use (``docs/operations.md``, The soak): a capped cache fills over hours, so
what it holds at its cap is what a server that ran all night keeps. Counted in entries and
bytes (what each entry alone reaches), never in the process's memory."""

from __future__ import annotations

import gc
import random

from fastapi.testclient import TestClient

from engine.venus import movement
from engine.venus.board import load_board
from engine.venus.bots import navigation
from engine.venus.components import load_components
from engine.venus.simulation import play_game

from .deep_size import deep_size
from .helpers import open_table
from .test_memory_tables import _played_and_let_go

# Every engine cache at its cap, together (the boards and decks apart): a server's memory
# besides the games it plays.
BOUND = 64 * 2**20


def test_the_engine_caches_at_their_caps_stay_under_the_bound() -> None:
    # emptied first, as a cache at its cap empties itself: the entries measured are this
    # game's alone, not whatever earlier tests of this process left (and kept alive)
    navigation.distances.cache_clear()
    navigation._indexed.cache_clear()
    for table in (movement._TERRAIN, movement._RAW, movement._MAPS, movement._LAST,
                  movement._TURN_MOVERS):
        table.clear()
    play_game(["trader"] * 4, "caches", {"game_length": 2000})  # bots: the distance caches
    gc.collect()
    seen: set[int] = set()
    deep_size([load_board("avalon-hill"), load_components()], seen)  # shared
    caches: dict[str, tuple[int, int, int]] = {}  # name -> (entries, bytes, cap)
    for name, wrapper in (("distances", navigation.distances),
                          ("_indexed", navigation._indexed)):
        info = wrapper.cache_info()
        assert info.maxsize is not None
        caches[name] = (info.currsize, deep_size(gc.get_referents(wrapper), seen),
                        info.maxsize)
    for name, table, cap in (("_TERRAIN", movement._TERRAIN, movement._TERRAIN_MAX),
                             ("_RAW", movement._RAW, movement._TERRAIN_MAX),
                             ("_MAPS", movement._MAPS, movement._MAPS_MAX),
                             ("_LAST", movement._LAST, movement._MAPS_MAX),
                             ("_TURN_MOVERS", movement._TURN_MOVERS,
                              movement._TURN_MOVERS_MAX)):
        caches[name] = (len(table), deep_size([table], seen), cap)
    at_cap = {name: nbytes / entries * cap
              for name, (entries, nbytes, cap) in caches.items() if entries}
    assert {"distances", "_indexed", "_RAW"} <= set(at_cap)  # a bot game fills these
    figures = ", ".join(f"{n} {b / 2**20:.1f} MiB" for n, b in at_cap.items())
    assert sum(at_cap.values()) < BOUND, figures


def test_a_game_let_go_leaves_no_mover_in_the_turn_memo(client: TestClient) -> None:
    rng = random.Random(5)
    games = [_played_and_let_go(client, rng) for _ in range(3)]
    open_table(client)  # the writer's last batch (server/commit.py) is let go by the next
    gc.unfreeze()  # a serving process freezes what is alive (server/gcpolicy.py)
    gc.collect()
    assert all(g() is None for g in games)
    dead = [key for key, (_, mover) in movement._TURN_MOVERS.items() if mover._state() is None]
    assert not dead, f"{len(dead)} of {len(movement._TURN_MOVERS)} Movers of states gone"
