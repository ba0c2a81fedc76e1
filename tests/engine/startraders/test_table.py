"""Star Traders at the table: the reaction setting ``reroll`` (Trader's Luck, Re-Rolls: a failed
jump attempt re-rolled at once with the least useful card); a Quarantine!'s player is not asked
to avoid his own card (Special Cards, Quarantine!: "Anyone may play an Avoid Calamity card
immediately after Quarantine is played to cancel it"); the seats a deal is offered to are the
ones a bot answers at once (Trades and Deals); a reaction setting changed while a window asks
is no pass."""

from __future__ import annotations

from engine.startraders.deals import Bundle
from engine.startraders.definition import answering
from engine.startraders.movement import worst_card
from engine.startraders.windows import prompted, unanswered
from tests.engine.startraders.kit import asked, c, game_of, play, types


def test_reroll_setting_rerolls_a_failed_jump_with_the_worst_card() -> None:
    """"Any Trader's Luck card can be used to get an immediate re-roll on a jump attempt":
    with the setting, Ann's failed roll (2 on a red line, 3+) is rolled again at once, turning
    in Imperial Disfavor! before Avoid Calamity!."""
    game = game_of(players=[{"name": "Ann", "world": 14, "policy": "reroll",
                             "hand": ["avoid-1", "disfavor-1"]},
                            {"name": "Bob", "policy": "never"}], dice=[2, 5])
    events = play(game, 0, c.Jump(to=15))
    assert "RollChanged" in types(events) and "Jumped" in types(events)
    assert game.state.players[0].world == 15
    assert game.state.players[0].hand == ["avoid-1"]


def test_reroll_setting_stops_when_the_hand_is_empty() -> None:
    """Each re-roll turns in a card: two failures use both cards, the third stands."""
    game = game_of(players=[{"name": "Ann", "world": 14, "policy": "reroll",
                             "hand": ["favor-1", "disfavor-1"]},
                            {"name": "Bob", "policy": "never"}], dice=[1, 2, 1])
    events = play(game, 0, c.Jump(to=15))
    assert types(events).count("RollChanged") == 2 and "JumpFailed" in types(events)
    assert game.state.players[0].hand == [] and game.state.players[0].world == 14


def test_reroll_setting_leaves_a_successful_roll_alone() -> None:
    game = game_of(players=[{"name": "Ann", "world": 14, "policy": "reroll",
                             "hand": ["favor-1"]},
                            {"name": "Bob", "policy": "never"}], dice=[5])
    events = play(game, 0, c.Jump(to=15))
    assert "RollChanged" not in types(events) and game.state.players[0].hand == ["favor-1"]


def test_the_worst_card_is_turned_in_first() -> None:
    assert worst_card(["avoid-1", "zap-1", "disfavor-2"]) == "disfavor-2"
    assert worst_card(["superzap-1", "avoid-1"]) == "superzap-1"


def test_a_quarantines_player_is_not_asked_to_avoid_it() -> None:
    """Bob (setting: always ask) plays Quarantine! on Ann's world: the window asks the others
    whether to cancel it, not Bob; with no clock he passes at once."""
    game = game_of(players=[{"name": "Ann", "world": 14, "policy": "ask", "hand": ["avoid-1"]},
                            {"name": "Bob", "world": 14, "policy": "ask",
                             "hand": ["quarantine-1", "avoid-2"]}])
    play(game, 1, c.PlayCard(card="quarantine-1", target=1, world=14))
    assert asked(game.state).prompt == "avoid_calamity"
    assert not prompted(game.state, 1) and prompted(game.state, 0)
    assert 1 not in unanswered(game.state)


def test_a_changed_setting_is_no_pass() -> None:
    """A window asks Ann; she changes her setting to never: she is still waited for, and
    her re-roll is still hers to make."""
    game = game_of(players=[{"name": "Ann", "world": 14, "policy": "ask",
                             "hand": ["favor-1"]},
                            {"name": "Bob", "policy": "never"}], dice=[2, 5])
    play(game, 0, c.Jump(to=15))
    play(game, 0, c.PassReaction())  # the Quarantine interval; then the roll: 2
    assert asked(game.state).prompt == "zap" and asked(game.state).seats == (0,)
    play(game, 0, c.SetReactionPolicy(policy="never"))
    assert asked(game.state).seats == (0,)
    play(game, 0, c.Reroll(card="favor-1"))
    assert game.state.players[0].world == 15


def test_the_seats_a_deal_is_offered_to_are_answering() -> None:
    """Offers are made and answered at any time: a bot answers the seat a deal names."""
    game = game_of(players=[{"name": "Ann", "stellors": 40}, {"name": "Bob"},
                            {"name": "Cy"}])
    assert answering(game.state) == []
    play(game, 0, c.OfferDeal(to=2, give=Bundle(stellors=5), get=Bundle()))
    assert answering(game.state) == [2]
