"""The Action stage: build a station, buy an engine, or petition the Emperor (Stages of the
Turn 2), with the Petition Table and, in the advanced game, the Imperial Station Petition
Table."""

from __future__ import annotations

from collections import deque
from typing import Any

from engine.kernel import RuleError

from .auction import open_auction
from .cargo import max_engines
from .components import contracts
from .decks import top_contract
from .draft import Draft
from .envoy import envoy_blocks
from .galaxy import load_galaxy
from .movement import open_interval
from .state import StarState, Turn
from .windows import open_window, priority_order

STATION_COST = 5
PETITION_PRESTIGE = 15
MISSION_PAYOFF = 15


def _turn(state: StarState) -> Turn:
    assert state.turn is not None
    return state.turn


def check_action(state: StarState) -> None:
    """An Action is taken in the Action stage, not while an Imperial Envoy holds you."""
    if _turn(state).stage != "action":
        raise RuleError("Stages of the Turn", "that is an Action, taken in the Action stage")
    if envoy_blocks(state, _turn(state).seat):
        raise RuleError("Imperial Envoy!", "no Action until you reach the Envoy's destination")


def action_done(draft: Draft, seat: int) -> None:
    if draft.state.winner is None and not _turn(draft.state).petition:
        draft.emit("StageChanged", seat=seat, stage="draw")


def build_station(draft: Draft, seat: int) -> None:
    """Stations: on a world without one, for 5 Stellors; 2 Prestige (3 in the advanced
    game)."""
    st = draft.state
    check_action(st)
    p = st.player(seat)
    if p.world in st.stations:
        raise RuleError("Stations", f"{p.world} already has a station")
    if p.stellors < STATION_COST:
        raise RuleError("Stations", "a station costs 5 Stellors")
    draft.stellors(seat, -STATION_COST, "station")
    draft.emit("StationBuilt", seat=seat, world=p.world)
    draft.prestige(seat, 3 if st.advanced else 2, "station")
    action_done(draft, seat)


def engine_cost(engines_after: int) -> int:
    """Engines: engines #1-4 cost 30 Stellors, #5 (and the Engineer's #6) 40."""
    return 30 if engines_after <= 4 else 40


def buy_engine(draft: Draft, seat: int) -> None:
    """Engines: at a shipyard (the Engineer anywhere), up to five (the Engineer six)."""
    st = draft.state
    check_action(st)
    p = st.player(seat)
    if not p.has("engineer") and not load_galaxy().is_shipyard(p.world):
        raise RuleError("Engines", f"engines are bought at a shipyard; {p.world} has none")
    if p.engines >= max_engines(st, seat):
        raise RuleError("Engines", f"a ship has at most {max_engines(st, seat)} engines")
    cost = engine_cost(p.engines + 1)
    if p.stellors < cost:
        raise RuleError("Engines", f"engine #{p.engines + 1} costs {cost} Stellors")
    draft.stellors(seat, -cost, "engine")
    draft.emit("EnginesChanged", seat=seat, engines=p.engines + 1)
    action_done(draft, seat)


def skip_action(draft: Draft, seat: int) -> None:
    if _turn(draft.state).stage != "action":
        raise RuleError("Stages of the Turn", "the Action stage is not now")
    action_done(draft, seat)


def prestige_bonus(prestige: int) -> int:
    """The Prestige track's "0", "+1" and "+2" areas (Petitioning). The printed track is not
    transcribed; our reading: 15-19 adds 0, 20-24 adds 1, 25-30 adds 2 (docs/rulings.md)."""
    return 0 if prestige < 20 else 1 if prestige < 25 else 2


