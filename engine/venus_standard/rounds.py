"""Rounds, turns and phases: the round track and its icons ("Beginning a New Round"), the
turn order ("Player Turns"), the four phases with their ends ("Movement Phase", "End of
Transaction Phase", "End of the Merchant Spaceport Phase", "Ending a Turn") and the end of
the game after the last round ("End of the Game").

The components act at moments written down in ``order.py`` and handed over on the draft
(``draft.hooks``, ``hookpoints.Hooks``):

- ``icons[icon]``: resolves a round-track icon ("passenger", "drill", "production");
- ``round_start``: runs when a round begins, after its icons (the solo challenges);
- ``phase_start[phase]``: runs when a phase begins (First Contact's card flip);
- ``phase_needed[phase]``: a phase with nothing to do is passed over (a landing without a
  face-down First Contact card has no First Contact phase: ``first_contact_waiting``);
- ``can_end[phase]``: why a phase may not end yet (a question still open...);
- ``away_from_port``: a Move step ended elsewhere than a port ("Jettisoning");
- ``end_movement``: the End Movement step, before what follows it (the Shuttle, usable
  "during the Set Speed and End Movement steps").
"""

from __future__ import annotations

from collections.abc import Mapping

from . import decks
from .draft import Draft
from .hookpoints import CanEnd, EndMovement
from .places import landing, system_of
from .scoring import final_scoring
from .state import PHASES, Phase, StandardState

STANDARD_ROUNDS = 30  # "Playing the Game"
LIGHT_SPEED_START = 16  # Light Speed Game 15


def icons(state: StandardState, n: int) -> list[str]:
    """The icons of round ``n`` on the round track ("Beginning a New Round"). The track is a
    picture; our reading (docs/rulings.md): a passenger icon on every odd round (the Demand
    rule places "a random passenger token as normal" at the start of every odd round) and a
    drill icon on every even round ("License to Drill": "At the beginning of each
    even-numbered round"); the epic game adds production after round 30 and on its marked
    rounds ("Epic Game" 2-3, "Production Rounds")."""
    out = ["passenger" if n % 2 else "drill"]
    if n in state.production_rounds:
        out.append("production")
    return out


def start_round(draft: Draft, n: int, *, first: bool = False) -> None:
    """"Beginning a New Round": the first player advances the round marker and resolves the
    round's icon (not in the first round of the game, whose marker is placed at setup)."""
    shown = [] if first else icons(draft.state, n)
    draft.emit("RoundStarted", round=n, icons=shown)
    hooks = draft.hooks
    for icon in shown:
        hook = hooks.icons.get(icon)
        if hook is not None:
            hook(draft)
    for hook in hooks.round_start:
        hook(draft)
    if draft.state.stage != "over":
        start_turn(draft, draft.state.first_player)


def start_turn(draft: Draft, seat: int) -> None:
    draft.emit("TurnStarted", seat=seat, round=draft.state.round)
    enter_phase(draft, "movement")


def enter_phase(draft: Draft, phase: Phase) -> None:
    """Begin ``phase`` of the current turn, or pass over it when it has nothing to do."""
    needed = draft.hooks.phase_needed.get(phase)
    if needed is not None and not needed(draft.state):
        _after(draft, phase)
        return
    draft.emit("PhaseStarted", phase=phase)
    for hook in draft.hooks.phase_start.get(phase, ()):
        hook(draft)


def _after(draft: Draft, phase: Phase) -> None:
    """What follows ``phase`` ("Player Turns"): the next phase, or the end of the turn."""
    if draft.state.turn is None:
        return
    at = PHASES.index(phase)
    if at + 1 < len(PHASES):
        enter_phase(draft, PHASES[at + 1])
    else:
        end_turn(draft, "spaceport_phase_ended")


def why_not_end(state: StandardState, seat: int,
                can_end: Mapping[str, tuple[CanEnd, ...]]) -> str | None:
    """Why the current phase may not end now (None: it may), by the ``can_end`` checks."""
    turn = state.turn
    if turn is None:
        return "no turn is under way"
    for check in can_end.get(turn.phase, ()):
        reason = check(state, seat)
        if reason is not None:
            return reason
    return None


