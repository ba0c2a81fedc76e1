"""How the cards' events change the state: total and deterministic, no validation. Draws
and discards are the core's ``CardDrawn`` / ``CardDiscarded``; these say where a card goes
and what the cards put on the board."""

from __future__ import annotations

from typing import Any

from .cards_state import SeatCards, SpaceToken
from .handlers import Handler
from .state import StandardState
from .tokens import is_passenger


def _seat(state: StandardState, seat: int) -> SeatCards:
    return state.cards.seats.setdefault(seat, SeatCards())


def _beside(state: StandardState, d: dict[str, Any]) -> None:
    """An intel card, or a title nobody holds, lies beside the round track."""
    c = state.cards
    if d["card"] not in c.beside_track:
        c.beside_track.append(d["card"])
    c.title_holders.pop(d["card"], None)


def _title(state: StandardState, d: dict[str, Any]) -> None:
    c = state.cards
    if d["card"] in c.beside_track:
        c.beside_track.remove(d["card"])
    c.title_holders[d["card"]] = d["seat"]


def _intel(state: StandardState, d: dict[str, Any]) -> None:
    state.cards.intel_used = f"{state.round}:{d['seat']}"


def _token(state: StandardState, d: dict[str, Any]) -> None:
    state.cards.tokens[d["space"]] = SpaceToken(kind=d["token"], pirate=d.get("pirate"))


def _telegate(state: StandardState, d: dict[str, Any]) -> None:
    state.cards.telegates[int(d["number"])] = d["space"]


def _infamy_under(state: StandardState, d: dict[str, Any]) -> None:
    """"Losing a Pirate Engagement" 2: an infamy token beneath the pirate token."""
    state.cards.tokens[d["space"]].infamy += 1


def _defeated(state: StandardState, d: dict[str, Any]) -> None:
    """"Winning ... laser attribute": the infamy tokens under the pirate become the winner's
    fame tokens (flipped); the pirate token is flipped to its asteroid side."""
    tok = state.cards.tokens[d["space"]]
    state.player(d["seat"]).fame += tok.infamy
    _seat(state, d["seat"]).pirates_defeated += 1
    state.cards.tokens[d["space"]] = SpaceToken(kind="asteroid", pirate=tok.pirate)


def _mission(state: StandardState, d: dict[str, Any]) -> None:
    state.player(d["seat"]).missions.append(d["card"])


def _completed(state: StandardState, d: dict[str, Any]) -> None:
    p = state.player(d["seat"])
    p.missions.remove(d["card"])
    p.missions_done.append(d["card"])


def _returned(state: StandardState, d: dict[str, Any]) -> None:
    """A mission put at the bottom of the Mission deck (Confirmed Location, ours)."""
    state.player(d["seat"]).missions.remove(d["card"])
    state.decks.setdefault("mission", []).append(d["card"])


def _second(state: StandardState, d: dict[str, Any]) -> None:
    _seat(state, d["seat"]).second_mission = True


def _kept(state: StandardState, d: dict[str, Any]) -> None:
    state.player(d["seat"]).rewards.append(d["card"])
    if d["card"] in state.cards.rewards_for_sale:
        state.cards.rewards_for_sale.remove(d["card"])


def _traded(state: StandardState, d: dict[str, Any]) -> None:
    state.cards.rewards_for_sale.append(d["card"])


def count_jettisoned(state: StandardState, d: dict[str, Any]) -> None:
    """A passenger jettisoned ("Jettisoning", the trade module's event) counts for the
    Slaver title (ours); goods and technologies do not."""
    if is_passenger(str(d.get("token", ""))):
        _seat(state, d["seat"]).jettisoned += 1


def _dial(state: StandardState, d: dict[str, Any]) -> None:
    p = state.player(d["seat"])
    setattr(p, d["dial"], d["value"])


def _peeked(state: StandardState, d: dict[str, Any]) -> None:
    """Star Maps (ours): the top Encounter card put back on top or at the bottom."""
    deck = state.decks.get("encounter", [])
    if d.get("bottom") and deck:
        deck.append(deck.pop(0))


def _held(state: StandardState, d: dict[str, Any]) -> None:
    state.cards.held = {k: d[k] for k in ("movement", "stop", "end_turn", "reason")}


def _released(state: StandardState, d: dict[str, Any]) -> None:
    state.cards.held = None


def _exchanged(state: StandardState, d: dict[str, Any]) -> None:
    a, b = state.player(d["seat"]).missions, state.player(d["other"]).missions
    a[a.index(d["mine"])] = d["theirs"]
    b[b.index(d["theirs"])] = d["mine"]


def _goods_returned(state: StandardState, d: dict[str, Any]) -> None:
    """A goods token taken by pirates (or handed over for a mission) back to its culture's
    supply area, in the trade module's state (``Player.cargo``, ``state.trade``)."""
    cargo = getattr(state.player(d["seat"]), "cargo", None)
    if cargo is not None and d["token"] in cargo:
        cargo.remove(d["token"])
    trade = getattr(state, "trade", None)
    if trade is not None:
        trade.market(d["token"].partition(":")[0]).supply_goods.append(d["token"])


def _reward_bought(state: StandardState, d: dict[str, Any]) -> None:
    """"Purchasing such a Reward card at Galactic Base takes one buy action": counted
    where the trade module counts its buy actions (``Turn.trades``, ``Turn.bought``)."""
    turn = state.turn
    trades = getattr(turn, "trades", None)
    if turn is None or trades is None:
        return
    key = f"{turn.phase}:buy"
    trades[key] = trades.get(key, 0) + 1
    if hasattr(turn, "bought"):
        turn.bought = True


#: The handlers of this module's events (``evolve.py`` folds the game with them).
HANDLERS: dict[str, Handler] = {
    "CardSetBesideTrack": _beside,
    "TitleTaken": _title,
    "IntelUsed": _intel,
    "TokenPlaced": _token,
    "TelegatePlaced": _telegate,
    "PirateBeatPlayer": _infamy_under,
    "PirateDefeated": _defeated,
    "MissionTaken": _mission,
    "MissionCompleted": _completed,
    "MissionReturned": _returned,
    "SecondMissionBought": _second,
    "RewardKept": _kept,
    "RewardTradedIn": _traded,
    "CardDialTurned": _dial,
    "EncounterDeckPeeked": _peeked,
    "EncounterOutcomeHeld": _held,
    "EncounterOutcomeReleased": _released,
    "MissionsExchanged": _exchanged,
    "GoodsReturnedToSupply": _goods_returned,
    "RewardBought": _reward_bought,
}
