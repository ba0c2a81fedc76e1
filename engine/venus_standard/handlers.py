"""The registry of event handlers (``@on("EventType")``): one function per event type that
applies it to the state in place. Any module of the ruleset may register handlers; the
modules are imported by ``wiring.py``, so every handler is in place before a game is folded.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.kernel import hooks

from .state import StandardState

Handler = Callable[[StandardState, dict[str, Any]], None]
HANDLERS: dict[str, Handler] = {}


def on(*types: str) -> Callable[[Handler], Handler]:
    """Register ``fn`` as the handler of ``types``; a type has one handler (a second
    registration of the same type is a programming error)."""

    def register(fn: Handler) -> Handler:
        for t in types:
            old = HANDLERS.get(t)
            if old is not None and _name(old) != _name(fn):
                raise ValueError(f"event type {t!r} already has a handler")
            HANDLERS[t] = fn
        return fn

    return register


def _name(fn: Handler) -> str:
    return f"{fn.__module__}.{fn.__qualname__}"


# handlers that run after the owner's handler of an event type another module owns (a title
# counting passengers jettisoned by the trade module's event, say): ``@also("EventType")``
ALSO: dict[str, list[Handler]] = {}


def also(*types: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        for t in types:
            if fn not in ALSO.setdefault(t, []):
                hooks.add(ALSO[t], fn)
        return fn

    return register
