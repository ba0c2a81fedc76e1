"""A seat's legal commands made only as far as a bot reads them (``LazyCommands``), and
``of_types`` and ``except_types``, the commands of some types (or of all others) among any
legal commands.

A game whose full list of legal commands is costly (many combinations a bot seldom plays,
such as deals that may be offered at any time) gives its bots the list in sections
(``GameDefinition.bot_legal``): each section declares the command types it may hold and is
made the first time a bot reads something those types could answer. ``x in legal`` makes
only the sections of ``type(x)``; ``of_types(legal, types)`` only those whose types it asks,
``except_types(legal, types)`` only those that may hold another type;
iterating, ``len`` and indexing make them all, in order, so the list a bot sees is the
ruleset's ``legal_actions`` (less ``TakeBack``) whatever it reads first.

The sections read the state as it is when they are made: the list is for one decision, read
before the state changes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar, overload

from engine.kernel import Command

C = TypeVar("C", bound=Command)

# the command types a section may hold (exact classes), and how to make it
Section = tuple[tuple[type[Command], ...], Callable[[], Iterable[Command]]]


class LazyCommands(Sequence[Command]):
    """Legal commands in sections made on demand (module docstring)."""

    __slots__ = ("_sections", "_made")

    def __init__(self, sections: Sequence[Section]) -> None:
        self._sections = list(sections)
        self._made: list[list[Command] | None] = [None] * len(self._sections)

    def _section(self, i: int) -> list[Command]:
        made = self._made[i]
        if made is None:
            made = self._made[i] = list(self._sections[i][1]())
        return made

    def _all(self) -> list[Command]:
        return [cmd for i in range(len(self._sections)) for cmd in self._section(i)]

    def of(self, types: type[Command] | tuple[type[Command], ...]) -> list[Command]:
        """The commands that are instances of ``types``, in order; only the sections that
        may hold them are made."""
        out: list[Command] = []
        for i, (kinds, _) in enumerate(self._sections):
            for kind in kinds:
                if issubclass(kind, types):
                    out.extend(cmd for cmd in self._section(i) if isinstance(cmd, types))
                    break
        return out

    def other_than(self, types: type[Command] | tuple[type[Command], ...]) -> list[Command]:
        """The commands that are not instances of ``types``, in order; a section that may
        hold only ``types`` is not made."""
        out: list[Command] = []
        for i, (kinds, _) in enumerate(self._sections):
            if not all(issubclass(kind, types) for kind in kinds):
                out.extend(cmd for cmd in self._section(i) if not isinstance(cmd, types))
        return out

    def __contains__(self, value: object) -> bool:
        kind = type(value)  # commands are equal only to commands of their own type
        for i, (kinds, _) in enumerate(self._sections):
            if kind in kinds and value in self._section(i):
                return True
        return False

    def __bool__(self) -> bool:
        return any(self._section(i) for i in range(len(self._sections)))

    def __iter__(self) -> Iterator[Command]:
        for i in range(len(self._sections)):
            yield from self._section(i)

    def __len__(self) -> int:
        return sum(len(self._section(i)) for i in range(len(self._sections)))

    @overload
    def __getitem__(self, index: int) -> Command: ...

    @overload
    def __getitem__(self, index: slice) -> list[Command]: ...

    def __getitem__(self, index: Any) -> Any:
        return self._all()[index]


@overload
def of_types(legal: Sequence[Command], types: type[C]) -> list[C]: ...


@overload
def of_types(legal: Sequence[Command], types: tuple[type[Command], ...]) -> list[Command]: ...


def of_types(legal: Sequence[Command], types: Any) -> Any:
    """The commands of ``legal`` that are instances of ``types``, in order (made only as
    far as needed when ``legal`` is a ``LazyCommands``)."""
    if isinstance(legal, LazyCommands):
        return legal.of(types)
    return [cmd for cmd in legal if isinstance(cmd, types)]


def except_types(legal: Sequence[Command],
                 types: type[Command] | tuple[type[Command], ...]) -> list[Command]:
    """The commands of ``legal`` that are not instances of ``types``, in order (a
    ``LazyCommands`` makes only the sections that may hold others)."""
    if isinstance(legal, LazyCommands):
        return legal.other_than(types)
    return [cmd for cmd in legal if not isinstance(cmd, types)]
