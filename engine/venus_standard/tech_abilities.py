"""Racial technologies in use (standard book, "Appendix B: Racial Technologies"): the
abilities that need a command or a moment of the game of their own: Market Flux, Data Probe,
Shuttle, Wave Emitter, the technologies returned after use (Hard Burn, Data Probe) and the
end-of-game fame of spoilers, Wave Emitters and Zen Paint Jobs. Buying them is the
Transaction phase's (``trading.py``); abilities that change movement are movement's, which
asks ``technology.has``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from engine.cluster.cultures import BASE, load_cultures
from engine.kernel import Command, RuleError, only

from . import places, rounds
from .card_rules import exchange_missions
from .draft import Draft
from .hookpoints import Rule
from .state import StandardState
from .technology import has, owned_token
from .tokens import is_passenger
from .trading import (
    Port,
    allowed,
    deliver,
    has_room,
    shift,
    waiting_at,
)

# ------------------------------------------------------------------ technologies in use


class UseMarketFlux(Command):
    """"Appendix B > Market Flux": with a die assigned to it, one market shift in a
    discovered system's market."""

    type: Literal["UseMarketFlux"] = "UseMarketFlux"
    culture: str


def _die_on(state: StandardState, tech: str) -> bool:
    """A speed die assigned to the ship upgrade's die box this turn ("Ship Upgrades")."""
    flight = getattr(state.turn, "flight", None)
    boxes = getattr(flight, "boxes", None) or {}
    return f"upgrade:{tech}" in boxes


def check_market_flux(state: StandardState, seat: int, culture: str) -> None:
    heading = "Appendix B > Market Flux"
    turn = state.turn
    if turn is None or turn.seat != seat or turn.phase != "movement":
        raise RuleError(heading, "only in one's own Movement phase")
    if not has(state.player(seat), "market_flux") or not _die_on(state, "market_flux"):
        raise RuleError(heading, "assign a speed die to the Market Flux first")
    if "market_flux" in turn.techs_used:
        raise RuleError(heading, "the Market Flux has been used this turn")
    if culture not in state.discovered.values():
        raise RuleError(heading, f"{culture!r} is not a discovered culture")


def use_market_flux(draft: Draft, seat: int, cmd: UseMarketFlux) -> None:
    check_market_flux(draft.state, seat, cmd.culture)
    draft.emit("TechnologyUsed", seat=seat, tech="market_flux", culture=cmd.culture)
    shift(draft, cmd.culture)


def market_flux_offers(state: StandardState, seat: int) -> Iterator[Command]:
    for culture in sorted(state.discovered.values()):
        if allowed(check_market_flux, state, seat, culture):
            yield UseMarketFlux(culture=culture)


class UseDataProbe(Command):
    """"Appendix B > Data Probe" (scout): secretly look at two face-down First Contact
    cards (by their systems)."""

    type: Literal["UseDataProbe"] = "UseDataProbe"
    systems: list[str]


class SwapFirstContactCards(Command):
    """Data Probe, after looking: switch the two cards' locations, or not."""

    type: Literal["SwapFirstContactCards"] = "SwapFirstContactCards"
    swap: bool


class ReturnEncounterCard(Command):
    """Data Probe, last: the top Encounter card, seen, back on the top or the bottom."""

    type: Literal["ReturnEncounterCard"] = "ReturnEncounterCard"
    to: Literal["top", "bottom"]


DATA_PROBE = "Appendix B > Data Probe"


def check_data_probe(state: StandardState, seat: int, systems: list[str]) -> None:
    turn = state.turn
    if turn is None or turn.seat != seat or turn.phase != "movement":
        raise RuleError(DATA_PROBE, "only in one's own Movement phase")
    stage = getattr(getattr(turn, "flight", None), "stage", "heading")
    if stage not in ("heading", "speed"):
        raise RuleError(DATA_PROBE, "only during the Set Speed step, before moving")
    if not has(state.player(seat), "data_probe"):
        raise RuleError(DATA_PROBE, "no Data Probe aboard")
    if "data_probe" in turn.techs_used:
        raise RuleError(DATA_PROBE, "one Data Probe per turn")
    if len(systems) != 2 or len(set(systems)) != 2 \
            or not set(systems) <= set(state.first_contact):
        raise RuleError(DATA_PROBE, "name two systems whose First Contact card is face down")


