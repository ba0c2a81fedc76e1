"""The commands a seat may issue now (shared by the UI and the bots) and the prompt."""

from __future__ import annotations

from collections.abc import Iterator

from engine.kernel import Command, Pending

from . import commands as c
from .board import Board, load_board
from .cargo import excess
from .combat import blast_actions, interrupt_actions
from .commands import made
from .encounters import switch_gate_lock
from .merchants import answer_actions, offer_actions
from .movement import Mover, Position, drives_of, position_of
from .rastur import sites
from .setup import available_races
from .state import Turn, VenusState, interrupt
from .theft import theft_actions
from .trading import trade_actions
from .weapons import blast_targets


def pending(state: VenusState) -> Pending | None:
    """Who must act now and what they are asked; None once the game is over."""
    if state.stage == "over":
        return None
    if state.stage == "choose_race":
        return Pending(seats=(state.race_queue[0],), prompt="choose_race")
    turn = state.turn
    if turn is None:
        return None
    waiting = interrupt(state)
    if waiting is not None:
        return Pending(seats=(waiting[1],), prompt=waiting[0], detail=_interrupt_detail(state,
                                                                                        waiting[0]))
    if turn.offer is not None:  # 11.4: the player asked answers; the offerer may withdraw
        offer = turn.offer
        return Pending(seats=(offer.to, offer.frm), prompt="answer_offer",
                       detail=offer.model_dump())
    prompt = {
        "declare": "declare_heading",
        "move": "move",
        "pay_or_stop": "pay_or_stop",
        "trade": "trade",
    }[turn.phase]
    detail: dict[str, object] = {}
    if turn.phase == "pay_or_stop":
        detail = {"amount": turn.due, "dot": state.players[turn.seat].dot}
    if turn.phase == "declare" and turn.start_penalty:
        detail = {"on_penalty": True}
    if turn.blast_at is not None and state.options.get("combat"):
        targets = blast_targets(state, load_board(state.edition), turn.seat)
        if targets:
            detail = {**detail, "blast": targets}  # 15.41, 15.412: an attack is open here
    return Pending(seats=(turn.seat,), prompt=prompt, detail=detail)


def waits_for(state: VenusState, seat: int) -> bool:
    """``seat in pending(state).seats`` without making the prompt (its detail: an offer's
    dump, the blast targets): the take-back offer asks only this, once per seq."""
    if state.stage == "over":
        return False
    if state.stage == "choose_race":
        return bool(state.race_queue[0] == seat)
    turn = state.turn
    if turn is None:
        return False
    waiting = interrupt(state)
    if waiting is not None:
        return bool(waiting[1] == seat)
    if turn.offer is not None:
        return seat in (turn.offer.to, turn.offer.frm)
    return bool(turn.seat == seat)


def _interrupt_detail(state: VenusState, kind: str) -> dict[str, object]:
    turn = state.turn
    assert turn is not None
    if kind in ("defend", "pack", "hit") and turn.attack is not None:
        return turn.attack.model_dump()
    if kind == "place_rastur":
        return {"strength": state.rastur_hand, "sites": sites(state, load_board(state.edition))}
    return {"dice": list(turn.dice)}


def legal_actions(state: VenusState, actor: int) -> Iterator[Command]:
    """Every command ``decide`` accepts from ``actor`` now (MoveAlong is a chain of MoveTo)."""
    if state.stage == "choose_race":
        if state.race_queue and state.race_queue[0] == actor:
            for race in available_races(state):
                yield made(c.ChooseRace, race=race)
        return
    turn = state.turn
    waiting = interrupt(state)
    if waiting is not None:
        if waiting[1] == actor:
            yield from interrupt_actions(state, load_board(state.edition), actor, waiting[0])
        return
    if state.stage == "playing" and turn is not None and turn.offer is not None:
        yield from answer_actions(state, actor)
        return
    if state.stage != "playing" or turn is None or turn.seat != actor:
        return
    board = load_board(state.edition)
    player = state.players[actor]
    phase = turn.phase
    if phase == "declare":
        yield from _before_roll(state, Mover.for_turn(board, state, turn),
                                position_of(turn, player), turn)
    elif phase == "move":
        yield from _moving(Mover.for_turn(board, state, turn), position_of(turn, player), turn,
                           player.relics)
        if turn.blast_at is not None and state.options.get("combat"):
            yield from _blasting(state, board, actor, in_move=True)
    elif phase == "pay_or_stop":
        if player.cash >= (turn.due or 0):
            yield made(c.PayPenalty)
        yield made(c.StopHere)
    elif phase == "trade":
        box = state.qboxes.get(player.dot)
        if turn.landed and box and box.marker and box.marker.kind == "relic":
            yield made(c.PickUpRelic)
        if turn.blast_at is not None and state.options.get("combat"):
            yield from _blasting(state, board, actor, in_move=False)
        yield from trade_actions(state, actor)
        if turn.landed and state.options.get("combat"):
            yield from theft_actions(state, board, actor)  # 15.5: bought while trading
        yield from offer_actions(state, actor)
        if not excess(state, actor):  # 3.43: jettison the excess before the turn ends
            yield made(c.EndTurn)


def _before_roll(state: VenusState, mover: Mover, pos: Position, turn: Turn) -> Iterator[Command]:
    player = state.players[turn.seat]
    for drive in drives_of(player):
        off = sorted(set(turn.drives_off) ^ {drive})
        yield made(c.SetDrives, off=tuple(off))
    if "gate_lock" in player.relics and switch_gate_lock(state):  # 8.47; 2012: per gate
        yield made(c.UseGateLock, on=not turn.gate_lock)
    headings = mover.headings(pos)
    for dot in sorted(headings):
        if dot != turn.heading:
            yield made(c.DeclareHeading, dot=dot)
    if turn.heading is not None and turn.heading in headings:
        yield made(c.RollDice)
        if "auto_pilot" in player.relics:
            yield made(c.RollDice, auto_pilot=True)
    due = mover.due(pos.dot) if turn.start_penalty else 0
    if player.cash >= (due or 0):
        yield made(c.StayPut)


def _moving(mover: Mover, pos: Position, turn: Turn, relics: list[str]) -> Iterator[Command]:
    steps = mover.steps(pos)
    seen: set[tuple[str, int | None]] = set()
    for step in steps:
        key = (step.to, step.pilot if turn.pilot is None or mover.switch_switch else None)
        if key not in seen:
            seen.add(key)
            yield made(c.MoveTo, dot=step.to, pilot=key[1])
    if turn.pilot is None or mover.switch_switch:
        bound = mover.bound_pilots(pos)
        for number in sorted(set(turn.dice)):
            if (not bound or number in bound) and number != turn.pilot:
                yield made(c.ChoosePilotNumber, number=number)
    if "mulligan_gear" in relics and not turn.rerolled and not turn.moves and turn.pilot is None:
        for i in range(len(turn.dice)):
            yield made(c.Reroll, die=i)
    if turn.moves and mover.landable(pos.dot):
        yield made(c.Land)


def _blasting(state: VenusState, board: Board, actor: int, *, in_move: bool) -> Iterator[Command]:
    """15.41, 15.412: the attacks open on this dot (moving on, landing or trading declines)."""
    found = list(blast_actions(state, board, actor))
    yield from found
    if found and in_move:
        yield made(c.HoldFire)
