"""The trade's moments outside a port's buy and sell actions: "Jettisoning" (a Move step
ended away from a port), "First Contact Phase" 1-4 (the card flipped, the culture's market
set out), Setup 4 and 6 (the culture supply areas, the optional rule "Demand"'s tokens), the
round track's "Passenger Icon" and the Epic Game's production rounds, and the Light Speed
Game's "Purchase Starting Goods" (14). ``order.py`` says when each runs; the buy and sell
actions are ``trading.py``'s.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from engine.cluster.cultures import load_cultures
from engine.kernel import NOBODY, Command, RuleError

from . import decks, passengers, places, rounds
from .discovery import reveal
from .draft import Draft
from .first_contact import market_token_ids, supply_area
from .hookpoints import Rule
from .market import load_market_tokens
from .state import Player, StandardState
from .technology import TechType, load_technologies
from .tokens import is_passenger, origin
from .trading import allowed, has_room, produce


class Jettison(Command):
    """"Jettisoning": a goods, technology (not a utility) or passenger token thrown out
    after the Move step ended away from a surface city or spaceport."""

    type: Literal["Jettison"] = "Jettison"
    token: str


class DoneJettisoning(Command):
    type: Literal["DoneJettisoning"] = "DoneJettisoning"


def _jettisonable(p: Player) -> list[str]:
    techs = load_technologies()
    return [*p.cargo, *[t for t in p.techs if techs.of_token(t).type in
                        (TechType.STRUCTURAL, TechType.SHIP_UPGRADE)]]


def jettison_window(draft: Draft, why: str) -> bool:
    """The Move step ended away from a port: a player with cargo may jettison first."""
    turn = draft.state.turn
    if turn is None or not _jettisonable(draft.state.player(turn.seat)):
        return False
    draft.ask(turn.seat, "jettison", why=why)
    return True


def jettison(draft: Draft, seat: int, cmd: Jettison) -> None:
    """Goods and technologies go to their culture's supply area; a passenger leaves the
    game and costs infamy equal to the higher of two dice."""
    if cmd.token not in _jettisonable(draft.state.player(seat)):
        raise RuleError("Jettisoning", f"{cmd.token} is not aboard (utility techs stay)")
    infamy = 0
    if is_passenger(cmd.token):
        dice = draft.dice(2)
        infamy = passengers.jettison_infamy((dice[0], dice[1]))
    draft.emit("CargoJettisoned", seat=seat, token=cmd.token, infamy=infamy)
    draft.infamy(seat, infamy, "jettisoned_passenger")


def done_jettisoning(draft: Draft, seat: int, cmd: DoneJettisoning) -> None:
    ask = draft.state.ask
    why = str(ask.detail.get("why", "movement_spent")) if ask else "movement_spent"
    draft.answered()
    rounds.end_turn(draft, why)


def jettison_offers(state: StandardState, seat: int) -> Iterator[Command]:
    yield DoneJettisoning()
    for token in _jettisonable(state.player(seat)):
        yield Jettison(token=token)


# ------------------------------------------------------------------ the phases' and setup's moments


def first_contact(draft: Draft) -> None:
    """"First Contact Phase" 1: the current player flips the card of the system he landed
    in (``discovery.reveal``; the market is set out by ``set_out_market``)."""
    state = draft.state
    turn = state.turn
    assert turn is not None
    system = places.system_of(state.player(turn.seat).space)
    if system is not None and system in state.first_contact:
        reveal(draft, turn.seat, system)


def set_out_market(draft: Draft, seat: int | None, system: str, culture: str) -> None:
    """"First Contact Phase" 2-4 (Light Speed Game 13): the culture's market tokens shuffled
    into a stack (its order below the top told to nobody), its goods and technology tokens
    (and waiting passengers) to the system's market, the IOU credits on the card."""
    stack = draft.rng.shuffled(market_token_ids(culture))
    draft.emit("MarketStacked", NOBODY, culture=culture, stack=stack)
    top = load_market_tokens().by_id[stack[0]]
    draft.emit("FirstContactMade", seat=seat, system=system, culture=culture,
               iou=load_cultures().culture(culture).iou, top=top.id,
               condition=top.condition.value)


