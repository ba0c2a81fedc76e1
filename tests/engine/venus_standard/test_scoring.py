"""End of the Game (1-4) and Winning the Game, with the book's scoring example; Fame for
Ship Enhancements; Fuzzy Dice; infamy and disqualification; ties."""

from __future__ import annotations

from typing import Any

import pytest

from engine.venus_standard import order, scoring
from engine.venus_standard.state import StandardState

from .kit import c, game_of, play


def final(players: list[dict[str, Any]], dice: list[int] | None = None) -> StandardState:
    """Play the last turn's end of round 30 from a scenario; the state after scoring."""
    game = game_of(players=players, round=30, active=len(players) - 1, phase="spaceport",
                   dice=dice or [])
    play(game, len(players) - 1, c.EndPhase())
    assert game.state.stage == "over"
    return game.state


@pytest.mark.parametrize(("level", "fame"), [(1, 0), (2, 0), (3, 0), (4, 2), (5, 4), (6, 6)])
def test_fame_for_ship_enhancements_laser_and_shield_levels(level: int, fame: int) -> None:
    """"a player with a laser level of four receives two fame"; "a shield level of five
    receives four fame"; levels 1-3 award no fame (the sixth position is ours)."""
    assert scoring.dial_fame(level) == fame


def test_fame_for_cargo_holds_and_ship_upgrades() -> None:
    """One additional cargo hold 2, two 6; two ship upgrades 2, three 6."""
    state = StandardState.model_validate({"players": [
        {"seat": 0, "name": "a", "extra_holds": 1, "upgrades": ["x:1", "y:1"]},
        {"seat": 1, "name": "b", "extra_holds": 2, "upgrades": ["x:2", "y:2", "z:1"]}]})
    sources = order.FAME_SOURCES
    assert dict(scoring.fame_parts(state, 0, sources)) == {"cargo_holds": 2, "ship_upgrades": 2}
    assert dict(scoring.fame_parts(state, 1, sources)) == {"cargo_holds": 6, "ship_upgrades": 6}


def test_the_books_scoring_example(monkeypatch: pytest.MonkeyPatch) -> None:
    """Scoring Example: five merchant spaceports c1000; 29 fame (4 tokens, 6 for two relics,
    6 for three missions, 6 for two holds, 2 for the second upgrade, 4 for the laser dial, 1
    for the level 2 pilot); Fuzzy Dice 4+4 = 8 more; two infamy: 35; doubles: c20 a point,
    c700; a final score of c2540."""
    monkeypatch.setattr(order.HOOKS, "fame_sources", (
        lambda s, seat: [("relics", 6), ("missions", 6), ("pilot", 1)],))
    ports = [f"orbit-{i}" for i in range(5)]
    state = final([{"name": "Green", "credits": 840, "spaceports": ports, "fame": 4,
                    "infamy": 2, "extra_holds": 2, "upgrades": ["a:1", "b:1"], "laser": 5,
                    "shield": 2, "pilot_level": 2, "techs": ["fuzzy_dice:1"]}], dice=[4, 4])
    green = state.players[0]
    assert green.total_fame == 35 and green.score == 2540 and state.winners == [0]
    assert green.spaceports == []


def test_end_of_the_game_events_in_the_books_order() -> None:
    game = game_of(players=[{"name": "A", "credits": 100, "spaceports": ["o1"], "fame": 3}],
                   round=30, phase="spaceport")
    out = play(game, 0, c.EndPhase())
    kinds = [e.type for e in out]
    i = kinds.index("FinalScoringStarted")
    assert kinds[i:] == ["FinalScoringStarted", "SpaceportsSold", "CreditsChanged",
                         "FameCounted", "CreditsChanged", "GameEnded"]
    assert [e.data["delta"] for e in out if e.type == "CreditsChanged"] == [200, 30]
    assert out[-1].data["scores"] == [330]


def test_fuzzy_dice_without_doubles_c10_a_point() -> None:
    state = final([{"name": "A", "credits": 0, "techs": ["fuzzy_dice:1"]}], dice=[2, 5])
    assert state.players[0].total_fame == 7 and state.players[0].score == 70


def test_a_player_below_zero_fame_is_disqualified_and_cannot_win() -> None:
    state = final([{"name": "A", "credits": 900, "infamy": 3},
                   {"name": "B", "credits": 100}])
    assert state.players[0].disqualified and state.players[0].score == 900
    assert state.winners == [1]


def test_winning_a_tie_goes_to_the_highest_total_fame() -> None:
    state = final([{"name": "A", "credits": 90, "fame": 1},
                   {"name": "B", "credits": 0, "fame": 10}])
    assert [p.score for p in state.players] == [100, 100]
    assert state.winners == [1]


def test_winning_a_tie_in_score_and_fame_shares_the_glory() -> None:
    state = final([{"name": "A", "credits": 50, "fame": 2},
                   {"name": "B", "credits": 50, "fame": 2},
                   {"name": "C", "credits": 10}])
    assert state.winners == [0, 1]
