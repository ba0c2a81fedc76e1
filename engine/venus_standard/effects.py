"""The interpreter of the card effect vocabulary (``cards.Effect``): it walks a card's
effects, rolling the purple effect die where a check or a roll asks for it, and returns what
happens as plain operations for ``encounters.py`` to turn into events. It stops at a choice
(an ``offer``) and says what remains, so the player's answer can resume it.

Pure: the die and the attribute values come in as arguments ("Encounters": draw the card and
resolve its text)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import TypeAdapter

from .cards import (
    Check,
    DialChange,
    DrawReward,
    Effect,
    EndTurn,
    Gain,
    Movement,
    Offer,
    Pay,
    Place,
    Roll,
    Telegate,
)

Op = dict[str, Any]  # {"op": kind, ...}: gain, pay, place, telegate, dial, reward, rolled
EFFECTS = TypeAdapter(list[Effect])


@dataclass
class Outcome:
    """What a card did: the operations in order, the movement points added (or taken), whether
    the turn ends, and the offer waiting for the player with the effects after it."""

    ops: list[Op] = field(default_factory=list)
    movement: int = 0
    end_turn: bool = False
    offer: Offer | None = None
    rest: list[Effect] = field(default_factory=list)


def dump(effects: list[Effect]) -> list[dict[str, Any]]:
    """Effects as the JSON of the data files (for a pending choice kept in the state)."""
    out: list[dict[str, Any]] = EFFECTS.dump_python(effects, by_alias=True, mode="json")
    return out


def load(data: list[dict[str, Any]]) -> list[Effect]:
    return EFFECTS.validate_python(data)


def run(effects: list[Effect], die: Callable[[], int], attributes: dict[str, int],
        out: Outcome | None = None) -> Outcome:
    """Apply ``effects`` in order; a check passes when the die is less than the attribute
    ("Hazards": "If ... result is less than ... he passes")."""
    out = out or Outcome()
    for i, eff in enumerate(effects):
        if out.offer is not None:
            break
        if isinstance(eff, Offer):
            out.offer, out.rest = eff, list(effects[i + 1:])
            break
        _one(eff, die, attributes, out)
    return out


def _one(eff: Effect, die: Callable[[], int], attributes: dict[str, int], out: Outcome) -> None:
    if isinstance(eff, Gain):
        out.ops.append({"op": "gain", "credits": eff.credits, "fame": eff.fame,
                        "infamy": eff.infamy})
    elif isinstance(eff, Pay):
        out.ops.append({"op": "pay", "credits": eff.credits})
    elif isinstance(eff, Place):
        out.ops.append({"op": "place", "token": eff.token})
    elif isinstance(eff, Telegate):
        out.ops.append({"op": "telegate", "number": eff.number})
    elif isinstance(eff, DialChange):
        out.ops.append({"op": "dial", "dial": eff.dial, "by": eff.by})
    elif isinstance(eff, DrawReward):
        out.ops.append({"op": "reward"})
    elif isinstance(eff, EndTurn):
        out.end_turn = True
    elif isinstance(eff, Movement):
        out.movement += eff.points
    elif isinstance(eff, Check):
        value = die()
        passed = value < attributes.get(eff.attribute, 0)
        out.ops.append({"op": "rolled", "die": value, "attribute": eff.attribute,
                        "passed": passed})
        run(eff.pass_ if passed else eff.fail, die, attributes, out)
    elif isinstance(eff, Roll):
        value = die()
        out.ops.append({"op": "rolled", "die": value})
        branch = next(r.then for r in eff.results if r.from_ <= value <= r.to)
        run(branch, die, attributes, out)


def answer_offer(offer: Offer, rest: list[Effect], accept: bool) -> list[Effect]:
    """The effects to run after the player's answer: pay and ``then``, or ``otherwise``; then
    whatever followed the offer on the card."""
    if accept:
        return [Pay(do="pay", credits=offer.pay), *offer.then, *rest]
    return [*offer.otherwise, *rest]