def use_data_probe(draft: Draft, seat: int, cmd: UseDataProbe) -> None:
    """Scout: the two cards are told to this seat only; then he may switch them."""
    state = draft.state
    check_data_probe(state, seat, cmd.systems)
    a, b = cmd.systems
    draft.emit("TechnologyUsed", seat=seat, tech="data_probe", systems=[a, b])
    draft.emit("FirstContactCardsSeen", only(seat), seat=seat,
               cards={a: state.first_contact[a], b: state.first_contact[b]})
    draft.ask(seat, "data_probe_swap", systems=[a, b])


def swap_cards(draft: Draft, seat: int, cmd: SwapFirstContactCards) -> None:
    ask = draft.state.ask
    assert ask is not None
    systems = list(ask.detail["systems"])
    draft.answered()
    if cmd.swap:
        draft.emit("FirstContactCardsSwapped", seat=seat, systems=systems)
    top = draft.state.decks.get("encounter", [])
    if top:
        draft.emit("EncounterCardSeen", only(seat), seat=seat, card=top[0])
        draft.ask(seat, "data_probe_encounter")
    else:
        return_technology(draft, seat, "data_probe")


def return_encounter(draft: Draft, seat: int, cmd: ReturnEncounterCard) -> None:
    draft.answered()
    draft.emit("EncounterCardReturned", seat=seat, to=cmd.to)
    return_technology(draft, seat, "data_probe")


def data_probe_offers(state: StandardState, seat: int) -> Iterator[Command]:
    down = sorted(state.first_contact)
    if len(down) >= 2 and allowed(check_data_probe, state, seat, down[:2]):
        for i, a in enumerate(down):
            for b in down[i + 1:]:
                yield UseDataProbe(systems=[a, b])


def swap_offers(state: StandardState, seat: int) -> Iterator[Command]:
    yield SwapFirstContactCards(swap=False)
    yield SwapFirstContactCards(swap=True)


def encounter_offers(state: StandardState, seat: int) -> Iterator[Command]:
    yield ReturnEncounterCard(to="top")
    yield ReturnEncounterCard(to="bottom")


class ShuttlePickUp(Command):
    """"Appendix B > Shuttle": pick up a passenger waiting in a system within reach."""

    type: Literal["ShuttlePickUp"] = "ShuttlePickUp"
    passenger: str


class ShuttleDropOff(Command):
    """"Appendix B > Shuttle": drop off a passenger whose destination is within reach."""

    type: Literal["ShuttleDropOff"] = "ShuttleDropOff"
    passenger: str


SHUTTLE = "Appendix B > Shuttle"


# the End Movement step: a move ending by landing or by spending the movement value, not a
# stop by a hazard, a card or pirates, which "immediately" ends the turn ("Ending a Turn")
END_MOVEMENT_ENDS = ("landed", "asteroid", "spent")


def _shuttle_die(state: StandardState) -> int | None:
    """The die assigned to the Shuttle this turn, in the two steps the Shuttle may be used
    ("only during the Set Speed and End Movement steps"): before the ship moves, or while
    the End Movement step is held open for it (the ``shuttle`` prompt)."""
    flight = getattr(state.turn, "flight", None)
    if flight is None:
        return None
    set_speed = not getattr(flight, "path", None) and \
        getattr(flight, "stage", "") in ("speed", "move")
    end_movement = state.ask is not None and state.ask.prompt == "shuttle"
    return _shuttle_value(state) if set_speed or end_movement else None


def _shuttle_value(state: StandardState) -> int | None:
    """The value of the die assigned to the Shuttle this turn (None: none)."""
    flight = getattr(state.turn, "flight", None)
    index = (getattr(flight, "boxes", None) or {}).get("upgrade:shuttle")
    return None if flight is None or index is None else int(flight.dice[index])


