"""The search levels' worth of a Trader's Luck card in hand (``engine/startraders/search.py``,
``card_worth``). A playout ends with the turn being played, so a card kept for the seat's own
turn is never seen played there: counted as a re-roll alone, an Imperial Favor was worth more
played in any other Trader's window, and the search levels spent their cards there. A card
the trader plays on its own turn (Imperial Favor on itself, Imperial Disfavor and Gotcha on
the Prestige leader) now counts as played; any other as a re-roll (Re-Rolls)."""

from __future__ import annotations

import pytest

from engine.startraders.scenario import start
from engine.startraders.search import REROLL, card_worth, evaluate, progress
from engine.startraders.state import StarState


def _position(ann: int, bob: int, hand: list[str], cyd: int | None = None) -> StarState:
    players = [{"name": "Ann", "world": 66, "prestige": ann, "hand": hand},
               {"name": "Bob", "world": 42, "prestige": bob}]
    if cyd is not None:
        players.append({"name": "Cyd", "world": 24, "prestige": cyd})
    return start({"players": players}).state


def test_an_imperial_favor_in_hand_counts_the_prestige_it_brings() -> None:
    """Imperial Favor (+6) held at 6 Prestige is worth what it is played: 12 Prestige."""
    held = _position(6, 8, ["favor-5"])
    played = _position(12, 8, [])
    assert progress(held, 0) == pytest.approx(progress(played, 0))
    assert evaluate(held, 0) == pytest.approx(evaluate(played, 0))


def test_a_disfavor_in_hand_counts_what_it_takes_from_the_leader() -> None:
    """Imperial Disfavor (-2) held against a leader at 12 is worth his fall to 10; played on
    a Trader behind him, it does less than kept."""
    held = _position(6, 12, ["disfavor-1"], cyd=4)
    on_leader = _position(6, 10, [], cyd=4)
    on_the_last = _position(6, 12, [], cyd=2)
    assert evaluate(held, 0) == pytest.approx(evaluate(on_leader, 0))
    assert evaluate(on_the_last, 0) < evaluate(held, 0)


def test_a_card_the_trader_never_plays_is_a_re_roll_and_prestige_past_its_use_too() -> None:
    state = _position(6, 12, ["takeover-1", "favor-1"])
    assert card_worth(state, 0, "takeover-1") == REROLL
    assert card_worth(state, 0, "favor-1") > REROLL
    state.player(0).mission = 2  # Prestige no longer counts once the Mission is won
    assert card_worth(state, 0, "favor-1") == REROLL
