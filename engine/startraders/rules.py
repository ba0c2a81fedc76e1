"""``decide``: route a command to the rule that handles it, on a draft of the state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.kernel import BadCommand, Command, Event, Randomness, RuleError

from . import (
    actions,
    auction,
    cargo,
    deals,
    dropout,
    limits,
    luck,
    movement,
    quarantine,
    raids,
    selection,
    special_jumps,
    turn,
)
from . import commands as c
from .draft import Draft, Numbering
from .intervals import after_window
from .legal import prompt_allows
from .state import StarState

Rule = Callable[[Draft, int, Any], None]

RULES: dict[type[Command], Rule] = {
    c.PlaceStation: lambda d, s, cmd: turn.place_station(d, s, cmd.world),
    c.Jump: lambda d, s, cmd: movement.declare_jump(d, s, cmd.to, cmd.kind),
    c.RandomJump: lambda d, s, cmd: movement.random_jump(d, s),
    c.SpecialJump: lambda d, s, cmd: special_jumps.special_jump(d, s, cmd.kind),
    c.ChooseJump: lambda d, s, cmd: special_jumps.choose(d, s, cmd.world),
    c.Reroll: lambda d, s, cmd: movement.reroll(d, s, cmd.card),
    c.Zap: lambda d, s, cmd: movement.zap(d, s, cmd.card, cmd.delta),
    c.AnswerPermission: lambda d, s, cmd: movement.answer_permission(d, s, cmd.grant),
    c.WithdrawPermission: lambda d, s, cmd: movement.withdraw_permission(d, s),
    c.EndMovement: lambda d, s, cmd: movement.end_movement(d, s),
    c.PickUp: lambda d, s, cmd: cargo.pick_up(d, s, cmd.slot),
    c.PickUpMission: lambda d, s, cmd: cargo.pick_up_mission(d, s),
    c.DeliverCompleted: lambda d, s, cmd: cargo.deliver_completed(d, s, cmd.contract),
    c.Abandon: lambda d, s, cmd: cargo.abandon(d, s, cmd.cargo),
    c.BuildStation: lambda d, s, cmd: actions.build_station(d, s),
    c.BuyEngine: lambda d, s, cmd: actions.buy_engine(d, s),
    c.Petition: lambda d, s, cmd: actions.petition(d, s),
    c.SkipAction: lambda d, s, cmd: actions.skip_action(d, s),
    c.DestroyEngine: lambda d, s, cmd: raids.raid(d, s, cmd.target),
    c.Bid: lambda d, s, cmd: (selection.bid if d.state.selection is not None
                              else auction.bid)(d, s, cmd.stellors),
    c.RerollFirstDie: lambda d, s, cmd: special_jumps.answer_first_die(d, s, cmd.reroll),
    c.PayPetition: lambda d, s, cmd: actions.answer_price(d, s, cmd.pay),
    c.ChooseKlugePayoff: lambda d, s, cmd: cargo.choose_kluge(d, s, cmd.engine),
    c.LookAtCards: lambda d, s, cmd: turn.look_at_cards(d, s, cmd.seat),
    c.Draw: lambda d, s, cmd: turn.draw(d, s),
    c.Exchange: lambda d, s, cmd: turn.exchange(d, s, [cmd.card, *cmd.cards]),
    c.Discard: lambda d, s, cmd: limits.discard(d, s, cmd.card),
    c.EndTurn: lambda d, s, cmd: turn.end_turn(d, s),
    c.SetReactionPolicy: lambda d, s, cmd: luck.set_policy(d, s, cmd.policy),
    c.PlayCard: lambda d, s, cmd: luck.play_card(d, s, cmd.card, cmd.target, cmd.cargo,
                                                 cmd.world, cmd.as_kind),
    c.AvoidCalamity: lambda d, s, cmd: luck.avoid(d, s, cmd.card),
    c.PassReaction: lambda d, s, cmd: luck.pass_reaction(d, s),
    c.PlayYouAreLost: lambda d, s, cmd: luck.you_are_lost(d, s, cmd.card),
    c.Quarantine: lambda d, s, cmd: quarantine.play_in_interval(d, s, cmd.card, cmd.world),
    c.OfferDeal: lambda d, s, cmd: deals.offer(d, s, cmd.to, cmd.give, cmd.get),
    c.AnswerDeal: lambda d, s, cmd: deals.answer(d, s, cmd.offer, cmd.accept),
    c.WithdrawDeal: lambda d, s, cmd: deals.withdraw(d, s, cmd.offer),
    c.DropOut: lambda d, s, cmd: dropout.drop_out(d, s),
}


def decide(state: StarState, actor: int, command: Command, rng: Randomness,
           numbering: Numbering[StarState] | None = None) -> list[Event]:
    """The events ``command`` causes, written on a copy of ``state``; with a ``numbering``,
    on ``state`` itself (``decide_in_place``): numbered and applied as they are written, a
    refusal after the first wrapped in ``HalfDone``."""
    rule = RULES.get(type(command))
    if rule is None:
        raise BadCommand(f"{command.type} is not a Star Traders command")
    if not prompt_allows(state, actor, command):
        raise RuleError("Stages of the Turn", f"{command.type} is not possible now")
    draft = Draft(state, rng, after_window=after_window, numbering=numbering)
    with draft.refusals():
        rule(draft, actor, command)
    return draft.events
