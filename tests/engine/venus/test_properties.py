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

from engine.kernel import SPECTATOR, Event, Game, Randomness, fold
from engine.venus.commands import MoveAlong
from engine.venus.pieces import bonus_markers, factory_goods_markers, goods_markers
from engine.venus.reach import reachable
from engine.venus.ruleset import ruleset
from engine.venus.state import VenusState

from .greedy import Greedy

SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def play_randomly(
    seed: int, players: int, choices: list[int], small_bank: bool = False
) -> Game[VenusState]:
    """Random legal commands, every other one from the greedy merchant (so that the games
    trade, sell, build and win, not only wander)."""
    game = Game.start(ruleset, {"edition": "avalon-hill", "small_bank": small_bank,
                                "game_length": 1000},
                      [f"p{i}" for i in range(players)], seed=seed)
    bot = Greedy()
    for pick in choices:
        pending = ruleset.pending(game.state)
        if pending is None:
            break
        actor = pending.seats[0]
        actions = list(ruleset.legal_actions(game.state, actor))
        assert actions, f"no legal action for the pending prompt {pending}"
        command = actions[pick % len(actions)]
        if pick % 2 == 0 and game.state.stage == "playing":
            command = bot.choose(game.state, actor)
        turn = game.state.turn
        if turn is not None and turn.phase == "move" and pick % 6 == 3:
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
    choices=st.lists(st.integers(0, 10**6), min_size=20, max_size=400),
    small_bank=st.booleans(),
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


PAID_TO_BANK = {"PenaltyPaid": "amount", "Bought": "cash"}
PAID_BY_BANK = {"Sold": "paid", "CommissionPaid": "amount", "FareDelivered": "paid",
                "Jettisoned": "paid"}


@SETTINGS
@given(games)
def test_money_is_conserved(game: Game[VenusState]) -> None:
    """4.1, 12.4, 13.3: money only moves between the players and the Bank (and between
    players, 11.4): Bank plus players is constant; with an unlimited Bank the players' money
    is the stakes plus what the Bank paid less what it received."""
    state = game.state
    n = len(state.players)
    cash = sum(p.cash for p in state.players)
    if state.bank is not None:
        assert state.bank + cash == 12000
        assert state.bank >= 0
    stakes = 20 * n * n if any(e.type == "StakeGiven" for e in game.events) else 0
    flow = 0
    for e in game.events:
        if e.type in PAID_TO_BANK:
            flow -= e.data[PAID_TO_BANK[e.type]]
        elif e.type in PAID_BY_BANK:
            flow += e.data.get(PAID_BY_BANK[e.type], 0)
    assert cash == stakes + flow
    assert all(p.cash >= 0 for p in state.players)


@SETTINGS
@given(games)
def test_every_marker_is_in_exactly_one_place_and_the_cup_holds_48(
    game: Game[VenusState],
) -> None:
    """10.1, 2.7, 4.13: 48 markers always in the cup; every Goods, Factory Goods, Demand and
    Fare marker is in one place: the cup, a Culture, a ship, or set aside."""
    s = game.state
    if s.stage == "setup":
        return
    assert len(s.cup) == 48
    everywhere = list(s.cup) + list(s.aside) + [m for ms in s.market.values() for m in ms]
    everywhere += [m for p in s.players for m in [*p.goods, *p.fares]]
    full = list(bonus_markers(s.edition)) + list(factory_goods_markers())
    full += [m for ms in goods_markers(s.edition).values() for m in ms]
    assert sorted(everywhere) == sorted(full)
    for culture, site in s.factories.items():  # 2.542: one Factory per System
        assert f"deed:factory:{culture}" in s.players[site.owner].deeds
    owned = [d for p in s.players for d in p.deeds]
    assert len(owned) == len(set(owned)) == len(s.factories) + len(s.spaceports)


@SETTINGS
@given(games)
def test_legal_actions_are_accepted_by_decide(game: Game[VenusState]) -> None:
    """DESIGN "legal_actions": every command it yields, ``decide`` accepts."""
    pending = ruleset.pending(game.state)
    if pending is None:
        return
    for seat in pending.seats:
        for command in list(ruleset.legal_actions(game.state, seat))[:40]:
            ruleset.decide(game.state, seat, command, Randomness("x", 1))
