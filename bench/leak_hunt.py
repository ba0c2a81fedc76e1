"""What a server keeps of the tables played: a soak (``bench/soak.py``) made small and
in-process, to name the owner of memory that grows with the tables played.

An app (``server.app.create_app``, on a fresh SQLite file, rate limits off, as the server
tests make it) is played by short tables the way the soak plays them: created, joined,
started, watched over websockets (a seat and a spectator), some commands, a chat line, a
read of the table and its log, My games, a link re-issued, then ended by its host and its
replay opened. After ``--tables`` of them and again after twice as many, every finished
game is let go (``evict_idle(0)``, as the sweep does after ten minutes) and a full
collection runs (thawed first: ``server/gcpolicy.py`` freezes), then ``tracemalloc``
compares the two (the bounded caches of frames and timelines cut to ``--keep`` games, so
what they hold is not taken for growth): the allocation sites that grew the most (by
traceback), and the objects of each type that grew in number. What a table leaves behind
after it ended and was let go shows up in both, once per table played.

A capped cache that fills over hours reads as growth too (``docs/operations.md``, The
soak): so every module-level cache of ``engine`` and ``server`` (a ``functools`` cache or a
module dict or set) is counted after the warm-up, after N tables and after 2N, in entries
and in bytes (the objects it alone reaches, deep: the static tables that ``@cache``
functions of one argument hold - boards, decks - counted once, apart), with its cap when
it has one and the bytes it would hold there at the bytes per entry seen. The traced
memory allocated under each engine/server file (anywhere in the traceback) is shown too.

    .venv/bin/python bench/leak_hunt.py                # 20 tables, then 20 more
    .venv/bin/python bench/leak_hunt.py --tables 40 --frames 10 --top 15
"""

from __future__ import annotations

import argparse
import functools
import gc
import random
import sys
import tempfile
import tracemalloc
import types
import uuid
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from fastapi.testclient import TestClient

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from server import frames  # noqa: E402
from server.app import create_app  # noqa: E402
from server.config import Settings  # noqa: E402
from server.timeline import Timelines  # noqa: E402
from tests.server.deep_size import deep_size  # noqa: E402

SKIP = {"SetDrives", "UseGateLock", "TakeBack"}  # they only loop (as the bots skip them)


def h(token: str) -> dict[str, str]:
    return {"X-Starport-Token": token}


def play_table(c: TestClient, rng: random.Random, moves: int) -> str:
    """One short table, played, ended and replayed as the soak's are; its id."""
    seats = rng.choice((2, 2, 3))
    doc = c.post("/api/tables", json={"name": "hunt", "seats": seats, "bots": [],
                                      "options": {"edition": "avalon-hill"}}).json()
    tid = doc["table_id"]
    tokens = [s["token"] for s in doc["seats"]]
    host, spectator = doc["host"]["token"], doc["spectator"]["token"]
    for i, token in enumerate(tokens):
        c.post(f"/api/tables/{tid}/join", json={"name": f"P{i}"}, headers=h(token))
    c.post(f"/api/tables/{tid}/start", headers=h(host))
    hello = {"type": "hello", "after": 0, "view": True, "inline_view": True,
             "inline_ack": True, "view_delta": False}
    with c.websocket_connect(f"/api/tables/{tid}/ws") as seat_ws, \
            c.websocket_connect(f"/api/tables/{tid}/ws") as watch_ws:
        seat_ws.send_json({**hello, "token": tokens[0]})
        watch_ws.send_json({**hello, "token": spectator})
        seat_ws.receive_json()
        watch_ws.receive_json()
        for _ in range(moves):
            v = c.get(f"/api/tables/{tid}/view", headers=h(spectator)).json()
            if not v.get("pending"):
                break
            seat = v["pending"]["seats"][0]
            mine = c.get(f"/api/tables/{tid}/view", headers=h(tokens[seat])).json()
            legal = [a for a in mine["legal"] if a["type"] not in SKIP] or mine["legal"]
            c.post(f"/api/tables/{tid}/commands", headers=h(tokens[seat]),
                   json={"seq": mine["seq"], "client_id": uuid.uuid4().hex,
                         "command": rng.choice(legal)})
        c.post(f"/api/tables/{tid}/chat", json={"text": "gg"}, headers=h(tokens[0]))
        c.get(f"/api/tables/{tid}", headers=h(spectator))
        c.get(f"/api/tables/{tid}/log?after=0", headers=h(spectator))
        c.post("/api/mygames", json={"tokens": [*tokens, host]})
        c.put(f"/api/tables/{tid}/seats/0/alerts", headers=h(tokens[0]),
              json={"quiet_start": "23:00", "quiet_end": "07:00", "time_zone": "Europe/Paris"})
        link = c.post(f"/api/tables/{tid}/seats/1/link", headers=h(host)).json()
        tokens[1] = link.get("token", tokens[1])
    c.post(f"/api/tables/{tid}/end", headers=h(host))
    seq = int(c.get(f"/api/tables/{tid}/history", headers=h(spectator)).json().get("seq") or 0)
    for _ in range(3):
        c.get(f"/api/tables/{tid}/replay?at={rng.randint(0, seq)}", headers=h(spectator))
    return tid


