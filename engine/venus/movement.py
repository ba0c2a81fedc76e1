"""Movement on the cluster: what single moves are legal from where a ship is (rules 5, 6, 8).

Everything here is pure: a :class:`Mover` holds the facts of one turn that do not change
while the ship moves (its drives, relics, shields, the face-up Tele Gates, the dice), and
:class:`Position` is the part that does (dot, MP left, paths used, Pilot Number). The rules
module turns the chosen :class:`Step` into events; the reachability query searches with it.
"""

from __future__ import annotations

import functools
import itertools
import weakref
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from .board import Board, DotColor, DotKind, LinkKind
from .encounters import destination_gate_idle, jump_start_warp_mp, per_gate_lock
from .look import held
from .state import Marker, Player, QBox, Turn, VenusState

DRIVE_COLORS: dict[str, frozenset[DotColor]] = {
    "yellow_drive": frozenset({DotColor.YELLOW}),
    "red_drive": frozenset({DotColor.RED}),
    "combined_drive": frozenset({DotColor.YELLOW, DotColor.RED}),
    "relic_yellow_drive": frozenset({DotColor.YELLOW}),
}
SHIELD_SAVING = 20  # 8.3


# Terrain caches shared between Movers (see ``Mover.__post_init__``), bounded: a bot game's
# raw moves take ~200 KiB per terrain, so 64 terrains hold ~12 MiB at most, 256 held ~50 MiB
# (``docs/operations.md``, The soak; ``bench/leak_hunt.py`` counts them).
_TERRAIN: dict[tuple[object, ...], tuple[dict[str, Marker | None], dict[str, DotFacts],
                                          dict[Any, list[tuple[Step, frozenset[str]]]],
                                          dict[tuple[object, ...], frozenset[str]]]] = {}
_TERRAIN_MAX = 64
_RAW: dict[tuple[object, ...], dict[Any, list[tuple[Step, frozenset[str]]]]] = {}


@dataclass(frozen=True, slots=True)
class _Map:
    """What the "?" boxes show, as a Mover reads it (6.1, 6.5)."""

    boxes: int  # what the boxes show (per box: its face-up marker, or hidden/empty), interned
    gates: dict[int, str]  # face-up Tele Gates: number -> dot (shared: read only)
    gates_key: tuple[tuple[int, str], ...]  # the same, sorted (for the terrain key)
    held: tuple[QBox, ...]  # the boxes themselves: keeps their ids unique while cached


_MAPS: dict[tuple[tuple[str, ...], tuple[int, ...]], _Map] = {}


def _map_of(qboxes: dict[str, QBox]) -> _Map:
    """The "?" boxes' part of the terrain key and the face-up Tele Gates, cached.

    A ``QBox`` is frozen and ``evolve`` replaces it when its marker is revealed, taken or
    blasted (6.1, 6.11, 15.42), and a ``Marker`` is never changed in place; so the same box
    objects at the same dots show the same map. The cache is keyed by the dots and the
    boxes' ids; each entry holds its boxes, so no id is reused while the entry lives.

    The map last read from a dict is kept with it (by its id; the entry holds the dict and a
    copy of it), so the commands of a game, which ask about the same boxes dict over and
    over, only check that it still equals the copy (the same dots with the same boxes, or
    boxes equal to them: the same map)."""
    last = _LAST.get(id(qboxes))
    if last is not None and last[0] is qboxes and last[1] == qboxes:
        return last[2]
    held = tuple(qboxes.values())
    key = (tuple(qboxes), tuple(map(id, held)))
    found = _MAPS.get(key)
    if found is None:
        if len(_MAPS) >= _MAPS_MAX:
            _MAPS.clear()
        found = _MAPS[key] = _read_map(qboxes, held)
    if len(_LAST) >= _MAPS_MAX:
        _LAST.clear()
    _LAST[id(qboxes)] = (qboxes, dict(qboxes), found)
    return found


