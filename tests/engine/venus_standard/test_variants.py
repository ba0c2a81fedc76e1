"""Game Variants: the Light Speed Game (setup 10-17, from round 16), the Solo Challenge Game
(starting options, Challenge cards, fees, loss, win) and the Epic Game's length."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine.kernel import Game, RuleError
from engine.venus_standard import solo
from engine.venus_standard.places import galactic_base
from engine.venus_standard.state import StandardState

from .kit import asked, c, dials_set, game_of, play, play_out, ruleset, start, types


def test_light_speed_setup_10_17() -> None:
    game = start(3, seed="light", variant="light-speed")
    state = game.state
    first = state.first_player
    assert [p.credits for p in state.players] == [300, 300, 300]  # 10
    assert all(p.pilot_level == 2 and (p.laser, p.shield) == (3, 3)
               for p in state.players)  # 12
    ccw = [(first - 1 - i) % 3 for i in range(3)]  # 13: from the first player's right
    revealed: dict[int, list[str]] = {0: [], 1: [], 2: []}
    for seat in ccw * 2:
        now = asked(game.state)
        assert now.prompt == "reveal" and now.seats == (seat,)
        system = sorted(game.state.first_contact)[0]
        out = play(game, seat, c.RevealFirstContact(system=system))
        assert out[0].type == "FirstContactRevealed" and out[0].data["seat"] == seat
        revealed[seat].append(system)
    assert all(len(v) == 2 for v in revealed.values())
    assert {s: game.state.player(s).contacts for s in range(3)} == revealed
    assert len(game.state.discovered) == 6
    for seat in ccw:  # 14
        now = asked(game.state)
        assert now.prompt == "starting_goods" and now.seats == (seat,)
        play(game, seat, c.EndStep())
    for seat in game.state.order:  # 17: from the first player, clockwise
        now = asked(game.state)
        assert now.prompt == "starting_space" and now.seats == (seat,)
        assert c.ChooseStart(space=galactic_base()) in list(
            ruleset.legal_actions(game.state, seat))
        play(game, seat, c.ChooseStart(space=galactic_base()))
    assert game.state.round == 16  # 15
    assert game.state.turn is not None and game.state.turn.seat == first


def test_light_speed_a_starting_space_elsewhere_is_refused() -> None:
    game = start(1, seed="light1", variant="light-speed")
    for _ in range(2):
        play(game, 0, c.RevealFirstContact(system=sorted(game.state.first_contact)[0]))
    play(game, 0, c.EndStep())
    with pytest.raises(RuleError, match="Light Speed Game 17"):
        play(game, 0, c.ChooseStart(space="nowhere"))


def test_light_speed_plays_rounds_16_to_30() -> None:
    game = start(2, seed="light2", variant="light-speed")
    play_out(game)
    rounds_played = [e.data["round"] for e in game.events if e.type == "RoundStarted"]
    assert rounds_played == list(range(16, 31)) and game.state.stage == "over"


CARDS: dict[str, dict[str, Any]] = {
    "loan": {"id": "loan", "colour": "white", "round": 1, "fee": 5,
             "challenge": {"need": "credits", "at_least": 150}, "effect": {"kind": "none"}},
    "debt": {"id": "debt", "colour": "white", "round": 2, "fee": 5,
             "challenge": {"need": "credits", "at_least": 10_000}, "effect": {"kind": "none"}},
    "sabotage": {"id": "sabotage", "colour": "red", "round": 2, "fee": 10,
                 "challenge": {"need": "attribute", "attribute": "laser", "at_least": 4},
                 "effect": {"kind": "dial", "dial": "laser", "by": -1,
                            "irreversible": True}},
    "exam": {"id": "exam", "colour": "blue", "round": 3, "fee": 10,
             "challenge": {"need": "attribute", "attribute": "pilot_level", "at_least": 2},
             "effect": {"kind": "none"}},
}


@pytest.fixture
def cards(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Any]]:
    monkeypatch.setattr(solo, "challenge_cards", lambda: CARDS)
    yield CARDS


def test_solo_setup_10_options_given_at_the_table(cards: dict[str, Any]) -> None:
    """Two options: c50 twice is c100 of starting funds (instead of step 11's)."""
    game = start(1, seed="solo", variant="solo-challenge", solo_picks=["c50", "c50"])
    assert game.state.players[0].credits == 100
    placed = next(e for e in game.events if e.type == "ChallengesPlaced")
    colours = [CARDS[e["card"]]["colour"] for e in placed.data["cards"]]
    assert sorted(colours) == ["blue", "red", "white"]  # one per colour
    assert asked(game.state).prompt == "choose_dial"


def test_solo_setup_10_options_asked_and_their_maximums(cards: dict[str, Any]) -> None:
    game = start(1, seed="solo2", variant="solo-challenge")
    assert asked(game.state).prompt == "solo_picks"
    play(game, 0, c.SoloPick(pick="lasers"))
    offered = {a.pick for a in ruleset.legal_actions(game.state, 0)
               if isinstance(a, c.SoloPick)}
    assert "lasers" not in offered and "c50" in offered  # "lasers" at most once
    with pytest.raises(RuleError, match="at most 1"):
        play(game, 0, c.SoloPick(pick="lasers"))
    play(game, 0, c.SoloPick(pick="c30-less-fancy-spoiler"))
    p = game.state.players[0]
    assert p.credits == 30 and p.techs == ["less_fancy_spoiler:1"]
    play(game, 0, c.ChooseDial(dial="shield"))  # 12, then +2 lasers
    assert (game.state.players[0].laser, game.state.players[0].shield) == (3, 2)


def test_solo_setup_10_the_spoiler_twice_is_the_fancy_spoiler(cards: dict[str, Any]) -> None:
    game = start(1, seed="solo3", variant="solo-challenge",
                 solo_picks=["c30-less-fancy-spoiler", "c30-less-fancy-spoiler"])
    assert game.state.players[0].techs == ["fancy_spoiler:1"]
    assert game.state.players[0].credits == 60


def test_solo_two_options_exactly(cards: dict[str, Any]) -> None:
    with pytest.raises(RuleError, match="choose two options"):
        start(1, variant="solo-challenge", solo_picks=["c50"])


def solo_game(credits: int, round_: int = 1, **player: Any) -> Game[StandardState]:
    return game_of(players=[{"name": "Solo", "credits": credits, **player}], round=round_,
                   table={"variant": "solo-challenge"},
                   state={"solo": {"cards": ["loan", "sabotage", "exam"],
                                   "rounds": {"loan": 1, "sabotage": 2, "exam": 3},
                                   "fees": {"loan": 5, "sabotage": 10, "exam": 10},
                                   "active": ["loan"] if round_ >= 1 else []}})


def _turn(game: Game[StandardState]) -> list[str]:
    out = play(game, 0, c.SkipMovement())
    out += play(game, 0, c.EndPhase())
    out += play(game, 0, c.EndPhase())
    return types(out)


def test_challenges_activate_on_their_round_irreversibly_and_fees_are_paid(
        cards: dict[str, Any]) -> None:
    """Challenges: active from the round on the card; the fee paid before every movement
    step; Sabotage's irreversible effect lowers the laser once."""
    game = solo_game(100, laser=2)
    kinds = _turn(game)  # round 1 ends, round 2 begins
    assert "ChallengeActivated" in kinds
    state = game.state
    assert state.solo is not None and state.solo.active == ["loan", "sabotage"]
    assert state.players[0].laser == 1
    fees = [e.data["delta"] for e in game.events if e.type == "CreditsChanged"
            and e.data["reason"] == "challenge_fees"]
    assert fees == [-15]  # round 2's movement phase: loan 5 + sabotage 10


def test_a_challenge_completed_leaves_play_with_its_fee(cards: dict[str, Any]) -> None:
    """"Have c150": not met at c140 (the fees are paid); met at c200, noticed at once after
    the next command, and the card's fee is no longer due."""
    short = solo_game(140)
    _turn(short)
    assert short.state.solo is not None and short.state.solo.completed == []
    assert short.state.players[0].credits == 140 - 15
    rich = solo_game(200)
    out = play(rich, 0, c.SkipMovement())
    assert "ChallengeCompleted" in types(out)
    assert rich.state.solo is not None
    assert rich.state.solo.completed == ["loan"] and rich.state.solo.active == []


def test_a_round_starting_with_fees_the_player_cannot_pay_loses_the_game(
        cards: dict[str, Any]) -> None:
    game = solo_game(8)
    kinds = _turn(game)
    assert kinds[-1] == "GameEnded"
    assert game.state.end is not None and game.state.end["reason"] == "challenge_fee_unpaid"
    assert game.state.winners == [] and ruleset.pending(game.state) is None


def test_winning_the_solo_challenge_needs_every_card_completed(cards: dict[str, Any]) -> None:
    won = game_of(players=[{"name": "S", "credits": 500, "laser": 4, "pilot_level": 2}],
                  round=30, phase="spaceport", table={"variant": "solo-challenge"},
                  state={"solo": {"cards": ["loan", "sabotage", "exam"],
                                  "rounds": {"loan": 1, "sabotage": 2, "exam": 3},
                                  "fees": {"loan": 5, "sabotage": 10, "exam": 10},
                                  "completed": ["loan", "sabotage", "exam"]}})
    play(won, 0, c.EndPhase())
    assert won.state.winners == [0]
    lost = game_of(players=[{"name": "S", "credits": 500}], round=30, phase="spaceport",
                   table={"variant": "solo-challenge"},
                   state={"solo": {"cards": ["debt"], "rounds": {"debt": 2},
                                   "fees": {"debt": 5}, "active": ["debt"]}})
    play(lost, 0, c.EndPhase())
    assert lost.state.winners == []
    assert lost.state.end is not None and lost.state.end["reason"] == "challenges_incomplete"


@pytest.mark.parametrize("variant", ["standard", "light-speed", "epic", "solo-challenge"])
def test_random_bots_finish_every_variant(variant: str, cards: dict[str, Any]) -> None:
    n = 1 if variant == "solo-challenge" else 2
    game = start(n, seed=f"v-{variant}", variant=variant)
    dials_set(game)
    play_out(game)
    assert game.state.stage == "over" and game.state.end is not None


def test_the_challenge_cards_lie_face_up_in_every_view(cards: dict[str, Any]) -> None:
    """Solo Challenge Setup 2: face up beside the round track, with the fees due now."""
    game = solo_game(100)
    _turn(game)
    shown = ruleset.view(game.state, -1)["solo"]
    assert shown["cards"] == ["loan", "sabotage", "exam"]
    assert shown["active"] == ["loan", "sabotage"] and shown["fees_due"] == 15


def test_each_open_challenge_shows_how_far_the_player_is(cards: dict[str, Any]) -> None:
    """"Challenges": what each open card still asks, its measure now against what completes
    it (in every view: the cards and the ship lie face up); a completed card drops out."""
    game = solo_game(100, laser=2)
    _turn(game)  # round 2: loan and sabotage active, the fees (15) paid, the laser lowered
    shown = ruleset.view(game.state, -1)["solo"]["progress"]
    assert {card: (p["have"], p["at_least"]) for card, p in shown.items()} == {
        "loan": (85, 150), "sabotage": (1, 4), "exam": (1, 2)}
    assert shown["loan"]["need"] == "credits"
    rich = solo_game(200)
    play(rich, 0, c.SkipMovement())  # "Have c150" met and completed
    assert "loan" not in ruleset.view(rich.state, 0)["solo"]["progress"]


def _light_speed_to_round_16(game: Game[StandardState]) -> None:
    """Light Speed Game 13-17, every answer the first offered."""
    while (now := ruleset.pending(game.state)) is not None and game.state.stage == "setup":
        seat = now.seats[0]
        play(game, seat, list(ruleset.legal_actions(game.state, seat))[0])


def test_demand_with_light_speed_the_setup_passengers_draw_no_demand() -> None:
    """Optional rule "Demand": "At the start of every odd-numbered game round (including the
    first round), place a random passenger token as normal; then draw a random demand
    token". The Light Speed Game's five setup passengers (Light Speed Game 16) are no odd
    round: no demand token until round 17 begins."""
    game = start(2, seed="light-demand", variant="light-speed", demand=True)
    _light_speed_to_round_16(game)
    assert game.state.round == 16
    assert [e for e in game.events if e.type == "PassengerPlaced"]
    assert not [e for e in game.events if e.type == "DemandPlaced"]
    while game.state.round == 16:
        now = ruleset.pending(game.state)
        assert now is not None
        seat = now.seats[0]
        legal = list(ruleset.legal_actions(game.state, seat))
        skip = [a for a in legal if isinstance(a, c.SkipMovement)]
        ends = [a for a in legal if a.type == "EndPhase"]
        play(game, seat, (skip or ends or legal)[0])
    demands = [e for e in game.events if e.type == "DemandPlaced"]
    assert game.state.round == 17 and len(demands) == 1


def test_demand_each_odd_round_not_each_passenger() -> None:
    """Optional rule "Demand": one demand token at the start of round 1 (after Setup 14's
    passenger) and of every odd round, none on even rounds."""
    game = start(2, seed="odd-demand", demand=True)
    dials_set(game)
    placed = [e for e in game.events if e.type == "DemandPlaced"]
    assert len(placed) == 1 and game.state.round == 1
    passenger = max(i for i, e in enumerate(game.events) if e.type == "PassengerPlaced")
    demand = max(i for i, e in enumerate(game.events) if e.type == "DemandPlaced")
    assert passenger < demand  # "place a random passenger token as normal; then ..."
    seen: dict[int, int] = {}
    while game.state.round <= 4 and game.state.stage == "playing":
        now = ruleset.pending(game.state)
        assert now is not None
        seat = now.seats[0]
        legal = list(ruleset.legal_actions(game.state, seat))
        skip = [a for a in legal if isinstance(a, c.SkipMovement)]
        ends = [a for a in legal if a.type == "EndPhase"]
        before = game.seq
        play(game, seat, (skip or ends or legal)[0])
        for e in game.events[before:]:
            if e.type == "DemandPlaced":
                seen[game.state.round] = seen.get(game.state.round, 0) + 1
    assert seen == {3: 1, 5: 1}