def end_phase(draft: Draft) -> None:
    """The current phase ends; the next begins (after the Merchant Spaceport phase the turn
    ends: "End of the Merchant Spaceport Phase")."""
    turn = draft.state.turn
    assert turn is not None
    _after(draft, turn.phase)


def skip_movement(draft: Draft) -> None:
    """"Movement Phase": a player may skip his Movement phase to remain on his space and end
    his turn; on a surface city or spaceport his turn proceeds directly to the Transaction
    phase instead."""
    state = draft.state
    turn = state.turn
    assert turn is not None
    draft.emit("MovementSkipped", seat=turn.seat)
    where = landing(state.player(turn.seat).space, state)
    if where in ("city", "spaceport"):
        enter_phase(draft, "transaction")
    else:
        end_turn(draft, "movement_skipped")


def end_movement(draft: Draft, landed: str | None) -> None:
    """"End Movement": landing on a surface city or spaceport leads to the First Contact
    phase; landing on an asteroid, or spending the whole movement value, ends the turn.
    Movement calls this with the space landed on (None: not landed)."""
    state = draft.state
    turn = state.turn
    assert turn is not None
    where = None if landed is None else landing(landed, state)
    draft.emit("MovementEnded", seat=turn.seat, landed=landed, city=where == "city")
    _end_movement_hooks(draft, landed, 0)


def resume_end_movement(draft: Draft, landed: str | None, hook: EndMovement) -> None:
    """An ``end_movement`` hook's question is answered: the hooks after it, then what
    follows the step."""
    _end_movement_hooks(draft, landed, draft.hooks.end_movement.index(hook) + 1)


def _end_movement_hooks(draft: Draft, landed: str | None, start: int) -> None:
    for hold in draft.hooks.end_movement[start:]:
        if hold(draft, landed):
            return  # a component asks something in the End Movement step first
    after_movement(draft, landed)


def after_movement(draft: Draft, landed: str | None) -> None:
    """What follows the End Movement step: the First Contact phase after landing on a
    surface city or spaceport, else the end of the turn (after any "Jettisoning")."""
    where = None if landed is None else landing(landed, draft.state)
    if where in ("city", "spaceport"):
        enter_phase(draft, "first_contact")
        return
    why = "landed_on_asteroid" if where == "asteroid" else "movement_spent"
    for hold in draft.hooks.away_from_port:
        if hold(draft, why):
            return  # a component asks something first and ends the turn itself
    end_turn(draft, why)


def end_turn(draft: Draft, why: str) -> None:
    """"Ending a Turn": the player to the left begins his turn; after the last player's
    turn a new round begins, or, after the last round, the game ends."""
    state = draft.state
    turn = state.turn
    if turn is None:
        return
    draft.emit("TurnEnded", seat=turn.seat, why=why)
    state = draft.state
    nxt = next((s for s in state.order if s not in state.done), None)
    if nxt is not None:
        start_turn(draft, nxt)
    elif state.round >= state.last_round:
        final_scoring(draft)
    else:
        if state.round == STANDARD_ROUNDS:
            epic_interlude(draft)
        start_round(draft, state.round + 1)


def epic_interlude(draft: Draft) -> None:
    """Epic Game, after round 30 and before round 31: 1. the round marker flipped to its
    "30" side (the round number goes on); 2. every discovered culture produces all its
    goods (the ``production`` icon's hook); 3. production round markers on rounds 40 (playing 41
    or more) and 50 (51 or more); 4. the passenger pool refreshed with the passengers
    returned to the box."""
    last = draft.state.last_round
    draft.emit("RoundMarkerFlipped", round=STANDARD_ROUNDS)
    produce = draft.hooks.icons.get("production")
    if produce is not None:
        produce(draft)
    marked = [r for r, need in ((40, 41), (50, 51)) if last >= need]
    if marked:
        draft.emit("ProductionRoundsMarked", rounds=marked)
    decks.refill(draft, decks.PASSENGER)


def first_contact_waiting(state: StandardState) -> bool:
    """"First Contact Phase": only a landing on a surface city or spaceport of a system
    that still holds a face-down First Contact card has one."""
    turn = state.turn
    if turn is None:
        return False
    system = system_of(state.player(turn.seat).space)
    return system is not None and system in state.first_contact
