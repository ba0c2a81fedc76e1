"""The cards' commands, their rules and when they are offered: pirates and encounter choices,
missions ("Missions", "Second Mission"), rewards ("Rewards"), intel cards ("Intel Cards",
"Title & Intel Cards in Play"); the cards' setup steps (5 and 9) and their part of the view.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

from engine.kernel import Command, RuleError, only

from . import decks, encounters, missions, ports, rewards
from .cards import TITLE_AND_INTEL, encounter_cards, mission_cards
from .draft import Draft
from .hookpoints import Rule
from .places import _board, galactic_base
from .standing import Standing, standing_of
from .state import StandardState

MISSIONS, SECOND, INTEL = "Missions", "Second Mission", "Intel Cards"
PEEK = "encounter_peek"  # Star Maps (and the Data Probe's scout): top or bottom


class EngagePirates(Command):
    """"Pirates" 2: the attribute to engage with (laser, shield or pilot); ``points``: how
    many movement points a win with the pilot adds (up to the pilot's level; all if none)."""

    type: Literal["EngagePirates"] = "EngagePirates"
    attribute: Literal["laser", "shield", "pilot"]
    points: int | None = None


class AnswerOffer(Command):
    """An Encounter card's offer: pay for its benefit (accept) or refuse."""

    type: Literal["AnswerOffer"] = "AnswerOffer"
    accept: bool


class KeepReward(Command):
    """"Rewards": keep the trade-in Reward card just drawn, or exchange it for c50."""

    type: Literal["KeepReward"] = "KeepReward"
    keep: bool


class GiveUpGoods(Command):
    """"Losing a Pirate Engagement": the goods token of the pirate's grade given up."""

    type: Literal["GiveUpGoods"] = "GiveUpGoods"
    token: str


class CompleteMission(Command):
    """"Missions": complete an active mission at its destination; ``goods``: the goods
    token handed over when the objective asks for one (the first that fits if none)."""

    type: Literal["CompleteMission"] = "CompleteMission"
    mission: str
    goods: str | None = None


class BuySecondMission(Command):
    """"Second Mission": c60 at Galactic Base, five fame, a second active Mission card."""

    type: Literal["BuySecondMission"] = "BuySecondMission"


class BuyReward(Command):
    """"Rewards": buy a traded-in Reward card at Galactic Base for c60 (one buy action)."""

    type: Literal["BuyReward"] = "BuyReward"
    card: str


class UseIntel(Command):
    """"Intel Cards": pay an intel card's price and use it; ``mission``: the Mission card
    Confirmed Location puts back."""

    type: Literal["UseIntel"] = "UseIntel"
    card: str
    mission: str | None = None


class PutBackEncounter(Command):
    """Star Maps: the Encounter card looked at goes back on top, or to the bottom."""

    type: Literal["PutBackEncounter"] = "PutBackEncounter"
    bottom: bool


# --- setup ---------------------------------------------------------------------------------

def prepare_stockpiles(draft: Draft) -> None:
    """Setup 6 "Prepare Token Stockpiles": the pirate tokens (taken at random when a card
    places one); the optional rules: the six title and intel cards beside the round track
    (and out of the Encounter deck), telegate 1 on the Asteroid System's leftmost encounter
    space. The solo challenge game removes the title and intel cards ("Solo Challenge
    Setup")."""
    decks.shuffle(draft, encounters.PIRATE_STOCK)
    table = draft.state.table
    if table.title_intel_in_play or table.solo_challenge:
        rest = [c for c in decks.cards_of(decks.ENCOUNTER) if c not in TITLE_AND_INTEL]
        decks.shuffle(draft, decks.ENCOUNTER, rest)
    if table.title_intel_in_play:
        for cid in TITLE_AND_INTEL:
            draft.emit("CardSetBesideTrack", card=cid)
    if table.asteroid_telegate:
        space = asteroid_telegate_space()
        if space is not None:
            draft.emit("TelegatePlaced", number=1, space=space, card=None)


def asteroid_telegate_space() -> str | None:
    """"Asteroid System Telegate": the leftmost encounter space of the Asteroid System (the
    board's ``asteroid_telegate`` mark, else its leftmost encounter space by x)."""
    board = _board()
    if board is None:
        return None
    marked = getattr(board, "asteroid_telegate", None)
    if marked:
        return str(marked)
    spaces = getattr(board, "spaces", {})
    found = [s for s in spaces.values() if getattr(s, "kind", "") == "encounter"
             and "asteroid" in str(getattr(s, "system", ""))]
    found.sort(key=lambda s: getattr(getattr(s, "at", None), "x", 0))
    return str(found[0].id) if found else None


def deal_missions(draft: Draft) -> None:
    """Setup 9 "Distribute Mission Cards": one face-up Mission card to each player."""
    for p in draft.state.players:
        take_mission(draft, p.seat)


def take_mission(draft: Draft, seat: int) -> None:
    """Draw a Mission card face up (its destination's mission token follows it)."""
    mid = decks.draw(draft, decks.MISSION, seat=seat)
    if mid is not None:
        draft.emit("MissionTaken", seat=seat, card=mid,
                   destination=mission_cards()[mid].destination)


# --- encounter choices ---------------------------------------------------------------------

def _engage(draft: Draft, seat: int, cmd: EngagePirates) -> None:
    encounters.engage(draft, seat, cmd.attribute, cmd.points)


def engage_offers(state: StandardState, seat: int) -> Iterator[Command]:
    for attribute in ("laser", "shield", "pilot"):
        yield EngagePirates(attribute=attribute)


def _offer(draft: Draft, seat: int, cmd: AnswerOffer) -> None:
    encounters.answer_offer(draft, seat, cmd.accept)


def offer_offers(state: StandardState, seat: int) -> Iterator[Command]:
    ask = state.ask
    if ask is not None and state.player(seat).credits >= int(ask.detail.get("pay", 0)):
        yield AnswerOffer(accept=True)
    yield AnswerOffer(accept=False)


def _give_up(draft: Draft, seat: int, cmd: GiveUpGoods) -> None:
    encounters.give_up_goods(draft, seat, cmd.token)


def give_up_offers(state: StandardState, seat: int) -> Iterator[Command]:
    ask = state.ask
    for token in (ask.detail.get("options", []) if ask else []):
        yield GiveUpGoods(token=token)


def _keep(draft: Draft, seat: int, cmd: KeepReward) -> None:
    then = rewards.answer_trade_in(draft, seat, cmd.keep)
    if then == "mission":
        take_mission(draft, seat)
    encounters.release_held(draft, seat)


def keep_offers(state: StandardState, seat: int) -> Iterator[Command]:
    yield KeepReward(keep=True)
    yield KeepReward(keep=False)


# --- missions ------------------------------------------------------------------------------

def _own_time(state: StandardState, seat: int) -> bool:
    """Missions and purchases happen on one's own turn with no question open and no Move
    step under way (before moving, or after landing)."""
    turn = state.turn
    if turn is None or turn.seat != seat or state.asks or state.stage != "playing":
        return False
    flight = getattr(turn, "flight", None)
    return turn.phase != "movement" or flight is None or \
        getattr(flight, "stage", "heading") == "heading"


def _complete(draft: Draft, seat: int, cmd: CompleteMission) -> None:
    """"Missions": land at the destination, fulfil the objective; the card goes face down
    (fame at the end), a Reward card is drawn, then a new Mission card."""
    state = draft.state
    st = standing_of(state, seat)
    if cmd.mission not in st.missions:
        raise RuleError(MISSIONS, f"{cmd.mission!r} is not one of your active missions "
                        f"({', '.join(st.missions) or 'none'})")
    if cmd.mission not in missions.completable(st):
        card = mission_cards()[cmd.mission]
        where = card.destination or "anywhere"
        raise RuleError(MISSIONS, f"{card.name}: land at {where} and fulfil: {card.text}")
    obj = mission_cards()[cmd.mission].objective
    if obj.need == "deliver":
        fits = st.goods_of(obj.grade or "basic")
        token = cmd.goods or fits[0]
        if token not in fits:
            raise RuleError(MISSIONS, f"hand over a {obj.grade} goods token: {fits}")
        ports.lose_goods(draft, seat, token)
    elif obj.need == "pay":
        draft.credits(seat, -obj.credits, "mission")
    draft.emit("MissionCompleted", seat=seat, card=cmd.mission,
               fame=mission_cards()[cmd.mission].fame)
    if not encounters.draw_reward(draft, seat, then="mission"):
        take_mission(draft, seat)


def _second(draft: Draft, seat: int, cmd: BuySecondMission) -> None:
    st = standing_of(draft.state, seat)
    if not missions.can_buy_second(st):
        raise RuleError(SECOND, "once, for c60, after landing at Galactic Base this turn "
                        "(or staying there by skipping the Movement phase)")
    draft.credits(seat, -missions.SECOND_MISSION_COST, "second_mission")
    draft.emit("SecondMissionBought", seat=seat)
    draft.fame(seat, missions.SECOND_MISSION_FAME, "second_mission")
    take_mission(draft, seat)


def _mission_offers(state: StandardState, st: Standing) -> Iterator[Command]:
    for mid in missions.completable(st):
        yield CompleteMission(mission=mid)
    turn = state.turn
    if missions.can_buy_second(st) and turn is not None and turn.phase in (
            "movement", "first_contact", "transaction"):
        yield BuySecondMission()


def exchange_missions(draft: Draft, seat: int, other: int, mine: str, theirs: str) -> None:
    """Two players swap one active Mission card each (the Wave Emitter technology)."""
    a, b = draft.state.player(seat).missions, draft.state.player(other).missions
    if mine not in a or theirs not in b:
        raise RuleError("Wave Emitter", f"exchange one of your missions {a} for one of {b}")
    draft.emit("MissionsExchanged", seat=seat, other=other, mine=mine, theirs=theirs)


def titles_each_round(draft: Draft) -> None:
    """Titles follow figures other modules change too (infamy from jettisoned passengers,
    drills): they are checked again at the start of every round."""
    encounters.update_titles(draft)


# --- rewards for sale and intel ------------------------------------------------------------

def _buy_reward(draft: Draft, seat: int, cmd: BuyReward) -> None:
    turn = draft.state.turn
    if turn is None or turn.phase != "transaction":
        raise RuleError(rewards.REWARDS, "a Reward card is bought with a buy action in the "
                        "Transaction phase")
    rewards.buy(draft, seat, cmd.card)


def _reward_offers(state: StandardState, st: Standing) -> Iterator[Command]:
    if st.at_galactic_base and st.credits >= rewards.BUY_PRICE:
        for rid in sorted(set(state.cards.rewards_for_sale)):
            yield BuyReward(card=rid)


def _use_intel(draft: Draft, seat: int, cmd: UseIntel) -> None:
    """"Intel Cards": pay the price and meet the conditions; once used the card returns
    beside the round track. Ours: one intel card per turn."""
    state = draft.state
    why = intel_refusal(state, seat, cmd.card)
    if why is not None:
        raise RuleError(INTEL, why)
    intel = encounter_cards()[cmd.card].intel
    assert intel is not None
    if intel.use == "swap_mission":
        mine = state.player(seat).missions
        mid = cmd.mission or (mine[0] if mine else None)
        if mid is None or mid not in mine:
            raise RuleError(INTEL, f"name one of your active missions: {mine}")
    draft.credits(seat, -intel.price, "intel")
    draft.emit("IntelUsed", seat=seat, card=cmd.card, price=intel.price)
    if intel.use == "swap_mission":
        draft.emit("MissionReturned", seat=seat, card=mid)
        take_mission(draft, seat)
        return
    peek_encounter(draft, seat)


def peek_encounter(draft: Draft, seat: int) -> None:
    """Look at the top Encounter card secretly, then return it face down to the top or the
    bottom of the deck (Star Maps, ours; the Data Probe's scout says the same)."""
    top = draft.state.decks.get(decks.ENCOUNTER, [])
    if not top:
        return
    draft.emit("EncounterCardSeen", only(seat), seat=seat, card=top[0])
    draft.ask(seat, PEEK)


def intel_refusal(state: StandardState, seat: int, cid: str) -> str | None:
    if cid not in state.cards.beside_track or encounter_cards()[cid].trait != "intel":
        return f"{cid!r} is not an intel card beside the round track"
    intel = encounter_cards()[cid].intel
    assert intel is not None
    if state.cards.intel_used == f"{state.round}:{seat}":
        return "one intel card per turn"
    if state.player(seat).credits < intel.price:
        return f"{encounter_cards()[cid].name} costs c{intel.price}"
    if intel.at_galactic_base and not standing_of(state, seat).at_galactic_base:
        return f"{encounter_cards()[cid].name} is used at Galactic Base"
    if intel.use == "peek_encounter" and not state.decks.get(decks.ENCOUNTER):
        return "the Encounter deck is empty"
    if intel.use == "swap_mission" and (not state.player(seat).missions
                                        or not state.decks.get(decks.MISSION)):
        return "no mission to swap"
    return None


def _intel_offers(state: StandardState, seat: int) -> Iterator[Command]:
    for cid in sorted(set(state.cards.beside_track)):
        if encounter_cards()[cid].trait == "intel" and intel_refusal(state, seat, cid) is None:
            yield UseIntel(card=cid)


def _put_back(draft: Draft, seat: int, cmd: PutBackEncounter) -> None:
    ask = draft.state.ask
    if ask is None or ask.seat != seat or ask.prompt != PEEK:
        raise RuleError(INTEL, "no Encounter card waits to be put back")
    draft.answered()
    draft.emit("EncounterDeckPeeked", seat=seat, bottom=cmd.bottom)


def put_back_offers(state: StandardState, seat: int) -> Iterator[Command]:
    yield PutBackEncounter(bottom=False)
    yield PutBackEncounter(bottom=True)


CARD_COMMANDS = (CompleteMission, BuySecondMission, BuyReward, UseIntel)


def phase_offers(state: StandardState, seat: int) -> Iterator[Command]:
    """The cards' commands in a phase of one's own turn (a seat with no mission, away from
    Galactic Base and with no intel card in play has none: checked before any lookup)."""
    if not _own_time(state, seat):
        return
    p = state.player(seat)
    if p.missions or p.space == galactic_base():
        st = standing_of(state, seat)
        yield from _mission_offers(state, st)
        turn = state.turn
        if turn is not None and turn.phase == "transaction":
            yield from _reward_offers(state, st)
    if state.cards.beside_track:
        yield from _intel_offers(state, seat)


# --- what a seat sees ----------------------------------------------------------------------

def board_panel(mission: str) -> int | None:
    """The "Board Panel Indicator" of a Mission card: the panel its destination is on."""
    card = mission_cards().get(mission)
    board = _board()
    if card is None or card.destination is None or board is None:
        return None
    try:
        return int(board.panel(card.destination))
    except (AttributeError, KeyError):
        return None


def cards_view(state: StandardState, viewer: int) -> dict[str, Any]:
    """Face-up cards are everyone's (missions, rewards, titles, intel beside the track,
    tokens on the board); the decks show only their sizes (the core's ``decks``)."""
    c = state.cards
    ask = state.ask
    return {
        "tokens": {s: t.model_dump(mode="json") for s, t in sorted(c.tokens.items())},
        "telegates": {str(n): s for n, s in sorted(c.telegates.items())},
        "rewards_for_sale": list(c.rewards_for_sale),
        "beside_track": list(c.beside_track),
        "titles": dict(c.title_holders),
        "seats": {str(s): v.model_dump(mode="json") for s, v in sorted(c.seats.items())},
        "waiting": None if ask is None else {"seat": ask.seat, "prompt": ask.prompt},
        # "Pirates" 2: the player's odds with each attribute, while he chooses
        "engage_odds": encounters.engage_odds(state, viewer, str(ask.detail["space"]))
        if ask is not None and ask.prompt == encounters.ENGAGE and ask.seat == viewer
        else None,
        # "Mission Tokens": each active mission's destination marked for its player
        "mission_tokens": {str(p.seat): [d for m in p.missions if m in mission_cards()
                                         and (d := mission_cards()[m].destination)]
                           for p in state.players},
        # "Mission Card Anatomy" 4: the board panel of each active mission's destination
        "mission_panels": {m: panel for p in state.players for m in p.missions
                           if (panel := board_panel(m)) is not None},
    }


#: The rules of this module's commands (``order.py`` gathers every module's).
RULES: dict[type[Command], Rule] = {
    EngagePirates: _engage,
    AnswerOffer: _offer,
    GiveUpGoods: _give_up,
    KeepReward: _keep,
    CompleteMission: _complete,
    BuySecondMission: _second,
    BuyReward: _buy_reward,
    UseIntel: _use_intel,
    PutBackEncounter: _put_back,
}
