"""Timing Details: the You Are Lost interval (step 6) as a reaction window polled in the
book's priority order; You Are Lost!, Avoid Calamity against it, chains of You Are Lost; the
ship exits hyperspace (step 7) only when the interval closes."""

from __future__ import annotations

from typing import Any

from engine.kernel import Game
from engine.startraders.state import StarState

from .kit import asked, c, game_of, play, turn_of, types


def _players(**over: dict[str, Any]) -> list[dict[str, Any]]:
    players: list[dict[str, Any]] = [{"name": "Ann", "world": 14}, {"name": "Bob"}, {"name": "Cy"}]
    for key, spec in over.items():
        players[int(key[1:])].update(spec)
    return players


def test_interval_polls_the_mover_first_then_in_turn_order_timing_details() -> None:
    """"Players have priority starting with the player whose turn it is and proceeding from
    them in turn order": each seat whose policy is `ask` is asked in that order."""
    players = _players(s0={"policy": "ask"}, s1={"policy": "ask"}, s2={"policy": "ask"})
    game = game_of(players=players, active=0, dice=[6])
    play(game, 0, c.Jump(to=13))
    polled: list[tuple[str, int]] = []
    for _ in range(9):
        now = asked(game.state)
        polled.append((now.prompt, now.seats[0]))
        play(game, now.seats[0], c.PassReaction())
    assert polled == [("quarantine", 0), ("quarantine", 1), ("quarantine", 2),  # step 2
                     ("zap", 0), ("zap", 1), ("zap", 2),  # step 4
                     ("you_are_lost", 0), ("you_are_lost", 1), ("you_are_lost", 2)]  # step 6
    assert asked(game.state).prompt == "move" and game.state.players[0].world == 13


def test_you_are_lost_sends_the_ship_by_two_dice_and_ends_movement_you_are_lost() -> None:
    """Timing Details example: "You roll a 6 ... Am I lost?" Bob plays You Are Lost: the ship
    goes where two dice say (3, 5: Babel) and the movement stage is over."""
    game = game_of(players=_players(s1={"hand": ["lost-1"]}), dice=[6, 3, 5])
    play(game, 0, c.Jump(to=13))
    assert asked(game.state).seats == (1,)  # only Bob holds a playable card
    out = play(game, 1, c.PlayYouAreLost(card="lost-1"))
    assert "LostJump" in types(out)
    assert game.state.players[0].world == 35 and turn_of(game.state).stage == "action"


def test_avoid_calamity_against_you_are_lost_keeps_the_ship_avoid_calamity() -> None:
    players = _players(s0={"hand": ["avoid-1"]}, s1={"hand": ["lost-1"]})
    game = game_of(players=players, dice=[6])
    play(game, 0, c.Jump(to=13))
    play(game, 1, c.PlayYouAreLost(card="lost-1"))
    assert asked(game.state).prompt == "avoid_calamity"
    assert asked(game.state).seats == (0,)
    play(game, 0, c.AvoidCalamity(card="avoid-1"))
    assert game.state.players[0].world == 13 and turn_of(game.state).stage == "move"


def test_you_are_lost_after_you_are_lost_you_are_lost() -> None:
    """"You Are Lost may be played immediately after another You Are Lost.\""""
    players = _players(s1={"hand": ["lost-1"]}, s2={"hand": ["lost-2"]})
    game = game_of(players=players, dice=[6, 3, 5, 2, 6])
    play(game, 0, c.Jump(to=13))
    play(game, 1, c.PlayYouAreLost(card="lost-1"))
    assert asked(game.state).seats == (2,)  # the new interval: Cy may answer
    play(game, 2, c.PlayYouAreLost(card="lost-2"))
    assert game.state.players[0].world == 26


