"""What ``starport simulate`` counts as used in a game (its ``usage``): event types counted
by name (``COUNTED``) and event types counted under a detail of their own (``DETAILED``,
e.g. ``"mission:<card>"``). Components add theirs from their modules."""

from __future__ import annotations

from collections.abc import Callable

from engine.kernel import Event

COUNTED: set[str] = set()
DETAILED: dict[str, Callable[[Event], str]] = {}
