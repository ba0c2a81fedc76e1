"""Random bots play the Movement phase on the standard board: every prompt of a move offers
a command and every offered command is accepted (the random bot plays any position), ships
leave Galactic Base and every move ends through the phase machine. Seeded games, 1-4
players, a few rounds each."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.bots.random_bot import UniformBot
from engine.kernel import Game, takeback
from engine.venus_standard.ruleset import ruleset
from engine.venus_standard.state import StandardState

ROUNDS = 6


def play(n: int, seed: str) -> tuple[Game[StandardState], Counter[str]]:
    game = Game.start(ruleset, {}, [f"p{i}" for i in range(n)], seed=seed)
    bots = [UniformBot(f"b{i}") for i in range(n)]
    seen: Counter[str] = Counter()
    while game.state.stage != "over" and game.state.round <= ROUNDS:
        now = ruleset.pending(game.state)
        assert now is not None
        seat = now.seats[0]
        legal = takeback.without(ruleset.legal_actions(game.state, seat))
        assert legal, f"prompt {now.prompt} offers nothing to seat {seat}"
        cmd = bots[seat].choose({}, legal, seat=seat, seq=game.seq)
        for ev in game.play(seat, cmd):  # a refused command raises here
            seen[ev.type] += 1
        turn = game.state.turn
        if turn is not None and turn.flight is not None:  # Move: never more than the value
            assert 0 <= turn.flight.spent <= turn.flight.movement_value
            assert len(turn.flight.dice) <= 4  # Additional Movement Rules
            assert len(turn.flight.boxes) <= game.state.player(turn.seat).pilot_level
    return game, seen


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_bots_move_land_and_are_never_refused(players: int) -> None:
    game, seen = play(players, f"move-{players}")
    assert seen["SpeedRolled"] and seen["ShipMoved"]
    assert seen["MoveEnded"] == seen["MovementEnded"]  # every move handed to the rounds
    assert any(p.space != game.state.players[0].space or p.came_from is not None
               for p in game.state.players)  # a ship left Galactic Base


def test_movement_view_reach_is_a_legal_move_for_the_mover() -> None:
    """The view's reach paths are accepted as MoveTo commands (the client sends them)."""
    from engine.kernel import Randomness
    from engine.venus_standard import helm_commands as m

    game = Game.start(ruleset, {}, ["a", "b"], seed="reach")
    for seat in game.state.order:
        game.play(seat, next(iter(ruleset.legal_actions(game.state, seat))))
    mover = game.state.turn.seat if game.state.turn else 0
    game.play(mover, m.RollSpeed())
    reach = ruleset.view(game.state, mover)["movement"]["reach"]
    assert reach
    for d in reach:
        events = ruleset.decide(game.state, mover, m.MoveTo(path=d["path"]),
                                Randomness("reach", 1))
        assert any(e.type == "ShipMoved" for e in events)


def test_reach_agrees_with_the_rules_over_bot_positions() -> None:
    """Every destination the view highlights is where ``MoveTo`` along its path takes the
    ship, when nothing on the way is left to chance (no hazard, encounter or pirate):
    landings end on the space, spent ends there with no point left."""
    from engine.kernel import Randomness
    from engine.venus_standard import helm_commands as m
    from engine.venus_standard.terrain import terrain_of

    checked = 0
    for seed in ("agree-1", "agree-2"):
        game = Game.start(ruleset, {}, ["a", "b", "c"], seed=seed)
        bots = [UniformBot(f"b{i}") for i in range(3)]
        while game.state.stage != "over" and game.state.round <= 4:
            now = ruleset.pending(game.state)
            assert now is not None
            seat = now.seats[0]
            turn = game.state.turn
            if turn is not None and turn.flight is not None and turn.flight.stage == "move" \
                    and turn.flight.wait is None and not game.state.asks:
                terrain = terrain_of(game.state)
                for d in ruleset.view(game.state, seat)["movement"]["reach"]:
                    kinds = {terrain.kind(s) for s in d["path"]}
                    if d["end"] not in ("land", "spent") or kinds & {
                            "laser_hazard", "shield_hazard", "piloting_hazard", "encounter",
                            "pirate", "telegate"}:
                        continue
                    state = ruleset.clone(game.state)
                    for ev in ruleset.decide(state, seat, m.MoveTo(path=d["path"]),
                                             Randomness("agree", checked)):
                        ruleset.apply(state, ev)
                    assert state.player(seat).space == d["space"], d
                    checked += 1
            legal = takeback.without(ruleset.legal_actions(game.state, seat))
            game.play(seat, bots[seat].choose({}, legal, seat=seat, seq=game.seq))
    assert checked  # not vacuous
