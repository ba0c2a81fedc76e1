"""Property tests over random legal play (DESIGN.md conventions; issue: replay and secrets).

Hypothesis drives random legal commands (``legal_actions``, plus ``MoveAlong`` paths from
the reachable query) through setup and movement, and checks that replay reproduces the
state exactly, that ``evolve`` never mutates its input, and that no view or redacted log
shows a seat a secret it has not seen.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.kernel import SPECTATOR, Event, Game, fold
from engine.venus.commands import MoveAlong
from engine.venus.reach import reachable
from engine.venus.ruleset import ruleset
from engine.venus.state import VenusState

SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def play_randomly(seed: int, players: int, choices: list[int]) -> Game[VenusState]:
    game = Game.start(ruleset, {"edition": "avalon-hill"}, [f"p{i}" for i in range(players)],
                      seed=seed)
    for pick in choices:
        pending = ruleset.pending(game.state)
        if pending is None:
            break
        actor = pending.seats[0]
        actions = list(ruleset.legal_actions(game.state, actor))
        assert actions, f"no legal action for the pending prompt {pending}"
        command = actions[pick % len(actions)]
        turn = game.state.turn
        if turn is not None and turn.phase == "move" and pick % 3 == 0:
            destinations = reachable(game.state)
            if destinations:
                d = destinations[pick % len(destinations)]
                command = MoveAlong(path=list(d.path), pilot=d.pilot)
        game.play(actor, command)
    return game


games = st.builds(
    play_randomly,
    seed=st.integers(0, 10**6),
    players=st.integers(2, 6),
    choices=st.lists(st.integers(0, 10**6), min_size=20, max_size=250),
)


@SETTINGS
@given(games)
def test_replay_reproduces_every_state(game: Game[VenusState]) -> None:
    """DESIGN "evolve": replaying the same events always yields the same state."""
    assert fold(ruleset, game.events) == game.state
    half = len(game.events) // 2
    head = fold(ruleset, game.events[:half])
    assert fold(ruleset, game.events[half:], head) == game.state
    again = [Event.model_validate_json(e.model_dump_json()) for e in game.events]
    assert fold(ruleset, again) == game.state


@SETTINGS
@given(games)
def test_evolve_does_not_mutate_its_input(game: Game[VenusState]) -> None:
    state = fold(ruleset, game.events[:-1])
    before = state.model_dump()
    ruleset.evolve(state, game.events[-1])
    assert state.model_dump() == before


@SETTINGS
@given(games)
def test_no_view_or_log_shows_another_seats_secret(game: Game[VenusState]) -> None:
    """3.2, 7.2, 8.45: hidden IOUs and face-down markers stay hidden but to who saw them."""
    state = game.state
    hidden_cultures = {s: c for s, c in state.iou_at.items() if s not in state.discovered}
    hidden_markers = {
        d: b.marker.model_dump(exclude_none=True)
        for d, b in state.qboxes.items()
        if not b.face_up and b.marker is not None
    }
    for viewer in [SPECTATOR, *range(len(state.players))]:
        view = ruleset.view(state, viewer)
        for path, key, value in _pairs(view):
            own = path[:2] == ("players", viewer)
            if key in hidden_cultures and value == hidden_cultures[key]:
                assert own and path[2] == "observed", (viewer, path)
            if key in hidden_markers and value == hidden_markers[key]:
                assert own and path[2] == "spied", (viewer, path)
        for entry, ev in zip(game.log_for(viewer), game.events, strict=True):
            assert entry["seq"] == ev.seq
            assert ("data" in entry) == ev.audience.admits(viewer)
    assert "seed" not in str(ruleset.view(state, SPECTATOR)["options"])


def _pairs(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any, Any]]:
    out: list[tuple[tuple[Any, ...], Any, Any]] = []
    if isinstance(node, dict):
        for k, v in node.items():
            out.append((path, k, v))
            out.extend(_pairs(v, (*path, k)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.extend(_pairs(v, (*path, i)))
    return out


@SETTINGS
@given(games)
def test_money_only_moves_between_players_and_bank(game: Game[VenusState]) -> None:
    """6.3: penalties are paid to the Bank; nothing else creates or destroys money yet."""
    state = game.state
    n = len(state.players)
    start_cash = 20 * n * n if state.stage == "playing" or state.stage == "over" else 0
    paid = sum(e.data["amount"] for e in game.events if e.type == "PenaltyPaid")
    assert sum(p.cash for p in state.players) + paid == start_cash
