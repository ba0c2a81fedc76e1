"""The standard game's search hooks (``engine/venus_standard/search.py``): what a position is
worth to the search bot's evaluation (``docs/bots.md``, "Each game's worlds and
evaluation"), against what the rules count at the end ("End of the Game")."""

from __future__ import annotations

from engine.bots.base import act
from engine.venus_standard import helm_commands as h
from engine.venus_standard.definition import GAME
from engine.venus_standard.missions import mission_cards
from engine.venus_standard.search import COURSE, candidates, evaluate, worth
from engine.venus_standard.state import StandardState

from .kit import asked, ruleset, start

GOODS = "qossuth:g1"  # a Qossuth goods token


def fresh() -> StandardState:
    state = start(2).state
    assert evaluate(state, 0) == 0.5  # two seats alike
    return state


def test_a_completed_mission_counts_its_fame() -> None:
    """"Count Fame": a completed Mission card's fame is counted at the end (c10 a point), so
    completing one is worth its fame to the search, not nothing."""
    state = fresh()
    before = worth(state, 0)
    state.player(0).missions_done.append("rogue-rescue")
    assert worth(state, 0) - before == 10 * mission_cards()["rogue-rescue"].fame
    assert evaluate(state, 0) > 0.5


def test_the_fuzzy_dice_count_their_average_roll() -> None:
    """"End of the Game" 2: the Fuzzy Dice add two dice of fame: seven on average."""
    state = fresh()
    before = worth(state, 0)
    state.player(0).techs.append("fuzzy_dice:1")
    assert worth(state, 0) - before == 70


def test_goods_aboard_after_the_last_turn_count_nothing() -> None:
    """"End of the Game": goods still aboard score nothing. Before the seat's last turn is
    over they count (it may sell them); after it, not."""
    state = fresh()
    state.player(0).cargo.append(GOODS)
    state.round = state.last_round - 1
    assert evaluate(state, 0) > 0.5
    state.round = state.last_round
    assert evaluate(state, 0) > 0.5  # its last turn is still to be played
    state.done = [0]
    assert evaluate(state, 0) == 0.5


def test_the_search_weighs_no_other_course() -> None:
    """A playout ends with the turn, so another course (landing short, no movement, a die
    kept for the navigation box) would be judged by this turn alone: the search levels
    leave the course to the merchant and answer a step of its movement at once, without a
    playout."""
    game = start(2, seed="course")
    merchant = GAME.make_bot("merchant", "course")
    while True:
        seat = asked(game.state).seats[0]
        legal = list(ruleset.legal_actions(game.state, seat))
        if any(isinstance(cmd, h.Step) for cmd in legal):
            break
        command = act(merchant, GAME, game.state, seat, game.seq)
        assert command is not None
        game.play(seat, command)
    assert not any(isinstance(cmd, COURSE) for cmd in candidates({}, legal, seat))
    bot = GAME.make_bot("hard", "course")
    assert isinstance(act(bot, GAME, game.state, seat, game.seq), COURSE)
    assert bot.playouts == 0
