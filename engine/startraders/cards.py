"""Trader's Luck cards played on one's own turn or with lasting effects, in our words where
the book only names them (docs/rulings.md, "Trader's Luck cards"): Takeover, Piracy,
Stressed Engines, Imperial Envoy (what it blocks: ``envoy``), Priority Run, Superjump,
Codebreaker. Jubilee, played the moment it is drawn, is in ``decks``."""

from __future__ import annotations

from engine.kernel import RuleError

from .cargo import ABANDON_STELLORS, HOLD
from .components import LuckCard, luck_cards
from .draft import Draft
from .galaxy import CAPITAL
from .movement import check_jump
from .quarantine import quarantine_interval
from .state import StarState, Window, is_imperial

OWN_TURN = {"takeover", "piracy", "priority-run", "superjump", "codebreaker"}
LASTING = {"stressed", "envoy"}
# cards that start a jump or end the movement: never in the middle of another jump or roll
BETWEEN_JUMPS = {"takeover", "superjump", "codebreaker"}


def in_progress(state: StarState) -> bool:
    """Whether a jump, a roll, a special jump's choice or a window is being resolved."""
    turn = state.turn
    return state.window is not None or turn is None or any(
        x is not None for x in (turn.declared, turn.roll, turn.choices, turn.first_die,
                                turn.asking, turn.petition, turn.petitioning))


def losable_station(state: StarState, seat: int, world: int | None) -> bool:
    """Imperial Stations cannot be destroyed; the Insider can never lose Capital."""
    if world is None or state.stations.get(world) != seat or world in state.imperial_stations:
        return False
    return not (world == CAPITAL and state.player(seat).has("insider"))


def check(state: StarState, seat: int, info: LuckCard, target: int, cargo: str | None,
          world: int | None) -> None:
    """The conditions of each card (the common ones are checked in ``luck.check_play``)."""
    turn = state.turn
    assert turn is not None
    me, victim = state.player(seat), state.player(target)
    if info.kind in OWN_TURN and turn.seat != seat:
        raise RuleError(info.name, "played on your own turn")
    if info.kind in ("priority-run", "superjump", "codebreaker") and turn.stage != "move":
        raise RuleError(info.name, "played in your movement stage")
    if info.kind in BETWEEN_JUMPS and in_progress(state):
        raise RuleError("Timing Details", f"{info.name} is played between jumps, not while a "
                        "jump, roll or Calamity is being resolved")
    if info.kind == "takeover":  # on yourself too (Calamity Cards): nothing changes hands
        if turn.stage not in ("move", "action") or world != me.world \
                or not losable_station(state, target, world):
            raise RuleError("Takeover", "take over a station on your world, before your "
                            "Action is spent (not an Imperial Station, not the Insider's "
                            "Capital)")
    elif info.kind == "piracy":
        if victim.world != me.world:
            raise RuleError("Piracy!", "the victim's ship must share your world")
        if cargo is not None and (cargo not in victim.hold or is_imperial(cargo)):
            raise RuleError("Piracy!", "name a cargo the victim carries (not Imperial)")
        if cargo is not None and target != seat and len(me.hold) >= HOLD \
                and me.stellors < ABANDON_STELLORS:
            raise RuleError("Trades and Deals", "your hold is full and you cannot pay to "
                            "abandon the excess")
    elif info.kind == "envoy":
        coming = any(w.victim == target and w.card and luck_cards()[w.card].kind == "envoy"
                     for w in state.windows)
        if victim.envoy is not None or victim.mission is not None or coming:
            raise RuleError("Imperial Envoy!", "the victim has an Envoy or an Imperial Mission")
        if victim.has("banker") and victim.engines < 2:
            raise RuleError("Imperial Envoy!", "the Banker with fewer than two engines cannot "
                            "be assigned an Envoy")
    elif info.kind in ("superjump", "codebreaker"):
        if world is None:
            raise RuleError(info.name, "name the destination world")
        check_jump(state, seat, world, "station" if info.kind == "codebreaker" else "regular")


def kept(info: LuckCard) -> bool:
    """Cards kept in front of their victim until their effect ends."""
    return info.kind == "envoy"


def play_own(draft: Draft, seat: int, info: LuckCard, world: int | None) -> None:
    """The non-Calamity movement cards take effect at once."""
    if info.kind == "priority-run":
        draft.emit("ExtraJump", seat=seat)
    elif info.kind == "superjump":
        quarantine_interval(draft, seat, world or 0, "superjump")
    elif info.kind == "codebreaker":  # a station jump without asking permission
        quarantine_interval(draft, seat, world or 0, "station", code=True)


def effect(draft: Draft, w: Window, info: LuckCard) -> None:
    """What a Calamity among these does once nobody avoided it."""
    st = draft.state
    victim = st.player(w.victim)
    if info.kind == "takeover":  # no Prestige: no new station is built
        world = w.detail.get("world")
        if w.victim != w.by and losable_station(st, w.victim, world):  # still hers
            draft.emit("StationGiven", world=world, seat=w.victim, to=w.by)
        if st.turn is not None and st.turn.stage in ("move", "action"):
            draft.emit("StageChanged", seat=w.by, stage="draw")
    elif info.kind == "piracy":
        _piracy(draft, w)
    elif info.kind == "stressed":
        cost = 5 if victim.has("engineer") else 10
        if victim.stellors >= cost:
            draft.stellors(w.victim, -cost, "repairs")
        elif victim.engines > 1:
            draft.emit("EnginesChanged", seat=w.victim, engines=victim.engines - 1)
    elif info.kind == "envoy":
        if victim.envoy is None and victim.mission is None:
            draft.emit("EnvoyAssigned", seat=w.victim, card=w.card, world=info.world)
        else:  # assigned an Envoy or a Mission meanwhile: this one goes to the discard pile
            draft.emit("EnvoyLapsed", seat=w.victim, card=w.card)


def _piracy(draft: Draft, w: Window) -> None:
    """Piracy!: the pirate takes a named cargo (not a right-to-deliver) and 2 Prestige (what
    the victim has); a cargo beyond two in his hold he must abandon at once, with its
    penalty, choosing which (``limits``)."""
    st = draft.state
    cargo = w.detail.get("cargo")
    if cargo is not None and cargo in st.player(w.victim).hold:
        draft.emit("CargoGiven", cargo=cargo, seat=w.victim, to=w.by)
    taken = min(2, st.player(w.victim).prestige)
    draft.prestige(w.victim, -taken, "piracy")
    draft.prestige(w.by, taken, "piracy")
