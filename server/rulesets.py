"""The rulesets this server hosts. Everything else in ``server/`` uses only the kernel interface.

A registry entry adds the little a lobby needs beyond the kernel: which per-seat choice
(race/color) a player may pick and which option carries those choices into ``setup``, and
optional extra payload for the active seat's view (e.g. reachable destinations).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from engine.kernel import Ruleset


def _no_choices(options: dict[str, Any]) -> list[str]:
    return []


def _no_extras(state: Any, seat: int) -> dict[str, Any]:
    return {}


def _no_look(state: Any, seat: int) -> AbstractContextManager[Any]:
    return nullcontext()


def _no_point(state: Any, event: Any) -> dict[str, Any] | None:
    return None


def _no_countdown(state: Any) -> tuple[int, int] | None:
    return None


def _no_passes(state: Any) -> list[tuple[int, Any]]:
    return []


@dataclass(frozen=True)
class Hosted:
    ruleset: Ruleset[Any]
    choices: Callable[[dict[str, Any]], list[str]] = _no_choices  # lobby race/color choices
    choice_option: str | None = None  # the option that takes the seats' choices, in order
    extras: Callable[[Any, int], dict[str, Any]] = _no_extras  # for the seat that may act
    # ``with look(state, seat):`` around that seat's legal commands and extras of one seq
    # (the state held still): what both ask is made once (Venus: ``look.one_look``)
    look: Callable[[Any, int], AbstractContextManager[Any]] = _no_look
    # after an event, a point of the game's history (public scores at a turn's start), or None
    history_point: Callable[[Any, Any], dict[str, Any] | None] = _no_point
    # the ruleset's table options as a schema (names, value shapes); None: any JSON object
    options_schema: type[BaseModel] | None = None
    # a live countdown on the prompt pending now: (seq of the event that opened it, seconds),
    # and the commands (seat, command) that answer it for the silent seats when it runs out
    countdown: Callable[[Any], tuple[int, int] | None] = _no_countdown
    timeout_commands: Callable[[Any], list[tuple[int, Any]]] = _no_passes
    # the bots (``engine.bots`` names) a host may seat; the first plays bot seats and
    # timed-out turns unless the host picked another
    bots: tuple[str, ...] = ("random",)

    @property
    def default_bot(self) -> str:
        return self.bots[0]


REGISTRY: dict[str, Hosted] = {}


class OptionsRefused(ValueError):
    """Table options that do not fit the ruleset's option schema (the message names one)."""


def check_options_schema(h: Hosted, options: dict[str, Any]) -> None:
    """Refuse options outside the ruleset's schema (unknown names, wrong shapes, nesting)."""
    if h.options_schema is None:
        return
    try:
        h.options_schema.model_validate(options)
    except ValidationError as exc:
        first = exc.errors(include_input=False)[0]
        where = ".".join(str(p) for p in ("options", *first["loc"]))
        raise OptionsRefused(f"{where}: {first['msg']}") from None


def register(hosted: Hosted) -> None:
    REGISTRY[hosted.ruleset.id] = hosted


def hosted(ruleset_id: str) -> Hosted:
    return REGISTRY[ruleset_id]


def scores_at(kinds: tuple[str, ...], score: Callable[[Any, Any], int]
              ) -> Callable[[Any, Any], dict[str, Any] | None]:
    """A ``history_point`` at each event of ``kinds`` (a turn starting, the game ending):
    the round, the seat named by the event and each player's ``score(state, player)``."""

    def point(state: Any, event: Any) -> dict[str, Any] | None:
        if event.type not in kinds:
            return None
        return {"round": state.round, "seat": event.data.get("seat"),
                "scores": [score(state, p) for p in state.players]}

    return point


def _venus() -> Hosted:
    from engine.venus.look import one_look
    from engine.venus.pieces import merchant_keys
    from engine.venus.reach import reachable_dicts
    from engine.venus.ruleset import ruleset

    def choices(options: dict[str, Any]) -> list[str]:
        try:
            return merchant_keys(str(options.get("edition", "avalon-hill")))
        except ValueError:
            return []

    def extras(state: Any, seat: int) -> dict[str, Any]:
        turn = getattr(state, "turn", None)
        if turn is None or turn.seat != seat:
            return {}
        if turn.phase == "trade":
            market = _venus_market(state, seat)
            return {"market": market} if market else {}
        if turn.phase != "move":
            return {}
        return {"reachable": reachable_dicts(state)}

    def net_worths(state: Any, player: Any) -> int:
        from engine.venus.winning import net_worth

        return net_worth(state, player.seat)

    history_point = scores_at(("TurnStarted", "GameWon"), net_worths)

    from engine.venus.options import VenusOptions

    return Hosted(ruleset, choices=choices, choice_option="races", extras=extras,
                  look=one_look, options_schema=VenusOptions, bots=("trader", "random"),
                  history_point=history_point)


def _why_not(shop: Any) -> dict[str, Any]:
    """For each item on sale that cannot be bought now, the engine's own reason (the rule and
    its words: 9.41 the City limit, 12.4.1 not enough money, 3.43 no room...), so a disabled
    Buy button can say why (``trading.Shop``: the checks the legal commands made)."""
    why: dict[str, Any] = {}
    for item in shop.offered:
        if item.startswith(("deed:", "fort")):
            continue  # bought per site: the legal commands say where
        problem = shop.problem(item)
        if problem is not None:
            why[item] = {"rule": problem.rule, "message": problem.detail}
    return why


