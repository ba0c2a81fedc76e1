"""Helpers for the trading rule tests (9-13): sandbox scenarios at a City or Spaceport.

The Polluted Planet is the test bench: Orbit ``polluted-planet.1`` (Paintfall) lies next to
the Surface City ``polluted-planet.10`` (Paint Place). A ship on the Orbit that rolls three
1s moves to the City (2 MP, 5.21) and stays there (1 MP cannot leave a Surface City): it has
moved there this turn (9.41). A ship that starts on the City and stays put trades without
the City limit (9.42). Rule numbers are the 1988 manual's.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event
from engine.venus import commands as c
from engine.venus.scenario import start

from .movekit import Venus, play

SYSTEM = "polluted-planet"
ORBIT = "polluted-planet.1"  # Paintfall Orbit
CITY = "polluted-planet.10"  # Paint Place, Surface City below Paintfall
OTHER_ORBIT = "polluted-planet.3"  # Poison Port Orbit
BOB = {"name": "Bob", "race": "dell", "dot": "galactic-base"}


def scenario(
    culture: str = "qossuth",
    *,
    cash: int = 500,
    me: dict[str, Any] | None = None,
    others: list[dict[str, Any]] | None = None,
    discovered: bool = True,
    **extra: Any,
) -> dict[str, Any]:
    player = {"name": "Ann", "race": "humans", "cash": cash, "dot": ORBIT, **(me or {})}
    doc: dict[str, Any] = {
        "players": [player, *(others if others is not None else [BOB])],
        "cultures": {SYSTEM: culture, **extra.pop("cultures", {})},
        "discovered": [SYSTEM] if discovered else [],
        "other_qboxes": "empty",
        **extra,
    }
    return doc


def at_city(culture: str = "qossuth", *, moved: bool = True, **kw: Any) -> Venus:
    """Seat 0 at the City of ``culture``, trading: moved there this turn (9.41) or stayed
    the whole turn (9.42)."""
    if moved:
        g = start(scenario(culture, dice=[1, 1, 1], **kw))
        play(g, c.DeclareHeading(dot=CITY), c.RollDice(), c.MoveTo(dot=CITY))
        if g.state.turn is not None and g.state.turn.phase == "move":
            play(g, c.Land())  # an Air Foil could fly on (8.41)
    else:
        me = {**kw.pop("me", {}), "dot": CITY}
        g = start(scenario(culture, me=me, **kw))
        play(g, c.StayPut())
    assert g.state.turn is not None and g.state.turn.phase == "trade", g.state.turn
    return g


def at_spaceport(culture: str = "qossuth", owner: int = 1, **kw: Any) -> Venus:
    """Seat 0 lands on the Spaceport on Paintfall (owned by ``owner``) after moving."""
    me = {**kw.pop("me", {}), "dot": "polluted-planet.2"}
    spaceports = {ORBIT: owner, **kw.pop("spaceports", {})}
    g = start(scenario(culture, me=me, spaceports=spaceports, dice=[1, 1, 1], **kw))
    play(g, c.DeclareHeading(dot=ORBIT), c.RollDice(), c.MoveTo(dot=ORBIT), c.Land())
    assert g.state.turn is not None and g.state.turn.phase == "trade"
    return g


def cash(g: Venus, seat: int = 0) -> int:
    return g.state.players[seat].cash


def kinds(events: list[Event]) -> list[str]:
    return [e.type for e in events]


def markers_everywhere(g: Venus) -> list[str]:
    """Every Goods/Bonus marker wherever it is: cup, cultures, ships, aside."""
    s = g.state
    out = list(s.cup) + list(s.aside)
    out += [m for ms in s.market.values() for m in ms]
    out += [m for p in s.players for m in [*p.goods, *p.fares]]
    return sorted(out)
