"""The trader's deals (Trades and Deals): what one side of a deal is worth to a Trader, read
from a view, and by that worth which deal the trader offers and which it accepts.

A side is worth its price by ``WORTH`` (the prices ``deals.offer_choices`` asks and pays),
and besides, for the Trader who gets or gives it:

- a station where the Trader is to deliver a cargo it carries (a Current Contract's, or a
  Completed Contract's it holds the right to deliver) is worth that Contract's station
  payoff too (Payoffs: the owner of the station at the destination is paid), and the jump
  attempts it saves on the way in (Station Jumps: a station jump succeeds, but on a green
  jumpline, where it needs a 3) at ``ATTEMPT_WORTH`` each;
- a cargo no Contract the Trader could deliver wants is worth nothing (Dropping Off: it is
  carried or abandoned at a penalty);
- short of money (under ``SHORT`` Stellors, so that it could not pay for a station or a
  penalty) while it has a station to spare (``SPARE`` or more), a Stellor is worth two.

What others carry, their stations and the Contracts are public, so the trader weighs a deal
for the other side as it would for itself; only the other's Stellors are secret (never
short, to it).

It offers a deal (``offer``), of those the legal commands list (``deals.offer_choices``: one
open at a time, two a turn at most, none made already this turn), when the deal helps it (it
gains) by more than it helps the other Trader, who by its reckoning gains too, so would
accept; it keeps ``RESERVE`` Stellors after paying.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.bots.legal import of_types
from engine.kernel import Command

from . import commands as c
from .deals import OFFERS_PER_TURN
from .routes import edges

# what the trader thinks each commodity is worth, in Stellors
WORTH = {"stellors": 1, "stations": 12, "cards": 6, "rights": 4, "cargo": 8, "engines": 30,
         "personalities": 15}
ATTEMPT_WORTH = 4  # a jump attempt saved, in Stellors
SHORT = 10  # under this many Stellors, a Stellor is worth two ...
SPARE = 3  # ... to a Trader with this many stations or more
RESERVE = 20  # Stellors it keeps after paying for a deal it offers


def deal_value(side: dict[str, Any]) -> int:
    """One side of an offer in Stellors, by ``WORTH`` alone."""
    total = 0
    for key, worth in WORTH.items():
        value = side.get(key, 0)
        total += worth * (value if isinstance(value, int) else len(value))
    return total


def _deliveries(view: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The Contracts ``seat`` could deliver a cargo it carries to: Current ones, and
    Completed ones it holds the right to deliver."""
    hold = view["players"][seat]["hold"]
    current = [k for k in view["contracts"] if k is not None and k["cargo"] in hold]
    by_right = [e["contract"] for e in view["completed"]
                if e["rights"].get(str(seat)) and e["contract"]["cargo"] in hold]
    return current + by_right


def _wanted_cargo(view: dict[str, Any], seat: int) -> set[str]:
    current = {k["cargo"] for k in view["contracts"] if k is not None}
    return current | {e["contract"]["cargo"] for e in view["completed"]
                      if e["rights"].get(str(seat))}


def _attempts_saved(view: dict[str, Any], seat: int, world: int) -> float:
    """The jump attempts a station at ``world`` saves on the best jumpline into it."""
    lines = edges(view["players"][seat]["personality"] == "navigator")[world]
    return min(regular - own for _, regular, own in lines)


def station_worth(view: dict[str, Any], seat: int, world: int) -> float:
    """A station at ``world`` to ``seat`` (the module docstring)."""
    shares = [k["station"] for k in _deliveries(view, seat) if k["deliver"] == world]
    if not shares:
        return WORTH["stations"]
    return WORTH["stations"] + max(shares) + ATTEMPT_WORTH * _attempts_saved(view, seat, world)


def worth(view: dict[str, Any], seat: int, side: dict[str, Any]) -> float:
    """One side of a deal to ``seat``, in Stellors (the module docstring)."""
    per_stellor = 2 if _short(view, seat) else 1
    wanted = _wanted_cargo(view, seat)
    total = per_stellor * side.get("stellors", 0)
    total += sum(station_worth(view, seat, w) for w in side.get("stations", []))
    total += sum(WORTH["cargo"] for cargo in side.get("cargo", []) if cargo in wanted)
    rest = {k: v for k, v in side.items() if k not in ("stellors", "stations", "cargo")}
    return total + deal_value(rest)


def gain(view: dict[str, Any], seat: int, gets: dict[str, Any], gives: dict[str, Any]) -> float:
    """What a deal gains ``seat``, getting ``gets`` for ``gives``."""
    return worth(view, seat, gets) - worth(view, seat, gives)


def accepts(view: dict[str, Any], seat: int, offer: dict[str, Any]) -> bool:
    """Whether the trader in ``seat`` accepts ``offer`` made to it: it gains by it, and the
    offerer is not on an Imperial Mission (it never helps one)."""
    if view["players"][offer["seat"]]["mission"] is not None:
        return False
    return gain(view, seat, offer["give"], offer["get"]) >= 0


def _short(view: dict[str, Any], seat: int) -> bool:
    """Short of money with a station to spare (another's Stellors are secret: never)."""
    money = view["players"][seat].get("stellors")
    if money is None or money >= SHORT:
        return False
    return sum(1 for owner in view["stations"].values() if owner == seat) >= SPARE


def _stations_wanted(view: dict[str, Any], seat: int) -> bool:
    """Whether another Trader owns a station where ``seat`` is to deliver (the deal it
    seeks most), read from the view alone."""
    owners = view["stations"]
    return any(owners.get(str(k["deliver"]), seat) != seat for k in _deliveries(view, seat))


def helpful_offers(view: dict[str, Any], legal: Sequence[Command],
                   seat: int) -> list[tuple[float, c.OfferDeal]]:
    """The deals of ``legal`` the trader would offer now, each with its lead (what the deal
    gains it less what it gains the other Trader, above 0; the other gains too, so would
    accept; it keeps ``RESERVE`` Stellors after paying). None while it may offer none (no
    turn, on an Imperial Mission, an offer of its own open, two made this turn) or could gain
    by none: then the deals are not even made."""
    me = view["players"][seat]
    turn = view["turn"]
    if turn is None or me["mission"] is not None:
        return []
    if any(o["seat"] == seat for o in view["offers"]):
        return []  # one open at a time
    made = sum(1 for o in turn["offered"] if o["seat"] == seat)
    if made >= OFFERS_PER_TURN or not (_short(view, seat) or _stations_wanted(view, seat)):
        return []  # none listed, or nothing it could gain by
    money = me.get("stellors", 0)
    helpful: list[tuple[float, c.OfferDeal]] = []
    for cmd in of_types(legal, c.OfferDeal):
        give, get = cmd.give.model_dump(), cmd.get.model_dump()
        if money - give["stellors"] < min(RESERVE, money):
            continue
        mine = gain(view, seat, get, give)
        theirs = gain(view, cmd.to, give, get)
        if mine > 0 and theirs >= 0 and mine - theirs > 0:
            helpful.append((mine - theirs, cmd))
    return helpful


def offer(view: dict[str, Any], legal: Sequence[Command], seat: int) -> Command | None:
    """The deal the trader offers now, or None: of the helpful ones, the first with the
    largest lead (the module docstring)."""
    best: Command | None = None
    lead = 0.0
    for ahead, cmd in helpful_offers(view, legal, seat):
        if ahead > lead:
            best, lead = cmd, ahead
    return best
