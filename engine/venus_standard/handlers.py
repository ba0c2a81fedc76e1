"""The shape of an event handler: one function per event type that applies it to the state
in place. Each module of events keeps its own table (``HANDLERS``: event type -> handler);
``evolve.py`` folds the game with all of them (``docs/architecture.md``: event sourcing).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from .state import StandardState

Handler = Callable[[StandardState, dict[str, Any]], None]
K = TypeVar("K")
V = TypeVar("V")


def merged(*tables: Mapping[K, V]) -> dict[K, V]:
    """One table of several modules' own; a key in two of them is a programming error (an
    event type has one handler, a command class one rule)."""
    out: dict[K, V] = {}
    for table in tables:
        for key, value in table.items():
            if key in out:
                raise ValueError(f"{key!r} is in two tables")
            out[key] = value
    return out
