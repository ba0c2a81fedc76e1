"""Our Challenge cards in the solo challenge game ("Solo Challenge Game", "Challenges"):
every challenge can be measured, pirates defeated among them, and an active "pirates
stronger" card makes every pirate one stronger in an engagement."""

from __future__ import annotations

from engine.venus_standard import solo
from engine.venus_standard.cards import challenge_cards
from engine.venus_standard.cards_state import SeatCards
from engine.venus_standard.encounters import pirate_strength
from engine.venus_standard.state import Solo

from .cards_kit import table


def test_every_challenge_need_is_measured() -> None:
    assert {c.challenge.need for c in challenge_cards().values()} <= set(solo.NEEDS)


def test_pirate_season_is_met_by_a_defeated_pirate() -> None:
    game = table(1)
    assert not solo.met(game.state, "pirate-season", 0)
    game.state.cards.seats[0] = SeatCards(pirates_defeated=1)
    assert solo.met(game.state, "pirate-season", 0)


def test_an_active_pirate_season_makes_pirates_stronger() -> None:
    game = table(1)
    assert pirate_strength(game.state) == 0
    game.state.solo = Solo(cards=["pirate-season"], active=["pirate-season"])
    assert pirate_strength(game.state) == 1
