"""Dropping Out: a player may leave at any time. Her money goes back to the bank, her ship,
stations and markers leave the board, her cards and Imperial Mission are discarded; the next
non-Imperial Contract completed is not replaced (but two Contracts stay in a basic game of
two). A window waiting for her counts her as passing, an auction as not bidding; her open
offers lapse; on her turn the next player's turn begins. The last Trader left wins
(docs/rulings.md)."""

from __future__ import annotations

from engine.kernel import RuleError, only

from .auction import close_if_done
from .draft import Draft
from .quarantine import lift
from .selection import close_if_done as selection_done
from .setup import begin_play, contract_slots
from .turn import next_turn
from .windows import advance


def drop_out(draft: Draft, seat: int) -> None:
    st = draft.state
    if st.player(seat).out:
        raise RuleError("Dropping Out", "you have already dropped out")
    left = len(st.active) - 1
    for o in [o for o in st.offers if seat in (o.seat, o.to)]:
        draft.emit("DealWithdrawn", only(o.seat, o.to), id=o.id)
    draft.emit("DroppedOut", seat=seat, slots=max(2, contract_slots(left, st.advanced))
               if not st.advanced else left)
    for entry in [e for e in draft.state.completed if not e.rights]:
        draft.emit("ContractDiscarded", contract=entry.contract)
    if left == 1:
        winner = draft.state.active[0].seat
        draft.emit("GameWon", seat=winner, reason="last-trader")
        return
    lift(draft, seat)
    close_if_done(draft)  # an auction waiting only for her bid closes
    selection_done(draft)  # so does a Personality's
    turn = draft.state.turn
    if turn is None:
        if draft.state.insider() is None and not draft.state.slots \
                and draft.state.selection is None and draft.state.stations:
            begin_play(draft)  # the Insider left while placing her stations
        return
    if turn.seat == seat:
        draft.emit("WindowsCleared")
        draft.emit("TurnEnded", seat=seat)
        next_turn(draft, seat)
        return
    if turn.asking is not None and turn.asking["owner"] == seat:
        draft.emit("PermissionAnswered", seat=turn.seat, owner=seat, to=turn.asking["to"],
                   granted=False)
    advance(draft)  # a window no longer waits for her
