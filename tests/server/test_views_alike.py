"""A seq's view messages are made once and shared (``server/frames.py``: the public view,
the acting seat's legal commands and extras, the tail of the links that see the seq alike,
the parts a socket holds; ``docs/performance.md``, The levers): the bytes of every link,
whole and without the parts it holds (``view_delta``), in whatever order the sockets ask, are
those a link asking alone makes (the uncached path: a fresh ``Entry`` of the same game, whose
frames hold nothing yet), along seeded games of every hosted game.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.kernel import SPECTATOR, Game
from server import frames as fr
from server.entries import Entry
from server.rulesets import hosted

STARTS: dict[str, list[dict[str, Any]]] = {
    "venus": [{"edition": "avalon-hill"}, {"edition": "classic-2012"},
              {"edition": "avalon-hill", "combat": True, "rastur": True}],
    "venus-standard": [{}],
    "star-traders": [{}],
}
GAMES = [(game_id, options) for game_id, starts in STARTS.items() for options in starts]
LINKS = [(0, "seat"), (1, "seat"), (2, "seat"), (3, "seat"),
         (SPECTATOR, "spectator"), (SPECTATOR, "host")]
FIDDLING = {"SetDrives", "UseGateLock", "TakeBack"}  # as bench/server_load.py plays


def entry_of(game_id: str, options: dict[str, Any], seed: int) -> Entry:
    h = hosted(game_id)
    game = Game.start(h.ruleset, options, ["Ann", "Bob", "Cy", "Di"], seed)
    return Entry(f"g{seed}", h, game, "playing", set(), None, 0, committed=game.seq)


def alone(entry: Entry, viewer: int, role: str, held: fr.Parts | None) -> bytes:
    """The link's view as it is made when no other link asked for this seq's views: an entry
    of the same game whose frames are new."""
    fresh = Entry(entry.game_id, entry.hosted, entry.game, entry.status, set(), None, 0,
                  committed=entry.committed)
    return fr.view_bytes(fresh, viewer, role, held)


def step(entry: Entry, rng: random.Random) -> bool:
    """A random legal command of a seat the game waits for; False once it waits for none."""
    rules = entry.hosted.ruleset
    p = entry.pending()
    if p is None:
        return False
    seat = p.seats[0]
    legal = list(rules.legal_actions(entry.game.state, seat))
    legal = [c for c in legal if c.type not in FIDDLING] or legal
    if not legal:
        return False
    entry.game.play(seat, rng.choice(legal))
    entry.committed = entry.game.seq
    return True


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_every_links_view_is_the_one_it_gets_asking_alone(
        game_id: str, options: dict[str, Any]) -> None:
    for seed in (1, 2):  # up to 70 seqs of each game each, six links at each
        entry = entry_of(game_id, options, seed)
        rng = random.Random(seed)
        held: dict[tuple[int, str], fr.Parts | None] = {}
        for _ in range(70):
            order = rng.sample(LINKS, len(LINKS))
            for viewer, role in order:
                had = held.get((viewer, role))
                sent = fr.view_bytes(entry, viewer, role, had)
                assert sent == alone(entry, viewer, role, had), (entry.seq, viewer, role)
                assert fr.view_bytes(entry, viewer, role) == alone(entry, viewer, role, None)
                held[(viewer, role)] = fr.frames_of(entry).parts
            if not step(entry, rng):
                break