def prepare_supply_areas(draft: Draft) -> None:
    """Setup 4: each culture's goods and racial technology tokens in its supply area; the
    cargo hold and drive tokens in their stockpiles (Setup 6)."""
    cultures = load_cultures().cultures
    stock = {k: v for k, v in load_market_tokens().stock.items() if isinstance(v, int)}
    draft.emit("CultureSuppliesPrepared",
               markets={c.key: supply_area(c.key).model_dump(mode="json") for c in cultures},
               stock=stock)


def place_passenger(draft: Draft) -> None:
    """"Passenger Icon": draw a passenger token and place it on its starting culture (its
    supply area if undiscovered) or Galactic Base."""
    token = decks.draw(draft, decks.PASSENGER, to="passenger")
    if token is not None:
        draft.emit("PassengerPlaced", passenger=token, at=passengers.start_of(token))


DEMAND = "demand"  # the optional rule's face-down demand tokens


def demand_each_odd_round(draft: Draft) -> None:
    """Optional rule "Demand": "At the start of every odd-numbered game round (including the
    first round), place a random passenger token as normal; then draw a random demand
    token". The round decides, not the passengers: the Light Speed Game's five setup
    passengers (Light Speed Game 16) draw no demand, and its first round (16) is even."""
    state = draft.state
    if state.table.demand and state.round % 2 == 1:
        place_demand(draft)


def place_demand(draft: Draft) -> None:
    """Optional rule "Demand": at the start of every odd round, after the passenger, a
    random demand token face up in the market of its culture (its supply area while the
    culture is undiscovered; it moves with the culture's tokens at First Contact)."""
    token = decks.draw(draft, DEMAND, to="demand")
    if token is not None:
        draft.emit("DemandPlaced", token=token, at=load_cultures().demand(token).at)


def shuffle_demand(draft: Draft) -> None:
    """Optional rule "Demand": "shuffle and place all the demand tokens facedown"."""
    if draft.state.table.demand:
        decks.shuffle(draft, DEMAND, load_cultures().demand_tokens())


def production_round(draft: Draft) -> None:
    """Epic Game > Production Rounds (and the interlude after round 30): every discovered
    culture's supply-area goods go to its market; undiscovered cultures keep theirs."""
    for culture in sorted(draft.state.discovered.values()):
        produce(draft, culture, maximum=True)


class BuyStartingGoods(Command):
    """Light Speed Game 14: "Purchase Starting Goods" from a culture one revealed."""

    type: Literal["BuyStartingGoods"] = "BuyStartingGoods"
    token: str


def check_starting_goods(state: StandardState, seat: int, token: str) -> str:
    """Unlimited buys of goods from the cultures whose cards the player revealed, at their
    cost: no IOU credits, no pilot discount (Light Speed Game 14)."""
    heading = "Light Speed Game > Purchase Starting Goods"
    p = state.player(seat)
    mine = [state.discovered[s] for s in p.contacts if s in state.discovered]
    culture = next((c for c in mine if token in state.trade.market(c).goods), None)
    if culture is None:
        raise RuleError(heading, f"{token} is not for sale at a culture you revealed")
    cost = load_cultures().culture(origin(token)).goods.cost
    if cost > p.credits:
        raise RuleError(heading, f"c{cost} needed, c{p.credits} available")
    if not has_room(p, [token]):
        raise RuleError("Capacity", "no cargo hold has room for it")
    return culture


def buy_starting_goods(draft: Draft, seat: int, cmd: BuyStartingGoods) -> None:
    culture = check_starting_goods(draft.state, seat, cmd.token)
    cost = load_cultures().culture(origin(cmd.token)).goods.cost
    draft.emit("GoodsBought", seat=seat, token=cmd.token, at=culture, culture=culture,
               price=cost, iou=0)
    draft.credits(seat, -cost, "goods_bought")


def starting_goods_offers(state: StandardState, seat: int) -> Iterator[Command]:
    seen: set[str] = set()
    for system in state.player(seat).contacts:
        culture = state.discovered.get(system)
        if culture is None:
            continue
        for token in state.trade.market(culture).goods:
            if origin(token) not in seen and allowed(check_starting_goods, state, seat, token):
                seen.add(origin(token))
                yield BuyStartingGoods(token=token)


#: The rules of this module's commands (``order.py`` gathers every module's).
RULES: dict[type[Command], Rule] = {
    Jettison: jettison,
    DoneJettisoning: done_jettisoning,
    BuyStartingGoods: buy_starting_goods,
}
