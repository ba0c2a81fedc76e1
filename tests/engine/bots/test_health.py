"""Game-health instruments: the close-race measure behind docs/balance.md."""

from __future__ import annotations

import pytest

from engine.bots import simulate
from engine.venus.simulation import Race, play_game, race_game


def test_13_2_the_earlier_seat_wins_a_race_decided_in_the_same_round() -> None:
    """Seats 2 and 0 both end a turn of round 30 at the target; seat 2 plays first (4.2)."""
    race = Race(players=3, first_player=2, crossed={0: 30, 2: 30, 1: 31})
    assert race.winner_position == 0
    assert race.close


def test_a_race_won_a_round_ahead_is_not_close() -> None:
    race = Race(players=4, first_player=0, crossed={3: 28, 1: 29})
    assert race.winner_position == 3
    assert not race.close
    assert Race(players=2, first_player=0, crossed={}).winner_position is None


def test_race_game_plays_to_the_end_of_the_round_of_the_first_crossing() -> None:
    race = race_game(["trader", "trader"], "race-test", target=1000)
    assert race.crossed, "a trader reaches $1,000"
    first_round = min(race.crossed.values())
    assert all(r == first_round for r in race.crossed.values())  # stops when the round ends
    assert 5 < first_round < 100


def test_a_bot_loop_within_a_round_ends_the_game_as_a_stall(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot that keeps acting without the round advancing is cut off (a stall), not left to
    run out of memory."""
    monkeypatch.setattr(simulate, "MAX_COMMANDS_PER_TURN", 1)
    result = play_game(["trader", "trader"], "loop-cap")
    assert result.stalled
    assert result.commands <= 2 * (result.rounds + 1) + 1


def test_trader_counts_the_hull_when_it_counts_free_holds_3_432_15_31() -> None:
    """3.432, 15.31: a Shield rides on the Hull, and with the Combat rules one Laser and one
    Nova Ball too; only the rest take half a Hold each (3.431)."""
    from engine.venus.bots.knowledge import Knowledge
    from engine.venus.ruleset import ruleset
    from engine.venus.scenario import start

    def free(equipment: list[str], options: dict[str, bool]) -> float:
        doc = {"players": [{"name": "A", "race": "humans", "dot": "galactic-base",
                            "ship": "transport", "equipment": equipment},
                           {"name": "B", "race": "dell", "dot": "galactic-base"}],
               "options": options}
        return Knowledge(ruleset.view(start(doc).state, 0), 0).free_holds()

    assert free(["shield"], {}) == 3.0  # on the Hull: the Transport's 3 Holds stay free
    assert free(["shield", "yellow_drive"], {}) == 2.5  # the Drive takes half a Hold
    combat = {"combat": True}
    assert free(["laser", "nova_ball", "shield"], combat) == 3.0
    assert free(["laser", "laser", "nova_ball"], combat) == 2.5
