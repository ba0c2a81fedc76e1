"""A mark that is new after every event applied to any Star Traders state (``evolve.apply``,
and ``ruleset.apply``, whose take-back may restore a state without an event handler), so what
is read off a state held still is kept until the next event (``legal.pending``).

A state is changed only by its events (``docs/architecture.md``, "The rules engine"); the one
edit outside them, ``search.determinize``, edits a fresh copy before anything is read off it.
The mark is an object compared by identity and replaced by one assignment, so a thread's
event can never restore a mark another thread read before it.
"""

from __future__ import annotations


class _Mark:
    __slots__ = ()


mark: object = _Mark()


def changed() -> None:
    """An event was applied: whatever was kept under the old mark is stale."""
    global mark
    mark = _Mark()