def test_delivery_waits_until_the_ship_exits_hyperspace_timing_details_7() -> None:
    players = _players(s0={"world": 13, "hold": ["Power Crystals"]}, s1={"policy": "ask"})
    game = game_of(players=players, contracts=[1, 20], dice=[6])
    play(game, 0, c.Jump(to=51))
    play(game, 1, c.PassReaction())  # the Quarantine interval
    play(game, 1, c.PassReaction())  # the Zap/Reroll interval: the ship moves (step 5)
    assert game.state.players[0].world == 51
    assert game.state.players[0].hold == ["Power Crystals"]  # still in hyperspace
    out = play(game, 1, c.PassReaction())  # the You Are Lost interval
    assert "ContractDelivered" in types(out) and game.state.players[0].hold == []


def test_an_automatic_pass_looks_like_a_chosen_pass_to_others() -> None:
    """Bob passes by choice, Cy (policy `never`, holding You Are Lost) automatically: the
    others see the same public events in both cases; the question to Bob is his alone."""
    players = _players(s1={"policy": "ask"}, s2={"policy": "never", "hand": ["lost-1"]})
    game = game_of(players=players, dice=[6])
    out = play(game, 0, c.Jump(to=13))
    out += play(game, 1, c.PassReaction())
    public = [(e.type, e.data.get("seat")) for e in out if e.audience.kind == "public"]
    assert ("ReactionPassed", 1) in public and ("ReactionPassed", 2) in public
    asked = [e for e in out if e.type == "ReactionAsked"]
    assert asked and all(e.redacted_for(0) == {"seq": e.seq, "redacted": True} for e in asked)


def test_zap_your_own_roll_down_to_stay_timing_details_example() -> None:
    """Timing Details example: on Mink going to Niven you roll a 2; "You may Zap your roll
    down to a 1 to stay on Mink" (a Zapped roll is used as is)."""
    game = game_of(players=_players(s0={"hand": ["zap-1"]}), dice=[2])
    play(game, 0, c.Jump(to=13))
    assert asked(game.state).prompt == "zap"
    play(game, 0, c.Zap(card="zap-1", delta=-1))  # nobody else holds a Zap: settled
    assert game.state.players[0].world == 14 and turn_of(game.state).jumps == 1


def test_an_opponent_zaps_then_the_jumper_rerolls_zap_has_no_effect_after_reroll() -> None:
    """Timing Details 4: Zaps and the re-roll may come in any order; "A Zap played has no
    effect if the jumping player rerolls afterwards". After each play everyone may answer
    again, the jumping player first."""
    players = _players(s0={"hand": ["favor-1"]}, s1={"hand": ["superzap-1"]})
    game = game_of(players=players, dice=[4, 5])
    play(game, 0, c.Jump(to=15))  # red 3+: 4 succeeds; Ann holds no Zap: not asked
    assert asked(game.state).seats == (1,)
    play(game, 1, c.Zap(card="superzap-1", delta=-2))  # 2: fails
    assert asked(game.state).seats == (0,)  # Ann may now re-roll
    play(game, 0, c.Reroll(card="favor-1"))  # 5
    assert game.state.players[0].world == 15


def test_zap_on_a_random_jump_die_stays_a_world_zap() -> None:
    """Zap on a die naming a world: a result below 1 counts as 1, above 6 as 6."""
    game = game_of(players=_players(s0={"hand": ["superzap-2"]}), dice=[6, 1])
    play(game, 0, c.RandomJump())
    play(game, 0, c.Zap(card="superzap-2", delta=2))  # 8 -> 6
    assert game.state.players[0].world == 61


def _quarantine_mink(game: Game[StarState], by: int = 2, card: str = "quarantine-1") -> None:
    play(game, by, c.PlayCard(card=card, target=by, world=14))


def test_anyone_may_cancel_a_quarantine_with_avoid_calamity_quarantine() -> None:
    """"Anyone may play an Avoid Calamity card immediately after Quarantine is played to
    cancel it entirely"; both cards are discarded."""
    players = _players(s1={"hand": ["avoid-1"]}, s2={"hand": ["quarantine-1"]})
    game = game_of(players=players)
    _quarantine_mink(game)
    now = asked(game.state)
    assert now.prompt == "avoid_calamity" and now.seats == (1,)
    play(game, 1, c.AvoidCalamity(card="avoid-1"))
    assert game.state.quarantines == []
    assert {"avoid-1", "quarantine-1"} <= set(game.state.luck_discard)


