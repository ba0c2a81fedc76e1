"""The Merchant Spaceport phase and drills (standard book, "Merchant Spaceport Phase",
"Merchant Spaceports in the Asteroid System", "End of the Merchant Spaceport Phase",
"Drills", "Appendix B > License to Drill").

Every player has 12 merchant spaceport/drill tokens (48 in the box, four colours): a token
is either a merchant spaceport or a drill.
"""

from __future__ import annotations

from engine.kernel import RuleError

from .trade import buy_price

SPACEPORT_COST = 200
SPACEPORT_VALUE = 200  # "End of the Game" step 1, even if bought at a discount
TOKENS_PER_PLAYER = 12  # Component List: 48 merchant spaceport/drill tokens, four colours
DRILL_INCOME = 10  # "Drills": c10 per drill token on the board on even rounds


def spaceport_price(*, at_home: bool, pilot_level: int) -> int:
    """c200, less the home culture discount ("the discount also applies to merchant
    spaceports", "Pilot Home Culture Discounts")."""
    return buy_price(SPACEPORT_COST, at_home=at_home, pilot_level=pilot_level)


def check_build(
    *,
    bought_this_turn: bool,
    built_this_turn: bool,
    on_city: bool,
    orbits: list[str],
    tokens_left: int,
    credits: int,
    price: int,
) -> None:
    """"Merchant Spaceport Phase": not after a buy action this turn (First Contact or
    Transaction), on a surface city (an Asteroid System neutral spaceport), with an empty
    orbit space joined to it, a token not used as a drill, and c200 (one per turn)."""
    heading = "Merchant Spaceport Phase"
    if built_this_turn:
        raise RuleError("End of the Merchant Spaceport Phase", "one merchant spaceport a turn")
    if bought_this_turn:
        raise RuleError(heading, "no merchant spaceport in a turn with a buy action")
    if not on_city:
        raise RuleError(heading, "build from a surface city of the system")
    if not orbits:
        raise RuleError(heading, "no empty orbit space is joined to this surface city")
    if tokens_left <= 0:
        raise RuleError("Drills", "all your merchant spaceport/drill tokens are in use")
    if credits < price:
        raise RuleError(heading, f"a merchant spaceport costs c{price}; you have c{credits}")


def check_drill(*, licensed: bool, occupied: bool, tokens_left: int) -> None:
    """"Drills": with the License to Drill, one drill token per asteroid space."""
    if not licensed:
        raise RuleError("Drills", "drilling needs the License to Drill racial technology")
    if occupied:
        raise RuleError("Drills", "this asteroid already has a drill token")
    if tokens_left <= 0:
        raise RuleError("Drills", "all your merchant spaceport/drill tokens are in use")


def drill_income(drills: int) -> int:
    """"Drills": c10 per drill token on the board, paid at the start of even rounds."""
    return DRILL_INCOME * drills


def drill_round(round_number: int) -> bool:
    """The round track's drill icon is on even-numbered rounds ("Drills")."""
    return round_number % 2 == 0