# The map last read from each boxes dict: id -> (the dict, a copy of it then, the map).
_LAST: dict[int, tuple[dict[str, QBox], dict[str, QBox], _Map]] = {}
# A map holds its game's boxes (~18 KiB): 4,096 of them held ~75 MiB of boxes of games long
# let go; 512 cover the games being played (a miss only reads the boxes again: the shown
# number, and so the terrain key, stays the same; ``docs/operations.md``, The soak).
_MAPS_MAX = 512


def _read_map(qboxes: dict[str, QBox], held: tuple[QBox, ...]) -> _Map:
    boxes = tuple([
        (dot, m.kind, m.number, m.color, m.amount) if box.face_up and m is not None
        else (dot, box.face_up, m is not None)
        for dot, box in qboxes.items()
        for m in (box.marker,)
    ])
    gates: dict[int, str] = {}
    for dot, box in qboxes.items():
        m = box.marker
        if box.face_up and m is not None and m.kind == "telegate" and m.number:
            gates[m.number] = dot
    number = _SHOWN.get(boxes)
    if number is None:
        if len(_SHOWN) >= _MAPS_MAX:
            _SHOWN.clear()  # a view seen again then gets a new number: never a wrong one
        number = _SHOWN[boxes] = next(_SHOWN_NUMBERS)
    return _Map(number, gates, tuple(sorted(gates.items())), held)


# What the boxes show -> a number standing for it in the terrain keys (cheap to hash).
# Numbers are never reused, so clearing the table can only cost cache misses.
_SHOWN: dict[tuple[tuple[object, ...], ...], int] = {}
_SHOWN_NUMBERS = itertools.count()


def working(player: Player) -> list[str]:
    """The equipment keys a ship can use: damaged pieces do nothing until repaired (15.432)."""
    if not player.damaged:
        return player.equipment
    out = list(player.equipment)
    for key in player.damaged:
        if key in out:
            out.remove(key)
    return out


def drives_of(player: Player) -> list[str]:
    """The drive items a ship carries (equipment keys, and the Relic Yellow Drive)."""
    found = [e for e in working(player) if e in DRIVE_COLORS]
    if "yellow_drive" in player.relics:
        found.append("relic_yellow_drive")
    return found


def shields_of(player: Player) -> int:
    """8.3: every Shield carried (hull, holds and the Relic Shield) saves $20; a damaged
    Shield saves nothing (15.432)."""
    return working(player).count("shield") + player.relics.count("shield")


FORT_PENALTY = 60  # 15.1, 15.13 (components: fort.penalty)


def marker_penalty(state: VenusState, dot: str, seat: int) -> int | None:
    """The Penalty markers the rules add to the map: an enemy Fort's $60 (15.13; its owner
    ignores it) and a Rastur's strength (16.3). None when there is neither."""
    amount = None
    owner = state.forts.get(dot)
    if owner is not None and owner != seat:
        amount = FORT_PENALTY
    strength = state.rastur.get(dot)
    if strength is not None:
        amount = (amount or 0) + strength
    return amount


def edge(a: str, b: str) -> str:
    return f"{a}>{b}"


@dataclass(frozen=True, slots=True)
class DotFacts:
    hidden: bool  # a face-down "?" marker (6.1)
    due: int | None  # the penalty this ship pays there (6.3, 8.3)
    landable: bool  # 6.2
    skips: bool  # a Drive of this ship skips it (8.2)


@dataclass(slots=True)
class Position:
    """The changing part of a move in progress."""

    dot: str
    mp: int
    used: frozenset[str] = frozenset()  # directed paths used this turn (5.32)
    pilot: int | None = None
    moves: int = 0
    free_step: bool = False  # 8.22
    jumped: bool = False  # the last move was a Tele Gate jump (2012: that gate does not act)


@dataclass(frozen=True, slots=True)
class Step:
    """One move to the next occupied dot, over any dots a Drive skips (8.2)."""

    to: str
    mp: int
    via: str  # "path", "airfoil", "circle", "telegate" or "jump_start"
    edges: tuple[str, ...] = ()
    skipped: tuple[str, ...] = ()
    pilot: int | None = None  # the Pilot Number this move uses, when it needs one
    edge_set: frozenset[str] = field(default=frozenset(), compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "edge_set", frozenset(self.edges))