def test_a_quarantined_ship_cannot_leave_the_jump_is_aborted_timing_details_2() -> None:
    """At the end of the Quarantine interval a trapped ship's jump is aborted: "You may choose
    to use this jump attempt in a different way or to end your movement"."""
    game = game_of(players=_players(s2={"hand": ["quarantine-1"]}), dice=[6])
    _quarantine_mink(game)
    out = play(game, 0, c.Jump(to=13))
    assert "JumpAborted" in types(out) and game.state.players[0].world == 14
    assert turn_of(game.state).jumps == 0 and asked(game.state).prompt == "move"


def test_avoid_calamity_lets_the_trapped_ship_leave_until_it_jumps_quarantine() -> None:
    """An Avoid Calamity lets the trapped player move away; after a failed attempt it still
    applies until she jumps successfully."""
    players = _players(s0={"hand": ["avoid-1"]}, s2={"hand": ["quarantine-1"]})
    game = game_of(players=players, dice=[2, 5])
    _quarantine_mink(game)
    play(game, 0, c.PassReaction())  # Ann could cancel it at once; she keeps her card
    play(game, 0, c.Jump(to=15))  # red 3+
    assert asked(game.state).prompt == "quarantine"
    play(game, 0, c.AvoidCalamity(card="avoid-1"))  # escape; the roll of 2 fails
    assert game.state.players[0].world == 14 and game.state.players[0].escapes == 1
    play(game, 0, c.Jump(to=15))  # the escape still applies: 5 succeeds
    assert game.state.players[0].world == 15 and game.state.players[0].escapes == 0


def test_quarantine_played_in_the_interval_traps_the_jumper_quarantine_interval() -> None:
    """Timing Details 2: "Notably, the world the jumping player is currently occupying may be
    Quarantined"."""
    game = game_of(players=_players(s1={"hand": ["quarantine-2"]}), dice=[6])
    play(game, 0, c.Jump(to=13))
    assert asked(game.state).seats == (1,)
    out = play(game, 1, c.Quarantine(card="quarantine-2"))
    assert "QuarantinePlaced" in types(out) and "JumpAborted" in types(out)
    assert game.state.players[0].world == 14


def test_quarantine_ends_at_its_players_next_turn_rulings() -> None:
    game = game_of(players=_players(s2={"hand": ["quarantine-1"], "world": 14}), active=1)
    _quarantine_mink(game)
    play(game, 1, c.EndMovement())
    play(game, 1, c.SkipAction())
    play(game, 1, c.Draw())
    out = play(game, 1, c.EndTurn())
    assert "QuarantineLifted" in types(out) and game.state.quarantines == []
    assert "quarantine-1" in game.state.luck_discard


def test_quarantine_on_the_destination_zap_down_to_stay_timing_details_example() -> None:
    """Timing Details example: "you roll a 2. Before you move your ship, an opponent plays
    Quarantine on Niven. You may Zap your roll down to a 1 to stay on Mink"."""
    players = _players(s0={"hand": ["zap-1"]}, s1={"hand": ["quarantine-1"]})
    game = game_of(players=players, dice=[2])
    play(game, 0, c.Jump(to=13))
    play(game, 1, c.PassReaction())  # Bob lets the Quarantine interval pass
    play(game, 0, c.PassReaction())  # the roll is a 2: Ann (holding a Zap) passes first
    play(game, 1, c.Quarantine(card="quarantine-1"))  # on Niven, the destination
    assert [q["world"] for q in game.state.quarantines] == [13]
    assert asked(game.state).seats == (0,)  # the interval starts again with Ann
    play(game, 0, c.Zap(card="zap-1", delta=-1))
    assert game.state.players[0].world == 14 and turn_of(game.state).jumps == 1


