"""Challenge cards ("Solo Challenge Game": Sort/Place Challenge Cards, Challenges,
Irreversible Effect)."""

from __future__ import annotations

from engine.kernel import Randomness
from engine.venus_standard import challenges
from engine.venus_standard.cards import challenge_cards
from engine.venus_standard.standing import Standing


def test_one_card_of_each_of_five_colours() -> None:
    rng = Randomness("solo", 1)
    drawn = challenges.draw_one_per_colour(rng.shuffled)
    assert len(drawn) == 5
    assert len({challenge_cards()[c].colour for c in drawn}) == 5
    rounds = [challenge_cards()[c].round for c in drawn]
    assert rounds == sorted(rounds)


def test_active_from_its_round_and_fees_add_up() -> None:
    cards = ["startup-loan", "pirate-season", "tycoon"]  # rounds 3, 8, 22
    assert challenges.active(cards, 2) == []
    assert challenges.active(cards, 8) == ["startup-loan", "pirate-season"]
    assert challenges.fee(cards, 8) == 15
    assert challenges.fee(cards, 30) == 35


def test_goals_met() -> None:
    cards = challenge_cards()
    rich = Standing(credits=150)
    assert challenges.met(cards["startup-loan"], rich, {})
    assert not challenges.met(cards["startup-loan"], Standing(credits=149), {})
    assert challenges.met(cards["first-steps"], Standing(), {"cultures_discovered": 3})
    assert challenges.met(cards["guild-exam"], Standing(pilot_level=2), {})
    assert challenges.met(cards["collector"], Standing(rewards=("a", "b", "c")), {})
    assert challenges.met(cards["pirate-season"], Standing(pirates_defeated=1), {})


def test_irreversible_effects_turn_a_dial_once() -> None:
    assert challenges.on_activation(challenge_cards()["sabotage"]) == {"dial": "laser",
                                                                        "by": -1}
    assert challenges.on_activation(challenge_cards()["pirate-season"]) is None
