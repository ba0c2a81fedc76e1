"""Our Challenge cards in the solo challenge game ("Solo Challenge Game", "Challenges",
"Irreversible Effect"): every challenge can be measured, every card has an effect, none is
met by the setup alone, an active "pirates stronger" card makes every pirate one stronger in
an engagement, and the irreversible payments and fame losses happen once."""

from __future__ import annotations

from typing import Any

import pytest

from engine.kernel import Game
from engine.venus_standard import commands as c
from engine.venus_standard import solo
from engine.venus_standard.cards import challenge_cards
from engine.venus_standard.cards_state import SeatCards
from engine.venus_standard.encounters import pirate_strength
from engine.venus_standard.state import Solo, StandardState

from .cards_kit import table
from .kit import game_of, play, start


def test_every_challenge_need_is_measured() -> None:
    assert {c.challenge.need for c in challenge_cards().values()} <= set(solo.NEEDS)


def test_pirates_defeated_are_measured_by_what_the_cards_keep() -> None:
    game = table(1)
    assert solo.NEEDS["pirates_defeated"](game.state, 0, {}) == 0
    game.state.cards.seats[0] = SeatCards(pirates_defeated=1)
    assert solo.NEEDS["pirates_defeated"](game.state, 0, {}) == 1


def test_pirate_season_is_met_by_a_laser_of_four() -> None:
    """Ours: "Arm for the season: raise your laser to 4"."""
    game = table(1)
    game.state.player(0).laser = 3
    assert not solo.met(game.state, "pirate-season", 0)
    game.state.player(0).laser = 4
    assert solo.met(game.state, "pirate-season", 0)


def test_an_active_pirate_season_makes_pirates_stronger() -> None:
    game = table(1)
    assert pirate_strength(game.state) == 0
    game.state.solo = Solo(cards=["pirate-season"], active=["pirate-season"])
    assert pirate_strength(game.state) == 1


def test_every_challenge_card_has_an_effect() -> None:
    """"Challenges": "the effect on the card (usually a negative effect to the player)":
    every one of ours has one (a dial, a payment or fame tokens at once, or pirates made
    stronger while active)."""
    assert all(c.effect.kind != "none" for c in challenge_cards().values())


def test_no_challenge_is_met_by_the_setup_alone() -> None:
    """Solo Challenge Setup 10: c50 twice (c100) and the dial of step 12 meet no challenge:
    each asks for something done in play."""
    game = start(1, seed="hurdles", variant="solo-challenge", solo_picks=["c50", "c50"])
    play(game, 0, c.ChooseDial(dial="laser"))
    assert game.state.players[0].credits == 100
    assert [cid for cid in challenge_cards() if solo.met(game.state, cid)] == []


CARDS: dict[str, dict[str, Any]] = {
    "loan": {"id": "loan", "colour": "white", "round": 2, "fee": 5,
             "challenge": {"need": "credits", "at_least": 10_000},
             "effect": {"kind": "pay", "credits": 20, "irreversible": True}},
    "rumour": {"id": "rumour", "colour": "blue", "round": 2, "fee": 5,
               "challenge": {"need": "credits", "at_least": 10_000},
               "effect": {"kind": "fame", "by": -2, "irreversible": True}},
}


def _round_two(monkeypatch: pytest.MonkeyPatch, credits: int, fame: int
               ) -> Game[StandardState]:
    monkeypatch.setattr(solo, "challenge_cards", lambda: CARDS)
    game = game_of(players=[{"name": "Solo", "credits": credits, "fame": fame}], round=1,
                   table={"variant": "solo-challenge"},
                   state={"solo": {"cards": ["loan", "rumour"],
                                   "rounds": {"loan": 2, "rumour": 2},
                                   "fees": {"loan": 5, "rumour": 5}}})
    play(game, 0, c.SkipMovement())
    play(game, 0, c.EndPhase())
    play(game, 0, c.EndPhase())  # round 1 ends, round 2 begins
    return game


def test_an_irreversible_payment_and_fame_lost_as_the_card_becomes_active(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """"Irreversible Effect" (ours): c20 paid and two fame tokens returned once, when the
    cards become active at the start of their round; then the fees."""
    game = _round_two(monkeypatch, credits=100, fame=3)
    paid = [(e.data["delta"], e.data["reason"]) for e in game.events
            if e.type == "CreditsChanged"]
    assert paid[:2] == [(-20, "challenge:loan"), (-10, "challenge_fees")]
    assert game.state.players[0].fame == 1


def test_an_irreversible_payment_takes_what_the_player_has(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Like "Losing a Pirate Engagement", a payment never goes below none; fame the same;
    a round then begun without the fees loses the game ("Challenges")."""
    game = _round_two(monkeypatch, credits=15, fame=1)
    p = game.state.players[0]
    assert p.credits == 0 and p.fame == 0
    assert game.state.stage == "over"
