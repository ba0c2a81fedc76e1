"""Lists of hooks that components register into, kept in one order whatever the import order.

A ruleset made of components (the 2012 standard game: each module registers its prompts'
offers, setup steps, round-start hooks, event handlers...) fills module-level lists as its
modules are imported. Appending in import order made a game depend on which module a program
happened to import first: the same seed and commands gave the random bot a differently ordered
``legal_actions`` in a test run that imported a test kit first. ``add`` keeps a list in
source order instead: by module name, then the line the function is defined on (stable for
one function registered twice)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


def source_order(fn: Callable[..., Any]) -> tuple[str, int]:
    """Where ``fn`` is written: its module and first line (0 for a callable with no code)."""
    code = getattr(fn, "__code__", None)
    return (getattr(fn, "__module__", "") or "", code.co_firstlineno if code else 0)


def add(hooks: list[F], fn: F) -> F:
    """Register ``fn`` into ``hooks`` at its place in source order; returns ``fn`` (so a
    decorator can return it)."""
    hooks.append(fn)
    hooks.sort(key=source_order)
    return fn
