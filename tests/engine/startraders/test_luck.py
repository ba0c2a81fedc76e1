"""Trader's Luck cards played at any moment, Calamities, the Avoid Calamity window as a
pending prompt, and the private reaction policy (Special Cards; Calamity Cards)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.kernel import Pending, RuleError
from engine.startraders.ruleset import ruleset

from .kit import asked, c, game_of, play, types


def _three(**over: dict[str, Any]) -> list[dict[str, Any]]:
    players: list[dict[str, Any]] = [{"name": "Ann"}, {"name": "Bob", "prestige": 10},
                                     {"name": "Cy"}]
    for i, spec in over.items():
        players[int(i[1:])].update(spec)
    return players


def test_a_player_plays_a_card_during_anothers_turn_stages_of_the_turn() -> None:
    """Cards can be played before, during and after each stage, by anyone: the kernel admits
    ``anytime`` seats besides the one it waits for."""
    game = game_of(players=_three(s2={"hand": ["disfavor-5"]}))  # disfavor-5: -3
    assert 2 in asked(game.state).anytime and asked(game.state).seats == (0,)
    play(game, 2, c.PlayCard(card="disfavor-5", target=1))
    assert game.state.players[1].prestige == 7 and game.state.players[2].hand == []
    assert "disfavor-5" in game.state.luck_discard


def test_kernel_pending_admits_anytime_seats() -> None:
    p = Pending(seats=(1,), prompt="move", anytime=(0, 1, 2))
    assert p.admits(0) and p.admits(1) and not p.admits(3)
    assert not Pending(seats=(1,), prompt="move").admits(0)


def test_avoid_calamity_window_asks_the_victim_avoid_calamity() -> None:
    """Avoid Calamity!: played immediately, the Calamity has no effect and both cards are
    discarded. The window is a pending prompt to the victim; the turn waits for it."""
    game = game_of(players=_three(s1={"hand": ["avoid-1"]}, s2={"hand": ["gotcha-1"]}))
    play(game, 2, c.PlayCard(card="gotcha-1", target=1))
    now = asked(game.state)
    assert now.seats == (1,) and now.prompt == "avoid_calamity"
    with pytest.raises(RuleError, match="not possible now"):
        play(game, 0, c.EndMovement())
    out = play(game, 1, c.AvoidCalamity(card="avoid-1"))
    assert "CalamityAvoided" in types(out)
    assert game.state.players[1].prestige == 10 and game.state.players[1].hand == []
    assert {"avoid-1", "gotcha-1"} <= set(game.state.luck_discard)
    assert asked(game.state).prompt == "move"


def test_gotcha_steals_two_prestige_or_what_she_has_gotcha() -> None:
    game = game_of(players=_three(s1={"prestige": 1, "policy": "ask"},
                                  s2={"hand": ["gotcha-2"]}))
    play(game, 2, c.PlayCard(card="gotcha-2", target=1))
    play(game, 1, c.PassReaction())
    assert (game.state.players[1].prestige, game.state.players[2].prestige) == (0, 2)


def test_policy_playable_passes_automatically_without_an_avoid_card() -> None:
    """"Pass unless I hold a card playable here": no Avoid Calamity, no question."""
    game = game_of(players=_three(s1={"hand": ["zap-1"]}, s2={"hand": ["disfavor-1"]}))
    out = play(game, 2, c.PlayCard(card="disfavor-1", target=1))
    assert types(out)[-3:-1] == ["ReactionPassed", "WindowClosed"]
    assert game.state.players[1].prestige == 8 and game.state.window is None


def test_policy_never_passes_even_holding_avoid_and_looks_like_a_chosen_pass() -> None:
    """An automatic pass and a chosen pass are the same public events."""
    auto = game_of(players=_three(s1={"hand": ["avoid-1"], "policy": "never"},
                                  s2={"hand": ["disfavor-1"]}))
    auto_out = play(auto, 2, c.PlayCard(card="disfavor-1", target=1))
    chosen = game_of(players=_three(s1={"hand": ["avoid-1"]}, s2={"hand": ["disfavor-1"]}))
    chosen_out = play(chosen, 2, c.PlayCard(card="disfavor-1", target=1))
    chosen_out += play(chosen, 1, c.PassReaction())
    public = [(e.type, e.data) for e in auto_out if e.audience.kind == "public"]
    assert public == [(e.type, e.data) for e in chosen_out if e.audience.kind == "public"]
    assert auto.state.players[1].prestige == chosen.state.players[1].prestige == 8


def test_reaction_policy_is_private() -> None:
    game = game_of(players=_three())
    [ev] = play(game, 1, c.SetReactionPolicy(policy="never"))
    hidden = ev.redacted_for(0)
    assert hidden["redacted"] and "type" not in hidden and "data" not in hidden  # nor type
    assert ev.redacted_for(1)["data"]["policy"] == "never"
    assert "policy" not in ruleset.view(game.state, 0)["players"][1]
    assert ruleset.view(game.state, 1)["players"][1]["policy"] == "never"


def test_imperial_favor_is_not_a_calamity_and_may_be_played_on_oneself() -> None:
    game = game_of(players=_three(s0={"hand": ["favor-5"]}))  # favor-5: +6
    out = play(game, 0, c.PlayCard(card="favor-5", target=0))
    assert "WindowOpened" not in types(out) and game.state.players[0].prestige == 7


def test_lose_a_station_spares_imperial_stations_and_the_insiders_capital() -> None:
    players = _three(s1={"personality": "insider"}, s2={"hand": ["lose-station-1"]})
    game = game_of(players=players, stations={66: 1, 25: 1, 13: 1},
                   imperial_stations=[13])
    for world in (66, 13):
        with pytest.raises(RuleError, match="Lose a Station"):
            play(game, 2, c.PlayCard(card="lose-station-1", target=1, world=world))
    play(game, 2, c.PlayCard(card="lose-station-1", target=1, world=25))
    assert 25 not in game.state.stations and game.state.stations[66] == 1


def test_lose_a_cargo_names_a_carried_cargo_not_imperial() -> None:
    game = game_of(players=_three(s1={"hold": ["Fur", "imperial"], "mission": 20},
                                  s2={"hand": ["lose-cargo-1"]}))
    with pytest.raises(RuleError, match="Lose a Cargo"):
        play(game, 2, c.PlayCard(card="lose-cargo-1", target=1, cargo="imperial"))
    play(game, 2, c.PlayCard(card="lose-cargo-1", target=1, cargo="Fur"))
    assert game.state.players[1].hold == ["imperial"]


def test_hero_gains_a_prestige_for_avoid_calamity_personalities() -> None:
    game = game_of(players=_three(s1={"hand": ["avoid-2"], "personality": "hero"},
                                  s2={"hand": ["disfavor-1"]}))
    play(game, 2, c.PlayCard(card="disfavor-1", target=1))
    play(game, 1, c.AvoidCalamity(card="avoid-2"))
    assert game.state.players[1].prestige == 11


def test_window_cards_are_refused_outside_their_window_naming_the_rule() -> None:
    """Zap, You Are Lost and Avoid Calamity are played in their reaction windows only."""
    game = game_of(players=_three(s2={"hand": ["zap-1", "lost-1"]}))
    for card in ("zap-1", "lost-1"):
        with pytest.raises(RuleError, match="not playable at any time"):
            play(game, 2, c.PlayCard(card=card, target=1))
