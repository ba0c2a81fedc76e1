"""Dropping Out: money to the bank, ship, stations and markers removed, cards and the
Imperial Mission discarded, fewer Contracts, the turn passes on, the last Trader wins."""

from __future__ import annotations

from typing import Any

from engine.startraders.ruleset import ruleset
from engine.startraders.state import Bundle

from .kit import asked, c, game_of, play, turn_of, types


def _three() -> list[dict]:
    return [{"name": "Ann", "hand": ["zap-1"]},
            {"name": "Bob", "hand": ["avoid-1"], "mission": 20, "hold": ["Fur"]},
            {"name": "Cy"}]


def test_dropping_out_removes_everything_of_hers_dropping_out() -> None:
    game = game_of(players=_three(), stations={25: 1, 13: 0},
                   completed=[{"contract": 17, "rights": {1: 1}}])
    play(game, 2, c.OfferDeal(to=1, give=Bundle(stellors=3)))
    out = play(game, 1, c.DropOut())
    bob = game.state.players[1]
    assert bob.out and (bob.stellors, bob.hand, bob.hold, bob.mission) == (0, [], [], None)
    assert game.state.stations == {13: 0} and game.state.offers == []
    assert {"avoid-1"} <= set(game.state.luck_discard) and 20 in game.state.discard
    assert "ContractDiscarded" in types(out)  # no right-to-deliver marker left beside it
    assert asked(game.state).seats == (0,)
    assert 1 not in asked(game.state).anytime


def test_dropping_out_on_ones_turn_passes_the_turn() -> None:
    game = game_of(players=_three(), active=1)
    play(game, 1, c.DropOut())
    assert turn_of(game.state).seat == 2


def test_the_last_trader_left_wins_rulings() -> None:
    game = game_of(players=_three())
    play(game, 1, c.DropOut())
    out = play(game, 0, c.DropOut())
    assert out[-1].type == "GameWon" and game.state.winner == 2
    assert ruleset.pending(game.state) is None


def test_a_window_waiting_for_her_goes_on_dropping_out() -> None:
    players = _three()
    players[1]["policy"] = "ask"
    players[2]["hand"] = ["disfavor-1"]
    game = game_of(players=players)
    play(game, 2, c.PlayCard(card="disfavor-1", target=1))
    assert asked(game.state).seats == (1,)
    play(game, 1, c.DropOut())
    assert game.state.window is None and asked(game.state).seats == (0,)


def test_fewer_contracts_after_a_drop_out_dropping_out() -> None:
    """The next non-Imperial Contract completed is not replaced (5 players: 4 -> 3)."""
    players: list[dict[str, Any]] = [{"name": n} for n in "ABCDE"]
    players[0].update(world=13, hold=["Power Crystals"])
    game = game_of(players=players, contracts=[1, 2, 20, 3], dice=[6])
    play(game, 4, c.DropOut())
    play(game, 0, c.Jump(to=51))
    assert game.state.slots == [1, 2, None, 3]