def _venus_market(state: Any, seat: int) -> dict[str, Any] | None:
    """The market of the Culture the trading seat is at, in numbers (for the market panel):
    what it sells and for how much (9.2), what it pays for each Goods in the hold with the
    Demand bonus (9.31, 10.2), barter values (9.32), Fares (10.3) and the City limit (9.41)."""
    from engine.venus.board import load_board
    from engine.venus.components import Edition, load_components
    from engine.venus.discovery import site_kind, trade_culture
    from engine.venus.pieces import demand_bonus, fare_fee, split
    from engine.venus.trading import limited, shop, trade_in

    turn = state.turn
    if not turn.landed:
        return None
    board = load_board(state.edition)
    player = state.players[seat]
    culture = trade_culture(state, board, player.dot)
    if culture is None:
        return None
    comps = load_components()
    edition = Edition(state.edition)
    bonus = demand_bonus(state.edition)
    fees = fare_fee(state.edition)
    buys: dict[str, dict[str, int]] = {}
    if culture != "base":
        for goods in sorted(set(player.goods)):
            kind, seller = split(goods)
            if culture not in comps.buyers(seller, edition):
                continue
            info = comps.culture(seller)
            payoff = info.goods.payoff if kind == "goods" else info.factory.payoff(edition)
            extra = sum(bonus[m] for m in state.market.get(culture, [])
                        if kind == "goods" and m == f"demand:{culture}:{seller}")
            buys[goods] = {"payoff": payoff, "bonus": extra}
    barter: dict[str, int] = {}
    for item in [*(f"equipment:{e}" for e in player.equipment),
                 *(f"relic:{r}" for r in player.relics), *(f"iou:{i}" for i in player.ious),
                 f"ship:{player.ship}"]:
        try:
            barter[item] = trade_in(item)
        except KeyError:
            continue
    waiting = sorted({f for f in state.market.get(culture, []) if f.startswith("fare:")})
    here = shop(state, board, seat, culture)
    offered = here.offered
    return {
        "culture": culture,
        "dot": player.dot,
        "site": site_kind(state, board, player.dot),
        "limited": limited(state, board, seat),
        "bought": turn.bought,
        "sold": turn.sold,
        "credit": turn.credit,
        "sells": offered,
        "why": _why_not(here),
        "buys": buys,
        "barter": barter,
        "fares": {f: fees.get(f, 0) for f in [*waiting, *sorted(set(player.fares))]},
        "demands": [m for m in state.market.get(culture, []) if m.startswith("demand:")],
    }


register(_venus())


def _star_traders() -> Hosted:
    """Star Traders: a lobby choice is a Personality (Optional Rules, "Selecting
    Personalities"); seats without one are dealt one at random, as Setting Up 4 says."""
    from engine.startraders.components import PERSONALITIES
    from engine.startraders.ruleset import ruleset as star_traders

    def choices(options: dict[str, Any]) -> list[str]:
        return [] if options.get("personalities") == "none" else list(PERSONALITIES)

    history_point = scores_at(("TurnStarted", "GameWon"), lambda _, p: p.prestige)

    from engine.startraders.luck import countdown, timeout_passes
    from engine.startraders.options import StarTradersOptions

    return Hosted(star_traders, choices=choices, choice_option="personalities",
                  options_schema=StarTradersOptions, history_point=history_point,
                  countdown=countdown, timeout_commands=timeout_passes,
                  extras=_star_traders_jumps, bots=("star-trader", "random"))


def _star_traders_jumps(state: Any, seat: int) -> dict[str, Any]:
    """For the jumping seat in its movement stage, each jumpline out of its world as a player
    weighs it (Movement): the colour, the lowest roll a regular jump and a station jump need
    (the engine's own ``need``: the Navigator's +1, Verdant Velma's green lines), whose station
    stands there, and the jump attempts left."""
    from engine.startraders.cards import attempts
    from engine.startraders.galaxy import load_galaxy
    from engine.startraders.movement import need

    turn = state.turn
    if turn is None or turn.seat != seat or turn.stage != "move" or state.window is not None:
        return {}
    p = state.players[seat]
    lines = []
    for to, color in sorted(load_galaxy().neighbours[p.world].items()):
        owner = state.stations.get(to)
        usable = owner is not None and to not in turn.refused
        lines.append({"to": to, "color": color.value, "regular": need(state, seat, to, "regular"),
                      "station": need(state, seat, to, "station") if usable else None,
                      "owner": owner})
    return {"jumps": {"from": p.world, "left": max(0, attempts(state, seat) - turn.jumps),
                      "lines": lines}}


register(_star_traders())


def _venus_standard() -> Hosted:
    """Merchant of Venus (2012), the standard game: a lobby choice is a pilot (Setup 8:
    "Each player chooses one of the pilots"; seats without one get one at random)."""
    from engine.venus_standard.options import VenusStandardOptions
    from engine.venus_standard.ruleset import ruleset as venus_standard
    from engine.venus_standard.state import PILOTS

    def choices(options: dict[str, Any]) -> list[str]:
        return list(PILOTS)

    history_point = scores_at(("TurnStarted", "GameEnded"), lambda _, p: p.credits)

    return Hosted(venus_standard, choices=choices, choice_option="pilots",
                  options_schema=VenusStandardOptions, history_point=history_point,
                  bots=("merchant", "random"))


register(_venus_standard())