# raw moves by (dot, Pilot Numbers, Jump Start, free step), and by dot alone for plain dots
_Raw = dict[object, list[tuple[Step, frozenset[str]]]]
_NO_GATES: dict[int, str] = {}  # 8.47: the Gate Lock switched on (shared: read only)
_NO_COLORS: frozenset[DotColor] = frozenset()
_NO_PORTS: frozenset[str] = frozenset()


class Mover:
    """The facts of one turn that stay fixed while the ship moves.

    A plain class with slots: three are built per command (the legal commands, the
    reachable query, ``decide``), so building one is kept to a few attribute stores."""

    __slots__ = ("board", "_state", "seat", "dice", "heading", "colors", "shields", "air_foil",
                 "switch_switch", "jump_start", "gates", "gate_as_blue", "_markers", "_facts",
                 "_raw", "_headings", "_map", "_dice_set", "_last_steps")

    def __init__(
        self, board: Board, state: VenusState, seat: int, dice: tuple[int, ...],
        heading: str | None = None, colors: frozenset[DotColor] = frozenset(), shields: int = 0,
        air_foil: bool = False, switch_switch: bool = False, jump_start: bool = False,
        gates: dict[int, str] | None = None, gate_as_blue: bool = False,
        _map: _Map | None = None,
    ) -> None:
        self.board = board
        # the state it reads (lazily, ``facts``), held weakly: ``for_turn``'s memo must not
        # keep the states of games long gone alive (its users hold the state themselves)
        self._state = weakref.ref(state)
        self.seat = seat
        self.dice = dice
        self.heading = heading
        self.colors = colors
        self.shields = shields
        self.air_foil = air_foil
        self.switch_switch = switch_switch
        self.jump_start = jump_start
        self.gates: dict[int, str] = _NO_GATES if gates is None else gates  # face-up, working
        self.gate_as_blue = gate_as_blue  # 2012 Gate Lock: any gate may be left as blue
        self._map = _map  # ``_map_of(state.qboxes)``, if known
        self._dice_set: tuple[int, ...] | None = None
        self._forget_answers()
        self._share()

    @property
    def state(self) -> VenusState:
        state = self._state()
        if state is None:
            raise ReferenceError("a Mover is used only while its state lives")
        return state

    def _forget_answers(self) -> None:
        # The last ``steps_from`` asked of this Mover, with the position it was asked for:
        # the legal commands, the reachable query and ``decide`` ask it of the same position
        # in turn (``for_turn`` gives them the same Mover).
        self._last_steps: tuple[tuple[object, ...], list[Step]] | None = None

    def _share(self) -> None:
        """Share the dot facts and raw moves with every Mover over the same terrain.

        They depend only on the board, the ship's kit and what lies face up on the map
        (never on the dice, the position or the turn), so ``legal_actions``, ``decide`` and
        the reachable query reuse them from one command to the next."""
        shared = _TERRAIN.get(key := self._terrain_key())
        if shared is None:
            if len(_TERRAIN) >= _TERRAIN_MAX:
                _TERRAIN.clear()
            shared = _TERRAIN[key] = ({}, {}, {}, {})
        self._markers: dict[str, Marker | None] = shared[0]
        self._facts: dict[str, DotFacts] = shared[1]
        self._raw: _Raw = shared[2]
        # ``headings`` by position: they read the terrain, never the dice or heading (each
        # new declaration makes a new Mover, 5.31, but not new headings)
        self._headings: dict[tuple[object, ...], frozenset[str]] = shared[3]
        if not self.switch_switch:
            # The raw moves ignore the Shields, Spaceports, Forts and Rastur (only the dots'
            # colours, "?" boxes and Tele Gates shape them), so more terrains share them.
            # (With the Switch Switch they also read the dice: kept per terrain as before.)
            raw_key = key[:3] + key[4:10]
            raw = _RAW.get(raw_key)
            if raw is None:
                if len(_RAW) >= _TERRAIN_MAX:
                    _RAW.clear()
                raw = _RAW[raw_key] = {}
            self._raw = raw

    def _terrain_key(self) -> tuple[object, ...]:
        state = self.state
        seen = self._map or _map_of(state.qboxes)
        forts, rastur, ports = state.forts, state.rastur, state.spaceports
        return (
            id(self.board), self.board.edition, self.colors, self.shields, self.air_foil,
            self.switch_switch, self.jump_start,
            (seen.gates_key if self.gates is seen.gates else
             tuple(sorted(self.gates.items())) if self.gates else ()), seen.boxes,
            self.gate_as_blue,
            frozenset(ports) if ports else _NO_PORTS,
            tuple(sorted((dot, owner == self.seat) for dot, owner in forts.items()))
            if forts else (),
            tuple(sorted(rastur.items())) if rastur else (),
        )

    def _probe(self, dice: tuple[int, ...], heading: str | None) -> Mover:
        """This Mover with other dice and heading: the same terrain, so its caches too."""
        probe = Mover.__new__(Mover)
        for name in Mover.__slots__:
            setattr(probe, name, getattr(self, name))
        probe.dice, probe.heading, probe._dice_set = dice, heading, None
        probe._forget_answers()  # asked of other dice and heading
        return probe

    @classmethod
    def for_turn(cls, board: Board, state: VenusState, turn: Turn) -> Mover:
        """The Mover of ``turn``: the one made last for this state object when everything it
        is made of and reads is as it was then (``_made_of``), else a new one.

        The legal commands, the reachable query and ``decide`` each ask for it, at every seq
        of a turn; a step (5.1) changes only the position, so one Mover serves a whole move.
        The state is changed in place, so the check is on content, never on identity
        alone: the same state object with the same dice, heading, drives switched off, Gate
        Lock, kit (equipment, damage, relics), "?" boxes, Forts, Rastur and Spaceports."""
        look = held(state)  # a look held on this state (``look.one_look``): its one Mover
        if look is not None:
            if look.mover is None:
                look.mover = cls._for_turn(board, state, turn)
            mover: Mover = look.mover
            return mover
        return cls._for_turn(board, state, turn)

    @classmethod
    def _for_turn(cls, board: Board, state: VenusState, turn: Turn) -> Mover:
        seat = turn.seat
        player = state.players[seat]
        seen = _map_of(state.qboxes)
        made = _made_of(board, state, turn, player, seen)
        entry = _TURN_MOVERS.get(id(state))
        if entry is not None and entry[1]._state() is state and entry[0] == made:
            return entry[1]
        mover = cls.made_for_turn(board, state, turn, seen)
        if len(_TURN_MOVERS) >= _TURN_MOVERS_MAX:
            _TURN_MOVERS.clear()
        # its entry goes with its state: a game let go leaves no Mover behind
        mover._state = weakref.ref(state, functools.partial(_forget_turn, id(state)))
        _TURN_MOVERS[id(state)] = (made, mover)
        return mover

    @classmethod
    def made_for_turn(cls, board: Board, state: VenusState, turn: Turn,
                      seen: _Map | None = None) -> Mover:
        """A new Mover of ``turn`` (``for_turn`` without its memo)."""
        seat = turn.seat
        player = state.players[seat]
        off = turn.drives_off
        colors = _NO_COLORS
        for drive in drives_of(player):
            if drive not in off:
                colors = colors | DRIVE_COLORS[drive]
        relics = player.relics
        if seen is None:
            seen = _map_of(state.qboxes)
        return cls(
            board, state, seat, tuple(turn.dice), turn.heading, colors, shields_of(player),
            "air_foil" in relics, "switch_switch" in relics, "jump_start" in relics,
            _NO_GATES if turn.gate_lock else seen.gates,
            per_gate_lock(state, seat), seen,
        )

    # --- what a dot is, for this ship ---------------------------------------------------

    def face_up_marker(self, dot: str) -> Marker | None:
        try:
            return self._markers[dot]
        except KeyError:
            pass
        marker = self._markers[dot] = self._read_marker(dot)
        return marker

    def _read_marker(self, dot: str) -> Marker | None:
        box = self.state.qboxes.get(dot)
        if box is None or not box.face_up:
            return None
        return box.marker

    def facts(self, dot: str) -> DotFacts:
        """What ``dot`` is for this ship this turn (it cannot change while the ship moves)."""
        known = self._facts.get(dot)
        if known is None:
            box = self.state.qboxes.get(dot)
            amount = self.penalty(dot)
            known = self._facts[dot] = DotFacts(
                hidden=box is not None and not box.face_up and box.marker is not None,
                due=None if amount is None else max(0, amount - SHIELD_SAVING * self.shields),
                landable=self._read_landable(dot),
                skips=self._skips(dot),
            )
        return known

    def is_hidden(self, dot: str) -> bool:
        """A "?" box whose marker is still face down (6.1)."""
        return self.facts(dot).hidden

    def color_of(self, dot: str) -> DotColor | None:
        d = self.board.dots[dot]
        if d.kind in (DotKind.SPACE, DotKind.PENALTY):
            return d.color
        marker = self.face_up_marker(dot)
        if marker is not None and marker.kind == "penalty":
            return marker.color
        return None

    def skips(self, dot: str) -> bool:
        """8.2: a Drive skips Space Dots, Penalty Ovals and Penalty markers of its colors."""
        return self.facts(dot).skips

    def _skips(self, dot: str) -> bool:
        color = self.color_of(dot)
        return color is not None and color in self.colors

    def penalty(self, dot: str) -> int | None:
        """The printed amount of the Penalty on ``dot`` (Oval or face-up marker), if any."""
        d = self.board.dots[dot]
        amount = None
        if d.kind is DotKind.PENALTY:
            amount = d.penalty
        else:
            marker = self.face_up_marker(dot)
            if marker is not None and marker.kind == "penalty":
                amount = marker.amount
        if self.state.forts or self.state.rastur:
            extra = marker_penalty(self.state, dot, self.seat)
            if extra is not None:
                amount = (amount or 0) + extra
        return amount

    def due(self, dot: str) -> int | None:
        """6.3 and 8.3: what this ship must pay to go on from ``dot`` (None: no penalty)."""
        return self.facts(dot).due

    def telegate(self, dot: str) -> int | None:
        """The number of a face-up, working Tele Gate on ``dot`` (6.5; 8.47 turns them off)."""
        marker = self.face_up_marker(dot)
        if marker is None or marker.kind != "telegate":
            return None
        return marker.number if self.gates.get(marker.number or 0) == dot else None

    def landable(self, dot: str) -> bool:
        """6.2: Spaceports, Cities and Asteroids (a "?" box with a Relic is an Asteroid)."""
        return self.facts(dot).landable

    def _read_landable(self, dot: str) -> bool:
        if dot in self.state.rastur:
            return False  # 16.4: the Rastur cancel Cities and Spaceports
        d = self.board.dots[dot]
        if d.kind in (DotKind.SURFACE_CITY, DotKind.SPACE_CITY, DotKind.ASTEROID):
            return True
        if d.orbit is not None and dot in self.state.spaceports:
            return True
        box = self.state.qboxes.get(dot)
        if box is not None and box.face_up:
            return box.marker is None or box.marker.kind in ("relic", "open_port")
        return False

    def is_surface_city(self, dot: str) -> bool:
        return self.board.dots[dot].kind is DotKind.SURFACE_CITY

    def cost(self, a: str, b: str) -> int:
        """5.21: 1 MP in space, 2 to or from a Surface City (1 with the Air Foil, 8.41)."""
        if self.air_foil:
            return 1
        return 2 if self.is_surface_city(a) or self.is_surface_city(b) else 1

    def jump_cost(self, a: str, b: str, via: str) -> int:
        """6.5, 8.43: a jump costs normal MP (two from a Surface City by Jump Start); 2012
        "Telegates": "Being transported between telegates costs one movement point", the
        Jump Start's warp too (2012 appendix)."""
        if via == "jump_start" and jump_start_warp_mp(self.board.edition) is not None:
            return 1
        return self.cost(a, b)

    # --- legal moves -----------------------------------------------------------------------

    def pilot_choices(self, pos: Position) -> list[int]:
        """6.41: the Pilot Number is one of the dice; once chosen it stays (but 8.46)."""
        if pos.pilot is not None and not self.switch_switch:
            return [pos.pilot]
        return sorted(set(self.dice))

    def _continue(
        self, start: str, first: str, edges: tuple[str, ...], pos: Position
    ) -> Iterator[tuple[str, tuple[str, ...], tuple[str, ...]]]:
        """Follow the path from ``first`` over dots the Drives skip (8.2, 8.21)."""
        stack: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = [(first, edges, ())]
        while stack:
            dot, taken, skipped = stack.pop()
            if dot == start or not self.skips(dot) or self.is_hidden(dot):
                yield dot, taken, skipped
                continue
            if len(skipped) > len(self.board.dots):
                continue
            went = False
            for nxt in self.board.neighbours(dot):
                back = edge(nxt, dot)
                if back in pos.used or back in taken or edge(dot, nxt) in taken:
                    continue
                went = True
                stack.append((nxt, (*taken, edge(dot, nxt)), (*skipped, dot)))
            if not went:
                # nowhere to go past a dot it would skip: the ship stops on it (5.32)
                yield dot, taken, skipped

    def _path_steps(self, pos: Position, pilot: int | None) -> Iterator[Step]:
        here = pos.dot
        for nxt in self.board.neighbours(here):
            if edge(nxt, here) in pos.used:
                continue  # 5.32 backtracking
            for to, taken, skipped in self._continue(here, nxt, (edge(here, nxt),), pos):
                yield Step(to, self.cost(here, to), "path", taken, skipped, pilot)
        if self.air_foil:
            for nxt in self.board.airfoil[here]:
                if edge(nxt, here) in pos.used:
                    continue
                yield Step(nxt, 1, "airfoil", (edge(here, nxt),), (), pilot)

    def _circle_steps(self, pos: Position, only: int | None = None) -> Iterator[Step]:
        """6.4, 6.43: leave a Navigation Circle by the arrow of the Pilot Number (``only``:
        that number, else each one he may choose)."""
        here = pos.dot
        exits = self.board.exits[here]
        for pilot in self.pilot_choices(pos) if only is None else [only]:
            target = exits.get(pilot)
            if target is None or edge(target, here) in pos.used:
                continue  # 6.43: that arrow points back the way he came: he stops
            first = (edge(here, target),)
            if target in self.board.invisible[here]:
                yield Step(target, 1, "circle", first, (), pilot)  # the Body/Wing jump
                continue
            for to, taken, skipped in self._continue(here, target, first, pos):
                yield Step(to, self.cost(here, to), "circle", taken, skipped, pilot)

    def _gate_steps(self, pos: Position, number: int | None, via: str) -> Iterator[Step]:
        """6.5: leaving a Tele Gate, jump to the gate showing the Pilot Number, if any.

        ``number`` is the gate the ship is on (None for a Jump Start from elsewhere, 8.43).
        """
        for pilot in self.pilot_choices(pos):
            target = self.gates.get(pilot)
            if target is not None and pilot != number:
                yield Step(target, self.jump_cost(pos.dot, target, via), via, (), (), pilot)
            else:
                yield from self._normal_steps(pos, pilot)

    def _normal_steps(self, pos: Position, pilot: int) -> Iterator[Step]:
        """No jump: he moves on "within the limitations of his already declared Pilot
        Number" (8.43; 2012 appendix, Jump Start: "proceeds with his Movement phase as
        normal"), so from a Navigation Circle only by that number's arrow (6.4)."""
        if self.board.dots[pos.dot].kind is DotKind.CIRCLE:
            yield from self._circle_steps(pos, pilot)
        else:
            yield from self._path_steps(pos, pilot)

    def steps(self, pos: Position) -> list[Step]:
        """Every legal next move from ``pos`` (the declaration binds the first one, 5.31)."""
        return self.steps_from(pos.dot, pos.mp, pos.used, pos.pilot, pos.moves, pos.free_step,
                               pos.jumped)

    def steps_from(self, here: str, mp: int, used: frozenset[str], pilot: int | None,
                   moves: int, free: bool, jumped: bool) -> list[Step]:
        """``steps`` of the position given field by field (the reachable search's calls)."""
        if mp <= 0 and not free:
            return []
        at = (here, mp, used, pilot, moves, free, jumped)
        last = self._last_steps
        if last is not None and last[0] == at:
            return list(last[1])
        found = self._steps_at(here, mp, used, pilot, moves, free, jumped)
        self._last_steps = (at, found)
        return list(found)

    def _steps_at(self, here: str, mp: int, used: frozenset[str], pilot: int | None,
                  moves: int, free: bool, jumped: bool) -> list[Step]:
        raw = self._raw.get(here)  # a plain dot's moves (no gate, no circle): the usual case
        if raw is None or (not moves and self.jump_start):
            raw = self._raw_at(here, pilot, moves, free, jumped)
        if free:
            candidates = [replace(s, mp=0) for s, back in raw
                          if not back or used.isdisjoint(back)]
        else:
            candidates = [s for s, back in raw
                          if s.mp <= mp and (not back or used.isdisjoint(back))]
        if not moves and self.heading is not None:
            heading = self.heading
            declared = [s for s in candidates if s.to == heading]
            if declared:
                return declared  # 5.31, 6.42, 6.52, 8.43: the declared first dot binds
        return candidates

    def _raw_at(self, here: str, pilot: int | None, moves: int, free: bool,
                jumped: bool) -> list[tuple[Step, frozenset[str]]]:
        """The raw moves from ``here`` (cached per terrain): a Tele Gate's (6.5), a
        Navigation Circle's (6.4) and a Jump Start's (8.43) depend on the Pilot Numbers."""
        number = self.telegate(here)
        circle = self.board.dots[here].kind is DotKind.CIRCLE
        plain = number is None and not circle
        if number is not None and jumped and destination_gate_idle(self.board.edition):
            number = None  # 2012 "Telegates": "the destination telegate is not resolved"
        jump_start = (
            moves == 0
            and self.jump_start
            and number is None
            and self.heading is not None
            and self.heading in self.gates.values()
        )
        if jump_start or number is not None or circle:
            if pilot is not None and not self.switch_switch:
                pilots: tuple[int, ...] = (pilot,)
            else:
                pilots = self._dice_set or self._dice_choices()
            key: tuple[str, tuple[int, ...], bool, bool] = (here, pilots, jump_start, free)
        else:
            key = (here, (), False, False)  # a plain dot: its paths ignore dice and free step
        raw = self._raw.get(key)
        if raw is None:
            raw = self._raw[key] = self._raw_steps(here, key[1], number, jump_start, free)
        if plain and not jump_start:
            self._raw[here] = raw
        return raw

    def _dice_choices(self) -> tuple[int, ...]:
        """``pilot_choices`` with no number chosen yet, kept for the search's many calls."""
        found = self._dice_set = tuple(sorted(set(self.dice)))
        return found

    def _raw_steps(
        self, here: str, pilots: tuple[int, ...], number: int | None, jump_start: bool,
        free: bool,
    ) -> list[tuple[Step, frozenset[str]]]:
        """The moves from ``here`` before this turn's used paths are considered, each with
        the reversed paths it would need unused (5.32); cached, as the search asks often."""
        pos = Position(dot=here, mp=99, pilot=pilots[0] if len(pilots) == 1 else None)
        if len(pilots) > 1:
            pos = replace(pos, pilot=None)
        if jump_start:
            found = list(self._gate_steps(pos, None, "jump_start"))
        elif self.board.dots[here].kind is DotKind.CIRCLE:
            found = list(self._circle_steps(pos))
        elif number is not None and not free:
            found = list(self._gate_steps(pos, number, "telegate"))
            if self.gate_as_blue:  # 2012 Gate Lock: leave this gate as a blue space
                found += [s for s in self._path_steps(pos, None) if s not in found]
        else:
            found = list(self._path_steps(pos, None))
        out = []
        for s in found:
            back = frozenset(f"{e.split('>')[1]}>{e.split('>')[0]}" for e in s.edges)
            out.append((s, back))
        return out

    def bound_pilots(self, pos: Position) -> set[int]:
        """Pilot Numbers the first move's declaration forces (6.42, 6.52, 8.43); empty: free."""
        if pos.moves or self.heading is None:
            return set()
        steps = self.steps(pos)
        if steps and all(s.to == self.heading for s in steps):
            return {s.pilot for s in steps if s.pilot is not None}
        return set()

    def headings(self, pos: Position) -> set[str]:
        """The dots a player may declare as his first move (5.31, 6.42, 6.52, 8.21, 8.43)."""
        at = (pos.dot, pos.used, pos.free_step, pos.jumped)  # what ``start`` keeps of pos
        known = self._headings.get(at)
        if known is not None:
            return set(known)
        # the same terrain (only the dice and heading differ): it shares this Mover's caches
        probe = self._probe((1, 2, 3, 4, 5, 6), None)
        start = replace(pos, mp=99, moves=1, pilot=None)  # moves=1: no declaration filter
        found = {s.to for s in probe.steps(start)}
        if self.jump_start or self.telegate(pos.dot) is not None:
            found |= {d for d in self.gates.values() if d != pos.dot}
        self._headings[at] = frozenset(found)
        return found