def settle(c: TestClient) -> None:
    """Let every finished game go, as the sweep would, and collect everything."""
    service = c.app.state.service  # type: ignore[attr-defined]
    c.portal.call(service.evict_idle, 0.0)  # type: ignore[union-attr]
    gc.unfreeze()
    gc.collect()
    gc.collect()


def census() -> Counter[str]:
    return Counter(f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.get_objects())


# A module int naming a cache's cap: ``_MAPS_MAX``, ``MADE_BOUND``, ``MARKERS_KEPT``, ``KEEP``.
CAP_WORDS = ("_MAX", "_BOUND", "_KEPT", "KEEP")
# Caches bounded by another's cap (``engine/venus/movement.py``).
CAP_NAMES = {"_RAW": "_TERRAIN_MAX", "_LAST": "_MAPS_MAX", "_SHOWN": "_MAPS_MAX"}


@dataclass
class Cache:
    """One module-level cache as counted: entries, bytes it alone reaches, its cap."""

    name: str
    entries: int
    nbytes: int
    cap: int | None


def _cap_of(module: types.ModuleType, name: str, obj: object) -> int | None:
    if isinstance(obj, functools._lru_cache_wrapper):
        return obj.cache_info().maxsize
    named = vars(module).get(CAP_NAMES.get(name, ""))
    if isinstance(named, int):
        return named
    stem = name.strip("_").split("_")[0]
    caps = [v for k, v in vars(module).items()
            if isinstance(v, int) and not isinstance(v, bool) and k.isupper()
            and any(w in k for w in CAP_WORDS) and stem in k]
    return caps[0] if len(caps) == 1 else None


def module_caches() -> tuple[list[Cache], int]:
    """Every module-level cache of ``engine`` and ``server`` (``functools`` caches, module
    dicts and sets), counted; and the bytes of the static tables (unbounded ``@cache``
    functions of at most one argument: a board, a deck per edition), walked first so that
    the caches are not charged for the boards their entries point at."""
    gc.collect()
    found: list[tuple[str, types.ModuleType, str, object]] = []
    for mod_name, module in sorted(sys.modules.items()):
        if not mod_name.startswith(("engine.", "server.")) or module is None:
            continue
        for name, obj in vars(module).items():
            if isinstance(obj, functools._lru_cache_wrapper):
                if getattr(obj, "__module__", None) != mod_name:
                    continue  # imported from elsewhere: counted there
            elif not (isinstance(obj, (dict, set)) and not name.startswith("__")):
                continue
            found.append((f"{mod_name}.{name}", module, name, obj))
    def is_static(obj: object) -> bool:
        return (isinstance(obj, functools._lru_cache_wrapper)
                and obj.cache_info().maxsize is None
                and obj.__wrapped__.__code__.co_argcount <= 1)

    seen: set[int] = set()
    out: list[Cache] = []
    static = 0
    for label, module, name, obj in sorted(found, key=lambda f: not is_static(f[3])):
        if isinstance(obj, functools._lru_cache_wrapper):
            entries = obj.cache_info().currsize
            nbytes = deep_size(gc.get_referents(obj), seen)
            static += nbytes if is_static(obj) else 0
        else:
            entries = len(obj)  # type: ignore[arg-type]
            nbytes = deep_size([obj], seen)
        out.append(Cache(label, entries, nbytes, _cap_of(module, name, obj)))
    return out, static


