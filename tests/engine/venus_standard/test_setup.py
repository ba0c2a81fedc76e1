"""Setup (steps 3, 5-6, 8, 10-15): the table's opening events, the starting funds with the
book's figures, the laser and shield dials, the pilots, and the options refused by name."""

from __future__ import annotations

from typing import Any

import pytest

from engine.kernel import SPECTATOR, RuleError
from engine.venus_standard.places import galactic_base, systems
from engine.venus_standard.setup import starting_funds

from .kit import asked, c, dials_set, ruleset, start, types


@pytest.mark.parametrize(("n", "first", "funds"), [
    (1, 0, [20]),
    (2, 0, [40, 40]),
    (2, 1, [40, 40]),
    (3, 0, [60, 60, 80]),
    (3, 1, [80, 60, 60]),
    (4, 0, [80, 80, 100, 120]),
    (4, 2, [100, 120, 80, 80]),
    (4, 3, [80, 100, 120, 80]),
])
def test_setup_11_players_times_c20_the_third_c20_more_the_fourth_c40_more(
        n: int, first: int, funds: list[int]) -> None:
    assert starting_funds(n, first) == funds


def test_setup_11_in_a_game_the_credits_follow_the_first_player() -> None:
    game = start(4, seed="funds")
    first = game.state.first_player
    got = [p.credits for p in game.state.players]
    assert got == starting_funds(4, first)
    assert sorted(got) == [80, 80, 100, 120]
    assert got[(first + 3) % 4] == 120 and got[(first + 2) % 4] == 100
    paid = [e for e in game.events if e.type == "CreditsChanged"]
    assert {e.data["reason"] for e in paid} == {"starting_funds"}


def test_setup_3_one_face_down_first_contact_card_per_system_told_to_nobody() -> None:
    game = start(2, seed="fc")
    placed = [e for e in game.events if e.type == "FirstContactPlaced"]
    assert len(placed) == 1
    cards = placed[0].data["cards"]
    assert sorted(cards) == sorted(systems()) and len(set(cards.values())) == len(cards)
    for viewer in (SPECTATOR, 0, 1):
        assert "data" not in placed[0].redacted_for(viewer)
        view = ruleset.view(game.state, viewer)
        assert view["first_contact_face_down"] == sorted(cards) and view["discovered"] == {}
        assert "first_contact" not in view


def test_setup_5_6_decks_shuffled_face_down() -> None:
    game = start(2, seed="decks")
    shuffled = {e.data["deck"] for e in game.events if e.type == "DeckShuffled"}
    assert {"encounter", "reward", "mission", "passenger"} <= shuffled
    for e in game.events:
        if e.type == "DeckShuffled":
            assert e.audience.kind == "nobody"


def test_setup_12_each_player_chooses_laser_or_shield_in_turn_order() -> None:
    game = start(3)
    order = game.state.order
    assert asked(game.state).prompt == "choose_dial"
    for seat, dial in zip(order, ("laser", "shield", "laser"), strict=True):
        assert asked(game.state).seats == (seat,)
        assert {a.dial for a in ruleset.legal_actions(game.state, seat)
                if isinstance(a, c.ChooseDial)} == {"laser", "shield"}
        game.play(seat, c.ChooseDial(dial=dial))
    dials = {p.seat: (p.laser, p.shield) for p in game.state.players}
    assert dials == {order[0]: (2, 1), order[1]: (1, 2), order[2]: (2, 1)}
    assert game.state.round == 1 and game.state.turn is not None
    assert game.state.turn.seat == game.state.first_player
    assert asked(game.state).prompt == "movement"


def test_setup_13_15_round_marker_on_1_ships_on_galactic_base_first_player_moves() -> None:
    game = start(2, seed="go")
    dials_set(game)
    state = game.state
    assert state.round == 1 and state.stage == "playing"
    started = [e for e in game.events if e.type == "RoundStarted"]
    assert [e.data for e in started] == [{"round": 1, "icons": []}]  # Beginning a New Round
    placed = [e.data for e in game.events if e.type == "ShipPlaced"]
    assert placed == [{"seat": 0, "space": galactic_base()},
                      {"seat": 1, "space": galactic_base()}]
    assert state.turn is not None and state.turn.seat == state.first_player
    assert asked(state).prompt == "movement"
    assert types(game.events)[-2:] == ["TurnStarted", "PhaseStarted"]


def test_setup_8_pilots_chosen_per_seat_the_others_at_random() -> None:
    game = start(3, seed="pilots", pilots=["qossuth", None, "human"])
    pilots = [p.pilot for p in game.state.players]
    assert pilots[0] == "qossuth" and pilots[2] == "human"
    assert pilots[1] in ("eeepeeep", "whynom")
    assert all(p.pilot_level == 1 for p in game.state.players)


@pytest.mark.parametrize(("options", "n", "match"), [
    ({"pilots": ["human", "human"]}, 2, "Setup 8: each pilot goes to one player"),
    ({"pilots": ["captain"]}, 2, "unknown pilot 'captain'"),
    ({"speed": "fast"}, 2, "options.speed"),
    ({"variant": "quick"}, 2, "options.variant"),
    ({}, 5, "1-4 players, not 5"),
    ({"variant": "solo-challenge"}, 2, "Solo Challenge Game: a solo challenge is for one"),
    ({"epic_rounds": 61, "variant": "epic"}, 2, "options.epic_rounds"),
    ({"solo_picks": ["c50", "c50"]}, 2, "only in a solo challenge"),
])
def test_bad_table_options_are_refused_naming_them(options: dict[str, Any], n: int,
                                                    match: str) -> None:
    with pytest.raises(RuleError, match=match):
        start(n, **options)
