"""The Merchant Spaceport phase and drills on the game state (standard book, "Merchant
Spaceport Phase", "Merchant Spaceports in the Asteroid System", "End of the Merchant
Spaceport Phase", "Drills", "Appendix B > License to Drill"): building, the Asteroid System's
bankrupt spaceports, drills placed (at the player's choice) as a ship passes asteroids and
redeemed on the round track's drill icon. The arithmetic is ``spaceports.py``'s."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from engine.kernel import Command, RuleError

from . import places, rounds, spaceports
from .draft import Draft
from .hookpoints import Rule
from .state import StandardState
from .technology import has
from .trading import (
    SPACEPORT,
    allowed,
    at_home,
    port_of,
)


class BuildSpaceport(Command):
    """"Merchant Spaceport Phase": c200 and a merchant spaceport on ``space`` (an empty orbit
    space joined to the surface city by one green line)."""

    type: Literal["BuildSpaceport"] = "BuildSpaceport"
    space: str


# ------------------------------------------------------------------ merchant spaceports


def orbits_for(state: StandardState, seat: int) -> tuple[list[str], str | None]:
    """Where a merchant spaceport may go from the ship's space ("Merchant Spaceport Phase"):
    the empty orbit spaces joined by a single green line to its surface city; from an
    Asteroid System neutral spaceport, the orbit space three green lines away, and the
    spaceport it bankrupts ("Merchant Spaceports in the Asteroid System")."""
    board = places._board()
    space = state.player(seat).space
    if board is None:
        return [], None
    taken = set(state.trade.spaceports)
    kind = places.landing(space)
    if kind == "city":
        return [o for o in board.orbits_of_city(space) if o not in taken], None
    if kind == "spaceport" and space != places.galactic_base() \
            and space not in state.trade.bankrupt:
        try:
            orbit = board.asteroid_spaceport_orbit(space)
        except ValueError:
            return [], None
        return ([orbit], space) if orbit not in taken else ([], None)
    return [], None


def check_build(state: StandardState, seat: int, space: str) -> int:
    p = state.player(seat)
    turn = state.turn
    port = port_of(state, seat)
    home = port is not None and at_home(state, seat, port.culture)
    price = spaceports.spaceport_price(at_home=home, pilot_level=p.pilot_level)
    orbits, bankrupt = orbits_for(state, seat)
    spaceports.check_build(
        bought_this_turn=turn is not None and turn.bought,
        built_this_turn=turn is not None and turn.spaceport_built,
        on_city=places.landing(p.space) == "city" or bankrupt is not None, orbits=orbits,
        tokens_left=spaceports.TOKENS_PER_PLAYER - len(p.spaceports) - len(p.drills),
        credits=p.credits, price=price)
    if space not in orbits:
        raise RuleError(SPACEPORT, f"{space} is not an empty orbit space joined to this city")
    return price


def build_spaceport(draft: Draft, seat: int, cmd: BuildSpaceport) -> None:
    """"Merchant Spaceport Phase": pay, place the token, move the ship onto it, end the turn."""
    price = check_build(draft.state, seat, cmd.space)
    _, bankrupt = orbits_for(draft.state, seat)
    draft.credits(seat, -price, "merchant_spaceport")
    draft.emit("SpaceportBuilt", seat=seat, space=cmd.space, price=price, bankrupt=bankrupt)
    draft.emit("ShipPlaced", seat=seat, space=cmd.space)
    rounds.end_turn(draft, "spaceport_built")


def may_drill(state: StandardState, seat: int, space: str) -> bool:
    """"Drills", "Appendix B > License to Drill": may the player place a drill token on
    this asteroid space (the technology, no drill there yet, a merchant spaceport/drill
    token left)?"""
    p = state.player(seat)
    try:
        spaceports.check_drill(
            licensed=has(p, "license_to_drill"), occupied=space in state.trade.drills,
            tokens_left=spaceports.TOKENS_PER_PLAYER - len(p.spaceports) - len(p.drills))
    except RuleError:
        return False
    return True


def drill_on(draft: Draft, seat: int, space: str) -> bool:
    """"Drills", "Appendix B > License to Drill": a licensed player "can place one of his
    drill tokens on an asteroid space as his ship passes over or lands on the space" (the
    player's choice: movement asks him, ``PlaceDrill``); the token placed if he may, and
    whether it was."""
    if not may_drill(draft.state, seat, space):
        return False
    draft.emit("DrillPlaced", seat=seat, space=space)
    return True


def redeem_drills(draft: Draft) -> None:
    """"Drills": at the start of every even round, c10 per drill token on the board, then
    every player takes his drills back."""
    state = draft.state
    if not state.trade.drills:
        return
    for p in state.players:
        draft.credits(p.seat, spaceports.drill_income(len(p.drills)), "drills")
    draft.emit("DrillsRecovered")


def spaceport_offers(state: StandardState, seat: int) -> Iterator[Command]:
    for space in orbits_for(state, seat)[0]:
        if allowed(check_build, state, seat, space):
            yield BuildSpaceport(space=space)


#: The rules of this module's commands (``order.py`` gathers every module's).
RULES: dict[type[Command], Rule] = {
    BuildSpaceport: build_spaceport,
}
