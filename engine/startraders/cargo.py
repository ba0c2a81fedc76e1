"""Cargo: picking up, the forced delivery, Payoffs, Races, Completed Contracts, abandoning.

Identical cargoes are interchangeable ("Picking Up a Cargo": a cargo may be re-associated
with any Contract calling for the same cargo at any time), so a hold is a list of cargo
names and the association is made when it matters, always in the holder's favour
(docs/rulings.md).
"""

from __future__ import annotations

from engine.kernel import RuleError

from .components import JACKPOT, KLUGE, TELZEY, Contract, contracts
from .decks import top_contract
from .draft import Draft
from .envoy import envoy_blocks
from .state import IMPERIAL_CARGO, StarState

HOLD = 2  # "You may carry up to two cargoes at any one time."
ABANDON_STELLORS, ABANDON_PRESTIGE = 5, 3


def max_engines(state: StarState, seat: int) -> int:
    """Engines: at most five; the Engineer six (Personalities)."""
    return 6 if state.player(seat).has("engineer") else 5


def current(state: StarState, slot: int) -> Contract | None:
    cid = state.slots[slot] if 0 <= slot < len(state.slots) else None
    return None if cid is None else contracts()[cid]


def pick_up(draft: Draft, seat: int, slot: int) -> None:
    """Picking Up a Cargo: at the Pick Up world of a Current Contract, room in the hold."""
    st = draft.state
    p = st.player(seat)
    c = current(st, slot)
    if c is None:
        raise RuleError("Picking Up a Cargo", f"there is no Current Contract #{slot + 1}")
    if p.world != c.pickup:
        raise RuleError("Picking Up a Cargo", f"{c.cargo} is picked up at {c.pickup}, "
                        f"you are at {p.world}")
    if len(p.hold) >= HOLD:
        raise RuleError("Picking Up a Cargo", "you may carry up to two cargoes")
    draft.emit("CargoPickedUp", seat=seat, cargo=c.cargo, contract=c.id)


def pick_up_mission(draft: Draft, seat: int) -> None:
    """Completing Your Mission: pick up the Imperial Cargo (only one; only yours)."""
    p = draft.state.player(seat)
    if p.mission is None:
        raise RuleError("Completing Your Mission", "you have no Imperial Mission")
    mission = contracts()[p.mission]
    if p.world != mission.pickup:
        raise RuleError("Completing Your Mission", f"your Imperial Cargo waits at "
                        f"{mission.pickup}")
    if IMPERIAL_CARGO in p.hold:
        raise RuleError("Completing Your Mission", "you cannot have two Imperial Cargoes")
    if len(p.hold) >= HOLD:
        raise RuleError("Picking Up a Cargo", "you may carry up to two cargoes")
    draft.emit("CargoPickedUp", seat=seat, cargo=IMPERIAL_CARGO, contract=mission.id)


def forced_deliveries(draft: Draft, seat: int) -> None:
    """Dropping Off: the first to arrive at a world with a cargo it wants must deliver at
    once, before doing anything else (and again if the new Contract wants another of the
    cargoes held); the Imperial Cargo delivered to its destination wins (Winning the Game)."""
    while draft.state.winner is None:
        st = draft.state
        p = st.player(seat)
        if envoy_blocks(st, seat):  # Imperial Envoy!: not even the mandatory delivery
            return
        mission = None if p.mission is None else contracts()[p.mission]
        if mission and IMPERIAL_CARGO in p.hold and p.world == mission.deliver:
            draft.emit("CargoRemoved", seat=seat, cargo=IMPERIAL_CARGO, why="mission")
            draft.emit("GameWon", seat=seat, reason="mission")
            return
        slot = next((i for i, cid in enumerate(st.slots) if cid is not None
                     and contracts()[cid].deliver == p.world
                     and contracts()[cid].cargo in p.hold), None)
        if slot is None:
            return
        deliver_current(draft, seat, slot)


def deliver_current(draft: Draft, seat: int, slot: int) -> None:
    """Payoffs: the deliverer earns the card's Stellors and Prestige (Prestige doubled for the
    Imperial Contract #1 unless two players; race Prestige added after), the station owner at
    the delivery world the second payment; then the Contract is discarded or Completed, and a
    new one drawn."""
    st = draft.state
    c = contracts()[st.slots[slot] or 0]
    rivals = sorted(q.seat for q in st.active if q.seat != seat and c.cargo in q.hold)
    draft.emit("CargoRemoved", seat=seat, cargo=c.cargo, why="delivered")
    draft.emit("ContractDelivered", seat=seat, slot=slot, contract=c.id, world=c.deliver,
               race=rivals)
    _pay_deliverer(draft, seat, slot, c)
    draft.prestige(seat, len(rivals), "race")  # Races: one per other Trader with the cargo
    _personality_bonus(draft, seat, c)
    owner = st.stations.get(c.deliver)
    if owner is not None:
        draft.stellors(owner, c.station, "station")
    if c.deliver == TELZEY and len(st.active) > 1:
        draft.emit("TelzeyOffered", seat=seat)
    _complete_or_discard(draft, c)
    _replace(draft, slot)


def _pay_deliverer(draft: Draft, seat: int, slot: int, c: Contract) -> None:
    st = draft.state
    imperial = slot == 0 and len(st.players) > 2
    stellors, prestige = c.stellors, c.prestige * (2 if imperial else 1)
    if c.deliver == JACKPOT:  # special payoff: only on a roll of 5 or more
        roll = draft.die()
        draft.emit("JackpotRolled", seat=seat, roll=roll)
        if roll < 5:
            return
    if c.deliver == KLUGE and st.player(seat).engines < max_engines(st, seat):
        draft.emit("KlugeOffered", seat=seat, contract=c.id, stellors=stellors,
                   prestige=prestige)
        return
    draft.stellors(seat, stellors, "delivery")
    draft.prestige(seat, prestige, "delivery")


