"""Observation (7.2) and the Spy Eye (8.45): the private sightings of secrets a ship makes
from the dots it occupies or skips over (a Culture from an Orbit, or from any dot of its
System with the Spy Eye; a face-down "?" marker next to a Spy Eye's dot)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.kernel import event, only

from .rastur import solitaire

if TYPE_CHECKING:
    from .rules import Decision


def look_around(d: Decision, actor: int, dots: list[str]) -> None:
    """7.2 observation from an Orbit, 8.45 Spy Eye: private sightings of secrets."""
    s = d.state
    player = s.players[actor]
    spy_eye = "spy_eye" in player.relics
    for dot in dots:
        info = d.board.dots[dot]
        system = info.system
        hidden = bool(system) and system in s.iou_at and system not in s.discovered
        if hidden and system and (info.orbit or spy_eye) and system not in player.observed:
            culture = s.iou_at[system]
            d.emit(event("CultureObserved", only(actor), seat=actor, system=system,
                         culture=culture))
        if spy_eye:
            for near in sorted(d.board.adjacent_dots(dot) | {dot}):
                box = s.qboxes.get(near)
                if box and not box.face_up and box.marker and near not in player.spied:
                    d.emit(event("MarkerSpied", only(actor), seat=actor, dot=near,
                                 marker=box.marker.model_dump(exclude_none=True)))
                    if solitaire(s) and box.marker.kind in ("penalty", "relic"):
                        # 17.4: observed markers stay face up (not Tele Gates, Open Spaceports)
                        d.emit(event("MarkerRevealed", dot=near,
                                     marker=box.marker.model_dump(exclude_none=True)))


def spy_where_standing(d: Decision) -> None:
    """8.45: "Each time a player with the Spy Eye occupies ... a dot that is next to a face
    down marker, he may inspect that marker", and he observes "the Culture in the System he
    occupies from any dot in that System". A ship that gets the Spy Eye where it stands
    (bought beside a face-down box, picked up in a hidden System) occupies that dot, so it
    spies at once, as it does on every dot it moves to (``look_around``)."""
    for player in d.state.players:
        if "spy_eye" in player.relics:
            look_around(d, player.seat, [player.dot])
