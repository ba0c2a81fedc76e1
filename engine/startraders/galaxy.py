"""The galaxy: 36 worlds numbered 11-66 and the coloured jumplines ("Movement").

The printed board has no public transcription, so the map in ``data/galaxy.json`` is our
design (marked as ours in the file; the choices are in ``docs/star-traders.md``). The file is
validated at load: every world 11-66 exactly once (the first digit its arm 1-5 or the hub 6,
so a random jump of two dice always names a world), names as in the contract list, six
starred start worlds (one per arm and Capital), six shipyards (Capital and each arm's end),
jumplines between existing worlds, no duplicates, and every world reachable.
"""

from __future__ import annotations

from collections import deque
from enum import StrEnum
from functools import cache
from importlib import resources

from pydantic import BaseModel, ConfigDict, model_validator

CAPITAL = 66
HUB = 6


class LineColor(StrEnum):
    """A jumpline's colour and the minimum roll of a regular jump along it (Movement)."""

    ORANGE = "orange"
    RED = "red"
    VIOLET = "violet"
    BLUE = "blue"
    GREEN = "green"

    @property
    def minimum(self) -> int:
        return {"orange": 2, "red": 3, "violet": 4, "blue": 5, "green": 6}[self.value]


class World(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    number: int
    name: str
    x: float
    y: float
    starred: bool = False
    shipyard: bool = False

    @property
    def arm(self) -> int:
        """The first digit: the galactic arm 1-5, or 6 for the central hub."""
        return self.number // 10


class Jumpline(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    a: int
    b: int
    color: LineColor

    @property
    def id(self) -> str:
        """Stable id of the line: ``line-<low>-<high>``."""
        lo, hi = sorted((self.a, self.b))
        return f"line-{lo}-{hi}"


def all_world_numbers() -> list[int]:
    """Every number two dice can make, first die then second: 11..66 without 0s or 7s."""
    return [10 * a + b for a in range(1, 7) for b in range(1, 7)]


class GalaxyData(BaseModel):
    """The galaxy file: worlds with coordinates and the jumplines between them."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    ours: str
    worlds: list[World]
    jumplines: list[Jumpline]

    @model_validator(mode="after")
    def _check(self) -> GalaxyData:
        numbers = [w.number for w in self.worlds]
        if sorted(numbers) != all_world_numbers():
            raise ValueError("the galaxy needs each world 11-66 (digits 1-6) exactly once")
        starred = sorted(w.number for w in self.worlds if w.starred)
        if len(starred) != 6 or sorted({n // 10 for n in starred}) != [1, 2, 3, 4, 5, 6] \
                or CAPITAL not in starred:
            raise ValueError("Setting Up 5: six starred worlds, one per arm and Capital (66)")
        yards = [w for w in self.worlds if w.shipyard]
        if len(yards) != 6 or CAPITAL not in {w.number for w in yards}:
            raise ValueError("Engines: six shipyards, Capital and the end of each arm")
        seen: set[str] = set()
        for line in self.jumplines:
            if line.a == line.b or line.a not in numbers or line.b not in numbers:
                raise ValueError(f"jumpline {line.a}-{line.b} must join two different worlds")
            if line.id in seen:
                raise ValueError(f"jumpline {line.id} is listed twice")
            seen.add(line.id)
        if len(_reachable(self.jumplines, numbers[0])) != len(numbers):
            raise ValueError("every world must be reachable along the jumplines")
        return self


def _reachable(lines: list[Jumpline], start: int) -> set[int]:
    adj: dict[int, list[int]] = {}
    for ln in lines:
        adj.setdefault(ln.a, []).append(ln.b)
        adj.setdefault(ln.b, []).append(ln.a)
    seen, todo = {start}, deque([start])
    while todo:
        for nxt in adj.get(todo.popleft(), []):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


class Galaxy:
    """The loaded galaxy with lookups: worlds by number, lines by endpoint pair."""

    def __init__(self, data: GalaxyData) -> None:
        self.data = data
        self.worlds: dict[int, World] = {w.number: w for w in data.worlds}
        self.lines: dict[frozenset[int], Jumpline] = {
            frozenset((ln.a, ln.b)): ln for ln in data.jumplines}
        self.neighbours: dict[int, dict[int, LineColor]] = {n: {} for n in self.worlds}
        for ln in data.jumplines:
            self.neighbours[ln.a][ln.b] = ln.color
            self.neighbours[ln.b][ln.a] = ln.color

    def line(self, a: int, b: int) -> Jumpline | None:
        return self.lines.get(frozenset((a, b)))

    def name(self, number: int) -> str:
        return self.worlds[number].name

    @property
    def starred(self) -> list[int]:
        return sorted(n for n, w in self.worlds.items() if w.starred)

    def is_shipyard(self, number: int) -> bool:
        return self.worlds[number].shipyard


def load_galaxy_data(text: str | None = None) -> GalaxyData:
    """Parse and validate a galaxy file (default: the packaged one)."""
    if text is None:
        text = resources.files("engine.startraders").joinpath("data/galaxy.json").read_text(
            "utf-8")
    return GalaxyData.model_validate_json(text)


@cache
def load_galaxy() -> Galaxy:
    return Galaxy(load_galaxy_data())