def _made_of(board: Board, state: VenusState, turn: Turn, player: Player,
             seen: _Map) -> tuple[object, ...]:
    """Everything a Mover of ``turn`` is made of or reads from the state later (its facts
    and markers, ``Mover.facts``), as values: the board, the edition (8.47's 2012 Gate Lock),
    the seat (whose Forts), the dice, heading, drives switched off and Gate Lock of the
    turn, the ship's equipment, damage and relics (drives, Shields, Relics: 8, 15.432), the
    "?" boxes' map (``_map_of``: the same box objects at the same dots), the Forts, Rastur
    and Spaceports (15.13, 16.3, 16.4, 6.2)."""
    forts, rastur, ports = state.forts, state.rastur, state.spaceports
    return (board, state.edition, turn.seat, tuple(turn.dice), turn.heading,
            tuple(turn.drives_off), turn.gate_lock, tuple(player.equipment),
            tuple(player.damaged), tuple(player.relics), seen,
            tuple(forts.items()) if forts else (), tuple(rastur.items()) if rastur else (),
            tuple(ports.items()) if ports else ())


# The Mover last made for each state object (by id, and checked to be that very object:
# the Mover holds it weakly, so an entry outlives no state and takes no reused id) with what
# it was made of (``_made_of``).
_TURN_MOVERS: dict[int, tuple[tuple[object, ...], Mover]] = {}
# A Mover keeps what its searches learnt (up to a few 100 KiB in a long turn): an entry is
# dropped when its state goes (``_forget_turn``), and 1,024 states being played at once are
# far more than a server plays (``docs/operations.md``, The soak).
_TURN_MOVERS_MAX = 1024


def _forget_turn(key: int, gone: weakref.ref[VenusState]) -> None:
    """The state of ``_TURN_MOVERS[key]`` was let go: its Mover goes too (unless the entry
    is already another state's, made since under the same id)."""
    entry = _TURN_MOVERS.get(key)
    if entry is not None and entry[1]._state is gone:
        del _TURN_MOVERS[key]


def position_of(turn: Turn, player: Player) -> Position:
    return Position(
        dot=player.dot,
        mp=turn.mp,
        used=frozenset(turn.used),
        pilot=turn.pilot,
        moves=turn.moves,
        free_step=turn.free_step,
        jumped=turn.jumped,
    )


def is_link(board: Board, a: str, b: str) -> LinkKind | None:
    if b in board.paths[a]:
        return LinkKind.PATH
    if b in board.airfoil[a]:
        return LinkKind.AIRFOIL
    if b in board.invisible[a]:
        return LinkKind.INVISIBLE
    return None