def test_quarantine_in_the_you_are_lost_interval_traps_on_arrival_timing_details() -> None:
    """Timing Details example: you move your ship and, in the You Are Lost interval, another
    player Quarantines Niven: you stay trapped there unless someone plays You Are Lost."""
    players = _players(s1={"hand": ["quarantine-1"]}, s2={"hand": ["lost-1"]})
    game = game_of(players=players, dice=[6, 2, 6])
    play(game, 0, c.Jump(to=13))
    play(game, 1, c.PassReaction())  # Bob waits through the Quarantine interval
    play(game, 1, c.PassReaction())  # and the Zap/Reroll interval
    assert asked(game.state).prompt == "you_are_lost"
    play(game, 1, c.Quarantine(card="quarantine-1"))  # on Niven, where Ann now is
    assert asked(game.state).seats == (2,)  # the interval goes on
    play(game, 2, c.PlayYouAreLost(card="lost-1"))  # Cy lets her escape: two dice, 2 and 6
    assert game.state.players[0].world == 26


def test_only_an_avoid_calamity_card_escapes_a_quarantine() -> None:
    import pytest

    from engine.kernel import RuleError

    players = _players(s0={"hand": ["avoid-1", "zap-1"]}, s2={"hand": ["quarantine-1"]})
    game = game_of(players=players, dice=[6])
    _quarantine_mink(game)
    play(game, 0, c.PassReaction())  # Ann keeps her Avoid Calamity for the escape
    play(game, 0, c.Jump(to=13))
    with pytest.raises(RuleError, match="not an Avoid Calamity"):
        play(game, 0, c.AvoidCalamity(card="zap-1"))
    play(game, 0, c.AvoidCalamity(card="avoid-1"))
    assert game.state.players[0].escapes == 1


def test_the_reaction_timer_counts_from_the_windows_opening_and_silence_passes() -> None:
    """Table option ``reaction_timer``: the countdown belongs to the window open now (the
    seq of its WindowOpened event); the window waits for every seat it asks, whatever its
    policy ("never" here); when the countdown runs out every silent seat passes with the same
    public event as a chosen pass, and the window closes."""
    from engine.kernel import Game
    from engine.startraders.luck import countdown, timeout_passes
    from engine.startraders.ruleset import ruleset as rules

    game = Game.start(rules, {"personalities": "none", "reaction_timer": 30}, ["A", "B"], 7)
    assert countdown(game.state) is None  # no window yet
    mover = asked(game.state).seats[0]
    for seat in (0, 1):
        game.play(seat, c.SetReactionPolicy(policy="never"))
    jump = next(a for a in rules.legal_actions(game.state, mover) if isinstance(a, c.Jump))
    out = game.play(mover, jump)
    opened = next(e.seq for e in out if e.type == "WindowOpened")
    assert countdown(game.state) == (opened, 30)
    assert asked(game.state).seats == (mover, 1 - mover)  # both, in priority order
    passes = timeout_passes(game.state)
    assert passes == [(mover, c.PassReaction()), (1 - mover, c.PassReaction())]
    out = [e for seat, cmd in passes for e in game.play(seat, cmd)]
    assert out[0].type == "ReactionPassed" and out[0].audience.kind == "public"
    assert ("WindowClosed", "quarantine") in [(e.type, e.data.get("kind")) for e in out]


def test_a_table_names_no_clock_and_gets_the_default_reaction_timer() -> None:
    """Timing Details: "the definition of 'immediate' must be decided by the group playing,
    with a few seconds being a sensible default": a table without ``reaction_timer`` has
    the default clock; ``0`` asks for none."""
    from engine.kernel import Game
    from engine.startraders.ruleset import ruleset as rules
    from engine.startraders.setup import DEFAULT_REACTION_TIMER

    assert Game.start(rules, {}, ["A", "B"], 7).state.reaction_timer == DEFAULT_REACTION_TIMER
    assert Game.start(rules, {"reaction_timer": 0}, ["A", "B"], 7).state.reaction_timer is None