def shuttle_reach(state: StandardState, seat: int, die: int | None = None) -> list[str]:
    """The discovered cultures (and ``base``) with a surface city or spaceport within the
    Shuttle's die of the ship, counting spaces: every line one space, hazards ignored
    (``die``: the value to count with; by default the Shuttle's die when it may be used)."""
    die = _shuttle_die(state) if die is None else die
    board = places._board()
    if die is None or board is None or not has(state.player(seat), "shuttle"):
        return []
    start = state.player(seat).space
    seen, frontier = {start: 0}, [start]
    while frontier:
        nxt = []
        for space in frontier:
            if seen[space] >= die:
                continue
            for n in board.neighbours(space):
                if n not in seen:
                    seen[n] = seen[space] + 1
                    nxt.append(n)
        frontier = nxt
    out = []
    for space in seen:
        if space == places.galactic_base():
            out.append(BASE)
        elif places.landing(space, state) in ("city", "spaceport"):
            system = places.system_of(space)
            culture = state.discovered.get(system) if system else None
            if culture is not None and culture not in out:
                out.append(culture)
    return out


def shuttle_pick_up(draft: Draft, seat: int, cmd: ShuttlePickUp) -> None:
    state = draft.state
    where = next((c for c in shuttle_reach(state, seat)
                  if cmd.passenger in waiting_at(state, Port(c, city=False))), None)
    if where is None:
        raise RuleError(SHUTTLE, f"no {cmd.passenger} waits within the Shuttle's reach")
    if not has_room(state.player(seat), [cmd.passenger]):
        raise RuleError("Capacity", "no cargo hold has room for this passenger")
    draft.emit("PassengerPickedUp", seat=seat, passenger=cmd.passenger, at=where,
               shuttle=True)


def shuttle_drop_off(draft: Draft, seat: int, cmd: ShuttleDropOff) -> None:
    state = draft.state
    if cmd.passenger not in state.player(seat).cargo:
        raise RuleError(SHUTTLE, f"no {cmd.passenger} aboard")
    destination = load_cultures().passenger(cmd.passenger).destination
    if destination not in shuttle_reach(state, seat):
        raise RuleError(SHUTTLE, "the passenger's destination is out of the Shuttle's reach")
    deliver(draft, seat, cmd.passenger, destination)


def shuttle_offers(state: StandardState, seat: int) -> Iterator[Command]:
    yield from _shuttle_actions(state, seat, shuttle_reach(state, seat))


def _shuttle_actions(state: StandardState, seat: int, reach: list[str]) -> Iterator[Command]:
    p = state.player(seat)
    for culture in reach:
        for token in waiting_at(state, Port(culture, city=False)):
            if has_room(p, [token]):
                yield ShuttlePickUp(passenger=token)
    for token in p.cargo:
        if is_passenger(token) and load_cultures().passenger(token).destination in reach:
            yield ShuttleDropOff(passenger=token)


class DoneShuttling(Command):
    """End the Shuttle's End Movement step ("Appendix B > Shuttle"); the turn goes on."""

    type: Literal["DoneShuttling"] = "DoneShuttling"


def shuttle_window(draft: Draft, landed: str | None) -> bool:
    """"Appendix B > Shuttle": "The current player can use the Shuttle only during the Set
    Speed and End Movement steps": when the move ends by landing or by spending its movement
    value, with a die on the Shuttle and a passenger to pick up or drop off within its
    reach, the End Movement step waits for his Shuttle actions (then ``DoneShuttling``)."""
    state = draft.state
    turn = state.turn
    die = _shuttle_value(state)
    if turn is None or die is None or \
            getattr(getattr(turn, "flight", None), "ended", None) not in END_MOVEMENT_ENDS:
        return False
    reach = shuttle_reach(state, turn.seat, die)
    if next(_shuttle_actions(state, turn.seat, reach), None) is None:
        return False  # nothing within reach: the step does not wait
    draft.ask(turn.seat, "shuttle", landed=landed)
    return True