# Petition Table: result -> (price, Stellors lost, Prestige lost on refusal or outright)
MISSION_TABLE: dict[int, dict[str, Any]] = {
    -1: {"lose_turn": True, "prestige": 15},
    0: {"stellors": 20, "prestige": 10},
    1: {"stellors": 20, "prestige": 5},
    2: {"stellors": 10},
    3: {"price": 60, "refuse_stellors": 10, "refuse_prestige": 10},
    4: {"price": 40, "refuse_stellors": 10, "refuse_prestige": 10},
    5: {"price": 20, "refuse_prestige": 10},
    6: {"price": 10, "refuse_prestige": 10},
    7: {"price": 0},
}
# Imperial Station Petition Table (advanced game): price, Prestige spent as a fraction
STATION_TABLE: dict[int, dict[str, Any]] = {
    -1: {"prestige": 10, "auction": True},  # "Your station goes up for auction" (auction.py)
    0: {"stellors": 20, "prestige": 10},
    1: {"stellors": 10, "prestige": 5},
    2: {"stellors": 5},
    3: {"price": 40, "spend_fraction": 2, "refuse_prestige": 5},
    4: {"price": 30, "spend_fraction": 3, "refuse_prestige": 5},
    5: {"price": 20, "spend_fraction": 4, "refuse_prestige": 5},
    6: {"price": 10, "spend": 5, "refuse_prestige": 10},
    7: {"price": 0, "spend": 10},
}


def petition(draft: Draft, seat: int) -> None:
    """Petitioning: with 15 Prestige or more, roll one die, add the Prestige area's bonus and
    read the table (the mission in the basic game, an Imperial Station in the advanced)."""
    st = draft.state
    check_action(st)
    p = st.player(seat)
    if st.advanced:
        if not promotable(st, seat):
            raise RuleError("Imperial Stations", "petition at one of your own stations that "
                            "is not yet Imperial")
    else:
        if p.mission is not None:
            raise RuleError("Completing Your Mission", "you already have an Imperial Mission")
        if p.prestige < PETITION_PRESTIGE:
            raise RuleError("Winning the Game", "a petition needs 15 Prestige or more")
    kind = "station" if st.advanced else "mission"
    draft.emit("PetitionDeclared", seat=seat, kind=kind)
    # "Any Trader may use an appropriate Trader's Luck card to change your Prestige before
    # you roll": a window before the roll (cards are played in it; ``roll_petition`` after)
    open_window(draft, "petition", seat, priority_order(st, seat))


def promotable(state: StarState, seat: int) -> bool:
    """Imperial Stations: "To make one of your stations Imperial, you must be at the
    station": the world the Trader is at holds his own station, not yet Imperial."""
    world = state.player(seat).world
    return state.stations.get(world) == seat and world not in state.imperial_stations


def roll_petition(draft: Draft, seat: int) -> None:
    """After the window before the roll: "If your Prestige is reduced below 15, you cannot
    petition. In this case, you may take a different Action this turn if able, but you may
    not go back to the movement stage" (the advanced game's petition needs the station still
    one's own and not Imperial). Otherwise the roll, and its window: "Traders can also
    change your die after you roll" -- and the Prestige, which counts "after you have rolled
    and all cards have been played" (``settle_petition``)."""
    st = draft.state
    p = st.player(seat)
    kind = "station" if st.advanced else "mission"
    able = promotable(st, seat) if st.advanced else p.prestige >= PETITION_PRESTIGE
    if not able:
        draft.emit("PetitionWithdrawn", seat=seat, kind=kind, prestige=p.prestige)
        return
    draft.emit("PetitionRolled", seat=seat, roll=draft.die(), kind=kind)
    open_interval(draft, "zap", seat)


def settle_petition(draft: Draft, seat: int) -> None:
    """After the roll's Zap interval: add the Prestige area's bonus as the Prestige now
    stands and read the table (a Zapped roll is used as is: -1 or less, 7 or more)."""
    st = draft.state
    p = st.player(seat)
    roll = int((_turn(st).roll or {})["roll"])
    bonus = prestige_bonus(p.prestige)
    result = max(-1, min(7, roll + bonus))
    kind = "station" if st.advanced else "mission"
    draft.emit("PetitionSettled", seat=seat, roll=roll, bonus=bonus, result=result, kind=kind)
    row = (STATION_TABLE if st.advanced else MISSION_TABLE)[result]
    if "price" in row and st.advanced and not promotable(st, seat):
        _lapse(draft, seat)  # the station lost or traded away since the roll
        return
    if "price" not in row:
        if row.get("lose_turn"):
            draft.emit("NextTurnLost", seat=seat)
        draft.stellors(seat, -min(row.get("stellors", 0), p.stellors), "petition")
        draft.prestige(seat, -row.get("prestige", 0), "petition")
        action_done(draft, seat)
        if row.get("auction"):
            open_auction(draft, seat)
        return
    if row["price"] == 0 and not row.get("spend"):
        _grant(draft, seat)
        action_done(draft, seat)
        return
    draft.emit("PetitionPriced", seat=seat, result=result, kind=kind, price=row["price"],
               spend=_spend(row, p.prestige), refuse_stellors=row.get("refuse_stellors", 0),
               refuse_prestige=row.get("refuse_prestige", 0))


