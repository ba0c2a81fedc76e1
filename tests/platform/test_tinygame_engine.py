"""Tiny Duel through the kernel and the registry alone (``engine.kernel``): the game the tests
install as a package of its own is found by the entry point, plays to its end with its bots,
replays, takes back, and keeps its hidden card hidden (rules in ``tinygame/__init__.py``)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.bots import act
from engine.kernel import SPECTATOR, Game, RuleError, fold, takeback
from engine.kernel.definition import OptionsRefused
from engine.kernel.registry import game, games

from .tinygame.definition import GAME
from .tinygame.ruleset import CARDS, TinyState

TINY = "tiny-duel"


def start(seed: str = "s1", **options: Any) -> Game[Any]:
    return Game.start(GAME.ruleset, options, ["Ann", "Bob"], seed)


def play_out(g: Game[Any], kinds: tuple[str, str] = ("tiny", "random")) -> None:
    bots = [GAME.make_bot(kind, i) for i, kind in enumerate(kinds)]
    while (p := g.pending()) is not None:
        seat = p.seats[0]
        command = act(bots[seat], GAME.ruleset, g.state, seat, g.seq)
        assert command is not None
        g.play(seat, command)


def test_the_entry_point_installs_the_game() -> None:
    assert game(TINY) is GAME and TINY in games()
    assert GAME.default_bot == "tiny" and GAME.players == (2, 2)


def test_rule_1_each_card_is_dealt_to_its_holder_only() -> None:
    g = start()
    dealt = [ev for ev in g.events if ev.type == "CardDealt"]
    assert [ev.audience.seats for ev in dealt] == [(0,), (1,)]
    for ev in dealt:
        other = 1 - ev.data["seat"]
        assert ev.redacted_for(other) == {"seq": ev.seq, "redacted": True, "type": "CardDealt"}
        assert ev.redacted_for(SPECTATOR).get("data") is None
    views = {v: GAME.ruleset.view(g.state, v) for v in (0, 1, SPECTATOR)}
    assert views[0]["players"][0]["card"] in CARDS and views[0]["players"][1]["card"] is None
    assert views[1]["players"][0]["card"] is None
    assert all(p["card"] is None for p in views[SPECTATOR]["players"])


@pytest.mark.parametrize("seed", ["a", "b", "c", "d"])
def test_the_bots_play_to_the_end_and_the_log_replays(seed: str) -> None:
    g = start(seed, rounds=3)
    play_out(g)
    assert g.pending() is None and g.state.winner in (0, 1)
    again = fold(GAME.ruleset, g.events)
    assert GAME.ruleset.dump_state(again) == GAME.ruleset.dump_state(g.state)
    loaded = GAME.ruleset.load_state(GAME.ruleset.dump_state(g.state))
    assert isinstance(loaded, TinyState) and loaded == g.state
    won = g.events[-1]
    assert won.type == "GameWon" and won.data["winner"] == g.state.winner
    points = [GAME.history_point(g.state, ev) for ev in g.events[-1:]]
    assert points[0] is not None and points[0]["scores"] == won.data["scores"]


def test_a_double_is_taken_back_until_the_die_is_rolled() -> None:
    """House rule, take-backs: Doubled is no barrier; the roll is."""
    g = start()
    r = GAME.ruleset
    before = r.dump_state(g.state)
    g.play(0, r.parse_command({"type": "Double"}))
    assert {"type": "TakeBack"} in [c.model_dump() for c in r.legal_actions(g.state, 0)]
    g.play(0, r.parse_command({"type": "TakeBack"}))
    assert g.events[-1].type == "TookBack" and r.dump_state(g.state) == before
    g.play(0, r.parse_command({"type": "Double"}))
    g.play(0, r.parse_command({"type": "Roll"}))
    assert "TakeBack" not in [c.type for c in r.legal_actions(g.state, 0)]
    with pytest.raises(RuleError):
        g.play(0, r.parse_command({"type": "TakeBack"}))
    assert takeback.in_effect(g.events)[-2].type == "Doubled"


def test_rules_refuse_what_legal_actions_do_not_offer() -> None:
    g = start()
    r = GAME.ruleset
    with pytest.raises(RuleError, match="EndTurn"):
        g.play(0, r.parse_command({"type": "EndTurn"}))
    with pytest.raises(Exception, match="not a Tiny Duel command"):
        r.parse_command({"type": "Jump"})
    with pytest.raises(OptionsRefused):
        GAME.check_options({"rounds": 9})
    with pytest.raises(RuleError):
        Game.start(r, {}, ["solo"], "s")


def test_no_view_or_redacted_event_shows_a_card_before_its_reveal() -> None:
    """Every position of a whole game: what seat 1 and a spectator may read never holds seat
    0's card until it is revealed (and the other way round)."""
    g = start("leak", rounds=3)
    play_out(g, ("random", "random"))
    r = GAME.ruleset
    cards = [g.state.players[0].card, g.state.players[1].card]
    state = r.initial_state()
    for ev in g.events:
        r.apply(state, ev)
        for seat in (0, 1):
            for viewer in (1 - seat, SPECTATOR):
                if state.players and state.players[seat].revealed:
                    continue
                seen = json.dumps([r.view(state, viewer), ev.redacted_for(viewer)])
                assert f'"{cards[seat]}"' not in seen, (ev.seq, viewer)