def done_shuttling(draft: Draft, seat: int, cmd: DoneShuttling) -> None:
    ask = draft.state.ask
    landed = ask.detail.get("landed") if ask else None
    draft.answered()
    rounds.resume_end_movement(draft, None if landed is None else str(landed), shuttle_window)


def shuttle_step_offers(state: StandardState, seat: int) -> Iterator[Command]:
    yield DoneShuttling()
    yield from shuttle_offers(state, seat)


class UseWaveEmitter(Command):
    """"Appendix B > Wave Emitter": after his Movement phase, force a player on the same
    space to exchange one Mission card (``mine`` for ``theirs``)."""

    type: Literal["UseWaveEmitter"] = "UseWaveEmitter"
    other: int
    mine: str
    theirs: str


WAVE_EMITTER = "Appendix B > Wave Emitter"


def check_wave_emitter(state: StandardState, seat: int, other: int) -> None:
    turn = state.turn
    if turn is None or turn.seat != seat or turn.phase == "movement":
        raise RuleError(WAVE_EMITTER, "after one's own Movement phase")
    if not has(state.player(seat), "wave_emitter"):
        raise RuleError(WAVE_EMITTER, "no Wave Emitter aboard")
    if "wave_emitter" in turn.techs_used:
        raise RuleError(WAVE_EMITTER, "once per turn")
    if not 0 <= other < len(state.players) or other == seat \
            or state.player(other).space != state.player(seat).space:
        raise RuleError(WAVE_EMITTER, "the other ship must be on your space")


def use_wave_emitter(draft: Draft, seat: int, cmd: UseWaveEmitter) -> None:
    check_wave_emitter(draft.state, seat, cmd.other)
    draft.emit("TechnologyUsed", seat=seat, tech="wave_emitter", other=cmd.other)
    exchange_missions(draft, seat, cmd.other, cmd.mine, cmd.theirs)


def wave_emitter_offers(state: StandardState, seat: int) -> Iterator[Command]:
    for other in range(len(state.players)):
        if allowed(check_wave_emitter, state, seat, other):
            for mine in state.player(seat).missions:
                for theirs in state.player(other).missions:
                    yield UseWaveEmitter(other=other, mine=mine, theirs=theirs)


def return_technology(draft: Draft, seat: int, tech: str) -> None:
    """Hard Burn and Data Probe: "he immediately returns the token to its originating
    culture" after use (Appendix B). Movement calls this for the Hard Burn."""
    token = owned_token(draft.state.player(seat), tech)
    if token is None:
        raise RuleError(f"Appendix B > {tech.replace('_', ' ').title()}",
                        f"no {tech.replace('_', ' ')} aboard")
    draft.emit("TechnologyReturned", seat=seat, token=token)


def spoiler_fame(draft: Draft) -> None:
    """"Appendix B > Fancy/Less Fancy Spoiler": at the end of the game a spoiler gives its
    player fame equal to one die roll."""
    for p in draft.state.players:
        if has(p, "spoiler"):
            draft.fame(p.seat, draft.die(), "spoiler")


def technology_fame(state: StandardState, seat: int) -> list[tuple[str, int]]:
    """Appendix B: a Wave Emitter gives three fame per completed mission; a Zen Paint Job
    costs three fame "at the end of the game, before final scoring"."""
    p = state.player(seat)
    out = []
    if has(p, "wave_emitter"):
        out.append(("wave_emitter", 3 * len(p.missions_done)))
    if has(p, "zen_paint_job"):
        out.append(("zen_paint_job", -3))
    return out


#: The rules of this module's commands (``order.py`` gathers every module's).
RULES: dict[type[Command], Rule] = {
    UseMarketFlux: use_market_flux,
    UseDataProbe: use_data_probe,
    SwapFirstContactCards: swap_cards,
    ReturnEncounterCard: return_encounter,
    ShuttlePickUp: shuttle_pick_up,
    ShuttleDropOff: shuttle_drop_off,
    DoneShuttling: done_shuttling,
    UseWaveEmitter: use_wave_emitter,
}