def cache_report(rounds: list[tuple[str, list[Cache]]], tables: int) -> None:
    """The caches that grew over the run (or hold 64 KiB or more), round by round."""
    names = [c.name for c in rounds[-1][1]]
    at = [{c.name: c for c in caches} for _, caches in rounds]
    print(f"\nmodule caches (entries / KiB) after {', '.join(r[0] for r in rounds)}; "
          "at cap: the bytes per entry now times the cap")
    for name in names:
        seen = [a.get(name) for a in at]
        last = seen[-1]
        assert last is not None
        first = seen[0]
        grew = first is None or last.entries != first.entries
        if not grew and last.nbytes < 64 * 1024:
            continue
        cells = "  ".join(f"{c.entries:6d} {c.nbytes / 1024:9.1f}" if c else " " * 16
                          for c in seen)
        per = last.nbytes / last.entries if last.entries else 0.0
        cap = (f"cap {last.cap:6d} ~{per * last.cap / 2**20:7.1f} MiB"
               if last.cap else "no cap" if grew else "")
        growth = (f"{(last.entries - first.entries) / tables:+.1f}/table"
                  if first is not None and len(seen) > 2 else "")
        print(f"  {name:52s} {cells}  {growth:12s} {cap}")


def by_file(snapshot: tracemalloc.Snapshot, top: int) -> None:
    """Traced bytes allocated under each engine/server file (anywhere in the traceback)."""
    totals: Counter[str] = Counter()
    for trace in snapshot.traces:
        files = {f.filename for f in trace.traceback}
        for name in files:
            rel = Path(name)
            if ROOT in rel.parents and rel.parts[len(ROOT.parts)] in ("engine", "server"):
                totals[str(rel.relative_to(ROOT))] += trace.size
    print("\ntraced memory held, by engine/server file in its traceback (KiB):")
    for name, size in totals.most_common(top):
        print(f"  {size / 1024:10.1f}  {name}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=20, help="tables per round (2 rounds)")
    parser.add_argument("--moves", type=int, default=25, help="commands per table (at most)")
    parser.add_argument("--frames", type=int, default=10, help="traceback depth")
    parser.add_argument("--top", type=int, default=12, help="allocation sites shown")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=int, default=2,
                        help="games the bounded caches keep (frames, timelines; the server's "
                             "own is 32): fewer than a round's tables, so what they hold "
                             "does not look like growth")
    args = parser.parse_args()
    frames.KEEP = args.keep
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="starport-leak-") as tmp:
        settings = Settings(data_dir=Path(tmp), database_url=f"sqlite:///{tmp}/hunt.sqlite3",
                            rate_limits="off", bot_delay=0.0, scheduler_interval=0.2)
        app = create_app(settings)
        app.state.timelines = lines = Timelines(keep=args.keep)
        with TestClient(app) as c:
            app.state.service.on_evict.append(lines.forget)  # as api.timelines does
            for _ in range(3):  # warm-up: first-use caches filled
                play_table(c, rng, args.moves)
            settle(c)
            rounds = [("warm-up", module_caches()[0])]
            tracemalloc.start(args.frames)
            for _ in range(args.tables):
                play_table(c, rng, args.moves)
            settle(c)
            first, count1 = tracemalloc.take_snapshot(), census()
            rounds.append((f"{args.tables}", module_caches()[0]))
            for _ in range(args.tables):
                play_table(c, rng, args.moves)
            settle(c)
            second, count2 = tracemalloc.take_snapshot(), census()
            caches, static = module_caches()
            rounds.append((f"{2 * args.tables}", caches))
            service = c.app.state.service  # type: ignore[attr-defined]
            print(f"entries in memory: {len(service.entries)}")
            grown = second.compare_to(first, "traceback")
            total = sum(d.size_diff for d in grown)
            print(f"{args.tables} more tables: {total / 2**20:+.2f} MiB traced "
                  f"({total / args.tables / 1024:+.1f} KiB per table)")
            for d in grown[:args.top]:
                print(f"\n{d.size_diff / 1024:+9.1f} KiB {d.count_diff:+7d} blocks")
                for frame in d.traceback.format()[-2 * args.frames:]:
                    print("   ", frame)
            print("\nobjects that grew in number (per table):")
            diff = count2 - count1
            for name, n in diff.most_common(25):
                print(f"  {n / args.tables:8.1f}  {name}")
            cache_report(rounds, args.tables)
            print(f"  (static tables of one-argument @cache functions: {static / 2**20:.1f} MiB)")
            by_file(second, args.top)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