def _spend(row: dict[str, Any], prestige: int) -> int:
    """Prestige to spend; a fractional loss rounds in the petitioner's favour (down)."""
    if "spend_fraction" in row:
        return int(prestige // row["spend_fraction"])
    return int(row.get("spend", 0))


def can_pay(state: StarState, seat: int) -> bool:
    """A payment you cannot make cannot be performed (Prestige: "pay" versus "lose")."""
    priced = _turn(state).petition
    p = state.player(seat)
    return priced is not None and p.stellors >= priced["price"] \
        and p.prestige >= priced.get("spend", 0)


def _lapse(draft: Draft, seat: int) -> None:
    """A granting result with no station left to promote (a Trader's Luck card took it, or
    a deal gave it away, after the roll): "A successful roll promotes your station", and
    the price buys that; with the station gone nothing is asked, paid or granted
    (``docs/rulings.md``)."""
    draft.emit("PetitionLapsed", seat=seat, world=draft.state.player(seat).world)
    action_done(draft, seat)


def answer_price(draft: Draft, seat: int, pay: bool) -> None:
    st = draft.state
    priced = _turn(st).petition
    if priced is None:
        raise RuleError("Petitioning", "no petition price is waiting")
    if st.advanced and not promotable(st, seat):
        _lapse(draft, seat)  # given away while the price waited
        return
    if pay and not can_pay(st, seat):
        raise RuleError("Prestige", "you cannot pay that price")
    draft.emit("PetitionClosed", seat=seat, paid=pay)
    if pay:
        draft.stellors(seat, -priced["price"], "petition-price")
        draft.prestige(seat, -priced.get("spend", 0), "petition")
        _grant(draft, seat)
    else:
        p = st.player(seat)
        draft.stellors(seat, -min(priced["refuse_stellors"], p.stellors), "petition")
        draft.prestige(seat, -priced["refuse_prestige"], "petition")
    action_done(draft, seat)


def _grant(draft: Draft, seat: int) -> None:
    if draft.state.advanced:
        _grant_station(draft, seat)
    else:
        _grant_mission(draft, seat)


def _grant_mission(draft: Draft, seat: int) -> None:
    """Completing Your Mission: turn up Contract cards until one pays at least 15 (Jackpot's
    average counts); it becomes the Imperial Mission."""
    while True:
        top = top_contract(draft)
        if top is None:
            return
        if contracts()[top].mission_value >= MISSION_PAYOFF:
            draft.emit("MissionGranted", seat=seat, contract=top)
            return
        draft.emit("MissionCardRejected", seat=seat, contract=top)


def _grant_station(draft: Draft, seat: int) -> None:
    """Imperial Stations: the station becomes Imperial; a long enough chain wins (Winning the
    Advanced Game)."""
    st = draft.state
    world = st.player(seat).world
    draft.emit("ImperialStationGranted", seat=seat, world=world)
    if longest_chain(st, seat) >= chain_needed(len(st.players)):
        draft.emit("GameWon", seat=seat, reason="imperial-chain")


def chain_needed(players: int) -> int:
    """Winning the Advanced Game: 6 Imperial Stations for two Traders, 5 for three, 4 for
    four, 3 for five or six (unchanged when a player drops out)."""
    return {2: 6, 3: 5, 4: 4}.get(players, 3)


def longest_chain(state: StarState, seat: int) -> int:
    """The largest set of the seat's Imperial Stations each joined directly by a jumpline to
    another of the set."""
    mine = {w for w in state.imperial_stations if state.stations.get(w) == seat}
    galaxy = load_galaxy()
    best, seen = 0, set()
    for start in mine:
        if start in seen:
            continue
        size, todo = 0, deque([start])
        seen.add(start)
        while todo:
            here = todo.popleft()
            size += 1
            for nxt in galaxy.neighbours[here]:
                if nxt in mine and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        best = max(best, size)
    return best
