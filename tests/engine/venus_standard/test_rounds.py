"""Rounds and turns: "Beginning a New Round" (the round track's icons), "Player Turns" (turn
order, the four phases), "Movement Phase" (skipping it), "End Movement", "Ending a Turn",
"End of the Game" after round 30, and the Epic Game's interlude after round 30."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.kernel import Randomness, RuleError
from engine.venus_standard import decks, order, places, rounds
from engine.venus_standard.draft import Draft
from engine.venus_standard.places import galactic_base
from engine.venus_standard.state import StandardState

from .kit import asked, c, dials_set, game_of, play, ruleset, start, turn_of, types


def test_round_track_passenger_on_odd_rounds_drill_on_even_rounds() -> None:
    state = StandardState()
    assert rounds.icons(state, 2) == ["drill"] and rounds.icons(state, 3) == ["passenger"]
    assert rounds.icons(state, 30) == ["drill"] and rounds.icons(state, 29) == ["passenger"]
    state.production_rounds = [40]
    assert rounds.icons(state, 40) == ["drill", "production"]


@pytest.fixture
def icons_seen(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[int, str]]]:
    seen: list[tuple[int, str]] = []
    for icon in ("passenger", "drill"):
        def note(d: Draft, icon: str = icon) -> None:
            seen.append((d.state.round, icon))
        monkeypatch.setitem(order.ICONS, icon, note)
    yield seen


def test_beginning_a_new_round_resolves_its_icon_the_first_round_none(
        icons_seen: list[tuple[int, str]]) -> None:
    """Setup 14 places the first passenger (the passenger icon's effect) before round 1;
    round 1 itself resolves no icon; rounds 2 and 3 their drill and passenger icons."""
    game = start(1, seed="icons")
    dials_set(game)
    assert icons_seen == [(0, "passenger")]
    for _ in range(2):
        play(game, 0, c.SkipMovement())
        play(game, 0, c.EndPhase())
        play(game, 0, c.EndPhase())
    assert icons_seen == [(0, "passenger"), (2, "drill"), (3, "passenger")]
    assert game.state.round == 3


def test_player_turns_clockwise_from_the_first_player_every_round() -> None:
    game = start(3, seed="order")
    dials_set(game)
    first = game.state.first_player
    seen = []
    while game.state.round < 3:
        seat = turn_of(game.state).seat
        seen.append((game.state.round, seat))
        play(game, seat, c.SkipMovement())
        play(game, seat, c.EndPhase())
        play(game, seat, c.EndPhase())
    expected = [(r, (first + i) % 3) for r in (1, 2) for i in range(3)]
    assert seen == expected


def test_movement_phase_skipped_on_galactic_base_goes_to_transaction() -> None:
    """Galactic Base "acts as a neutral spaceport": skipping the Movement phase there leads
    straight to the Transaction phase (no First Contact phase)."""
    game = game_of()
    out = play(game, 0, c.SkipMovement())
    assert types(out) == ["MovementSkipped", "PhaseStarted"]
    assert out[-1].data == {"phase": "transaction"}


def test_movement_phase_skipped_off_a_city_or_spaceport_ends_the_turn() -> None:
    space = next((s for s in places.spaces() if places.landing(s) is None), "deep-space")
    game = game_of(players=[{"name": "Ann", "space": space}, {"name": "Bob"}])
    out = play(game, 0, c.SkipMovement())
    assert types(out)[:2] == ["MovementSkipped", "TurnEnded"]
    assert out[1].data == {"seat": 0, "why": "movement_skipped"}
    assert game.state.turn is not None and game.state.turn.seat == 1


def test_end_phase_moves_through_transaction_and_spaceport_then_the_next_turn() -> None:
    game = game_of(phase="transaction")
    assert asked(game.state).prompt == "transaction"
    play(game, 0, c.EndPhase())
    assert turn_of(game.state).phase == "spaceport"
    out = play(game, 0, c.EndPhase())
    assert types(out) == ["TurnEnded", "TurnStarted", "PhaseStarted"]
    assert out[0].data["why"] == "spaceport_phase_ended"


def test_a_phase_held_open_cannot_end(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(order.CAN_END, "transaction",
                        (lambda s, seat: "a question is still open",))
    game = game_of(phase="transaction")
    assert c.EndPhase() not in list(ruleset.legal_actions(game.state, 0))
    with pytest.raises(RuleError, match="Transaction Phase: a question is still open"):
        play(game, 0, c.EndPhase())


def test_a_command_out_of_its_phase_is_refused_naming_the_rule() -> None:
    game = game_of(phase="transaction")
    with pytest.raises(RuleError, match="Player Turns: SkipMovement is not possible now"):
        play(game, 0, c.SkipMovement())


def _draft(game_state: StandardState) -> Draft:
    return Draft(game_state, Randomness("t", 1), order.HOOKS)


def test_end_movement_landing_on_a_spaceport_leads_to_first_contact_or_transaction() -> None:
    """End Movement: a landing leads to the First Contact phase, which is passed over when
    the system holds no face-down card (Galactic Base is in no system)."""
    game = game_of()
    draft = _draft(game.state)
    rounds.end_movement(draft, galactic_base())
    assert types(draft.events) == ["MovementEnded", "PhaseStarted"]
    assert draft.state.turn is not None and draft.state.turn.phase == "transaction"


def test_end_movement_without_landing_ends_the_turn() -> None:
    game = game_of()
    draft = _draft(game.state)
    rounds.end_movement(draft, None)
    assert draft.events[1].type == "TurnEnded"
    assert draft.events[1].data["why"] == "movement_spent"


def test_end_of_the_game_after_the_last_players_turn_in_round_30() -> None:
    game = game_of(round=30, active=1, phase="spaceport")
    out = play(game, 1, c.EndPhase())
    assert "GameEnded" in types(out) and "RoundStarted" not in types(out)
    assert ruleset.pending(game.state) is None and game.state.stage == "over"


def test_round_29_is_followed_by_round_30() -> None:
    game = game_of(round=29, active=1, phase="spaceport")
    out = play(game, 1, c.EndPhase())
    assert [e.data["round"] for e in out if e.type == "RoundStarted"] == [30]


def test_epic_game_after_round_30_production_markers_and_passenger_refresh(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Epic Game 1-4: before round 31 the marker flips, goods are produced, production
    markers go on rounds 40 and 50 (playing 51 or more), the passenger pool is refreshed
    with the passengers returned to the box."""
    produced: list[int] = []
    monkeypatch.setitem(order.ICONS, "production", lambda d: produced.append(d.state.round))
    p1, p2, p3, p4 = (decks.cards_of(decks.PASSENGER) or ["p1", "p2", "p3", "p4"])[:4]
    game = game_of(round=30, active=1, phase="spaceport", table={"variant": "epic"},
                   last_round=55, state={"decks": {"passenger": [p3, p4]},
                                         "discards": {"passenger": [p1, p2]}})
    out = play(game, 1, c.EndPhase())
    assert types(out)[1:5] == ["RoundMarkerFlipped", "ProductionRoundsMarked", "DeckShuffled",
                               "RoundStarted"]
    assert produced == [30]
    assert game.state.production_rounds == [40, 50] and game.state.round == 31
    assert game.state.discards["passenger"] == []
    drawn = [e.data["card"] for e in out if e.type == "CardDrawn"]  # round 31's passenger
    assert sorted([*game.state.decks["passenger"], *drawn]) == sorted([p1, p2, p3, p4])


def test_epic_game_production_round_resolves_production(
        monkeypatch: pytest.MonkeyPatch) -> None:
    produced: list[int] = []
    monkeypatch.setitem(order.ICONS, "production", lambda d: produced.append(d.state.round))
    game = game_of(round=39, active=1, phase="spaceport", table={"variant": "epic"},
                   last_round=45, state={"production_rounds": [40]})
    play(game, 1, c.EndPhase())
    assert produced == [40]


def test_epic_game_length_agreed_or_five_dice_plus_30() -> None:
    assert start(2, variant="epic", epic_rounds=42).state.last_round == 42
    for seed in ("e1", "e2", "e3"):
        assert 35 <= start(2, seed=seed, variant="epic").state.last_round <= 60
    assert start(2).state.last_round == 30


@pytest.mark.parametrize(("doc", "match"), [
    ({"players": []}, "1-4 players"),
    ({"players": [{"name": "A", "coins": 3}]}, "unknown field 'coins'"),
    ({"players": [{"name": "A"}], "active": 2}, "active seat 2"),
    ({"players": [{"name": "A"}], "dice": [7]}, "die 7"),
    ({"players": [{"name": "A", "pilot": "robot"}]}, "pilot robot"),
    ({"players": [{"name": "A"}], "phase": "lunch"}, "phase"),
    ({"players": [{"name": "A"}], "state": {"weather": 1}}, "state field weather"),
])
def test_a_bad_scenario_is_refused_naming_what_is_wrong(doc: dict[str, object],
                                                        match: str) -> None:
    from engine.kernel import BadCommand
    from engine.venus_standard import scenario

    with pytest.raises(BadCommand, match=match):
        scenario.start(doc)


def test_a_scenario_deals_the_decks_with_the_named_cards_on_top() -> None:
    top = (decks.cards_of(decks.MISSION) or ["m-top"])[-1]
    game = game_of(deck_tops={"mission": [top]}, discovered={},
                   first_contact={places.systems()[0]: "zum"})
    assert game.state.decks["mission"][0] == top
    assert game.state.first_contact == {places.systems()[0]: "zum"}
    assert game.state.sandbox and ruleset.view(game.state, 0)["sandbox"]