def _personality_bonus(draft: Draft, seat: int, c: Contract) -> None:
    """Personalities: the Hero gets two extra Prestige for every cargo he delivers; the
    Negotiator collects "an extra 4 Stellors from the bank for every cargo she delivers, and
    an extra two Stellors for every cargo delivered at one of her stations" -- whoever
    delivers it. Both even when the card pays nothing (Jackpot's lost roll, Kluge's engine),
    never for a Completed Contract (``deliver_completed`` pays nothing)."""
    st = draft.state
    deliverer = st.player(seat)
    if deliverer.has("hero"):
        draft.prestige(seat, 2, "hero")
    if deliverer.has("negotiator"):
        draft.stellors(seat, 4, "negotiator")
    owner = st.stations.get(c.deliver)
    if owner is not None and st.player(owner).has("negotiator") and not st.player(owner).out:
        draft.stellors(owner, 2, "negotiator")


def choose_kluge(draft: Draft, seat: int, engine: bool) -> None:
    """Special payoff, Kluge (11): an engine in lieu of the Stellors and Prestige."""
    offer = draft.state.turn.kluge[0] if draft.state.turn else None
    if offer is None:
        raise RuleError("Special payoff", "no Kluge payoff is waiting")
    draft.emit("KlugeChosen", seat=seat, engine=engine, contract=offer["contract"])
    if engine:
        draft.emit("EnginesChanged", seat=seat, engines=draft.state.player(seat).engines + 1)
    else:
        draft.stellors(seat, offer["stellors"], "delivery")
        draft.prestige(seat, offer["prestige"], "delivery")


def _complete_or_discard(draft: Draft, c: Contract) -> None:
    """Completed Contracts: if anyone (the deliverer included) still holds the cargo, the
    Contract moves to the Completed Contract area and each holder gets a right to deliver."""
    holders = {str(q.seat): 1 for q in draft.state.active if c.cargo in q.hold}
    if holders:
        draft.emit("ContractCompleted", contract=c.id, rights=holders)
    else:
        draft.emit("ContractDiscarded", contract=c.id)


def _replace(draft: Draft, slot: int) -> None:
    """Draw a new Contract into the emptied slot; after a player dropped out the next
    non-Imperial Contract completed is not replaced (Dropping Out)."""
    st = draft.state
    filled = sum(1 for cid in st.slots if cid is not None)
    if slot != 0 and filled >= st.wanted_slots:
        return
    top = top_contract(draft)
    if top is not None:
        draft.emit("ContractDealt", slot=slot, contract=top)


def deliver_completed(draft: Draft, seat: int, contract: int) -> None:
    """Dropping Off: deliver every copy at once to a Completed Contract you have the right to
    deliver; no payoff; one right-to-deliver marker is removed."""
    st = draft.state
    if envoy_blocks(st, seat):
        raise RuleError("Imperial Envoy!", "reach the Envoy's destination first")
    entry = next((e for e in st.completed if e.contract == contract), None)
    if entry is None or entry.rights.get(seat, 0) < 1:
        raise RuleError("Completed Contracts", "you have no right to deliver that contract")
    c = contracts()[contract]
    p = st.player(seat)
    if p.world != c.deliver or c.cargo not in p.hold:
        raise RuleError("Completed Contracts", f"bring {c.cargo} to {c.deliver} to deliver")
    for _ in range(p.hold.count(c.cargo)):
        draft.emit("CargoRemoved", seat=seat, cargo=c.cargo, why="completed")
    _use_right(draft, seat, contract)


def _use_right(draft: Draft, seat: int, contract: int) -> None:
    draft.emit("RightUsed", seat=seat, contract=contract)
    entry = next(e for e in draft.state.completed if e.contract == contract)
    if not entry.rights:
        draft.emit("ContractDiscarded", contract=contract)


def abandon(draft: Draft, seat: int, cargo: str) -> None:
    """Dropping Off, Abandon: pay 5 Stellors (a payment: impossible without them) and lose 3
    Prestige; a cargo of a Completed Contract also loses one right-to-deliver marker. The
    excess of a hold over two (after a trade or a Piracy) must be abandoned at once; the
    deal that brought it was refused unless its receiver could pay, so if he has spent his
    money meanwhile he pays what he has (docs/rulings.md)."""
    st = draft.state
    p = st.player(seat)
    if cargo not in p.hold:
        raise RuleError("Dropping Off", f"you carry no {cargo}")
    forced = len(p.hold) > HOLD
    if p.stellors < ABANDON_STELLORS and not forced:
        raise RuleError("Prestige", "abandoning costs 5 Stellors and you cannot pay it")
    draft.emit("CargoRemoved", seat=seat, cargo=cargo, why="abandoned")
    draft.stellors(seat, -min(ABANDON_STELLORS, p.stellors), "abandon")
    draft.prestige(seat, -ABANDON_PRESTIGE, "abandon")
    if any(cid is not None and contracts()[cid].cargo == cargo for cid in st.slots):
        return  # re-associated with the Current Contract: the right is kept
    entry = next((e for e in st.completed if contracts()[e.contract].cargo == cargo
                  and e.rights.get(seat, 0) > 0), None)
    if entry is not None:
        _use_right(draft, seat, entry.contract)
