"""The seats' views of a seq, made the server's cheaper way, are the ones made from scratch
(issue 14, seventh round: ``engine/venus/view.py``, ``server/frames.py``).

The server's way: ``frames.view_message`` per link kind and committed seq, the public part
made once with the prompt the game asked once per seq (``Game.pending()``), the "?" boxes'
and spied markers' dicts shared from one table of marker views (``view.marker_view``). From
scratch: ``ruleset.view`` with that table emptied and the prompt asked of the state itself,
and each part the way pydantic writes it (``model_dump``), a player's Net Worth summed anew
(13.1, 16.4) and his Forts picked out of the map's (15.1). Random legal play of both editions
with and without the optional rules, with take-backs, whole moves (``MoveAlong``), refused
commands (a command refused half-way rebuilds the state in place) and a sandbox start
(``engine.venus.scenario``), at every seq, for every seat, the spectator and the host: the
same bytes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.kernel import SPECTATOR, BadCommand, Game, RuleError
from engine.venus import commands as c
from engine.venus import view as views
from engine.venus.legal import pending
from engine.venus.pieces import deed_values
from engine.venus.scenario import start
from engine.venus.state import VenusState
from engine.venus.winning import occupied
from server import frames as fr
from server.rulesets import hosted
from server.service import Entry
from tests.engine.venus.movekit import random_command

SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
OPTIONAL = {
    "avalon-hill": {"combat": True, "rastur": True, "small_bank": True},
    "classic-2012": {"fast_play": True, "small_bank": True},
}
LINKS = [(0, "seat"), (1, "seat"), (2, "seat"), (3, "seat"),
         (SPECTATOR, "spectator"), (SPECTATOR, "host")]
VENUS = hosted("venus")
RULES = VENUS.ruleset


def from_scratch(state: VenusState, viewer: int) -> dict[str, Any]:
    """``viewer``'s view with nothing reused: the marker table emptied, the prompt asked of
    the state; each part checked against pydantic's own dump of the state."""
    views._MARKERS.clear()
    view = RULES.view(state, viewer)
    prompt = pending(state)
    assert view["pending"] == (prompt.model_dump() if prompt else None)
    assert view["turn"] == (state.turn.model_dump() if state.turn else None)
    assert view["factories"] == {k: v.model_dump() for k, v in state.factories.items()}
    for dot, box in state.qboxes.items():
        if box.face_up and box.marker is not None:
            assert view["qboxes"][dot] == box.marker.model_dump(exclude_none=True)
    values = deed_values()
    for p, shown in zip(state.players, view["players"], strict=True):
        worth = p.cash + sum(values[d] for d in p.deeds
                             if not (state.rastur and occupied(state, d)))
        assert shown["net_worth"] == worth, "13.1, 16.4: money plus unoccupied Deeds"
        assert shown["forts"] == sorted(d for d, o in state.forts.items() if o == p.seat)
        if p.seat == viewer:
            assert shown["spied"] == {d: m.model_dump(exclude_none=True)
                                      for d, m in p.spied.items()
                                      if not state.qboxes[d].face_up}
    return dict(view)


def check_every_link(entry: Entry) -> None:
    """Each link's ``view`` message, as the server sends it, byte for byte the one whose view
    is made from scratch (the rest of the message, legal commands and extras, as it is)."""
    state = entry.game.state
    for viewer, role in LINKS:
        sent = fr.view_message(entry, viewer, role)
        body = {**fr.view_body(entry, viewer, role), "view": from_scratch(state, viewer)}
        assert sent == fr.HEAD + fr.dumps(body)[1:], f"seq {entry.seq}, {role} {viewer}"


def drive(game: Game[VenusState], picks: list[int],
          check: Callable[[Entry], None] = check_every_link) -> int:
    """Random play (as ``movekit.play_random``) through a server's ``Entry``, ``check`` at
    every seq; now and then a refused command first. The number of seqs checked."""
    entry = Entry("g", VENUS, game, "playing", set(), None, 0, committed=game.seq)
    checked = 0
    for pick in picks:
        check(entry)
        checked += 1
        p = entry.pending()
        if p is None:
            break
        actor = p.seats[0]
        if pick % 11 == 0:  # refused (perhaps half-way, in place): the state is rebuilt
            try:
                game.play(actor, c.MoveTo(dot="galactic-base"))
            except (RuleError, BadCommand):
                pass
            else:
                entry.committed = game.seq
                continue
        game.play(actor, random_command(game.state, actor, p, pick))
        entry.committed = game.seq
    check(entry)
    return checked


def _count_pending(monkeypatch: pytest.MonkeyPatch, module: Any) -> list[int]:
    """``module.pending`` wrapped to note each call: the list it appends a 1 to per call."""
    asked: list[int] = []
    real = module.pending

    def counting(state: VenusState) -> Any:
        asked.append(1)
        return real(state)

    monkeypatch.setattr(module, "pending", counting)
    return asked


def _marker_table_is_what_it_shows() -> None:
    """The shared marker dicts are read only: each still is its marker's dump."""
    for (_, *fields), shown in views._MARKERS.items():
        names = list(views.Marker.model_fields)
        marker = views.Marker(**dict(zip(names, fields, strict=True)))
        assert shown == marker.model_dump(exclude_none=True)


@SETTINGS
@given(edition=st.sampled_from(sorted(OPTIONAL)), optional=st.booleans(),
       seats=st.integers(2, 4), seed=st.integers(0, 10**6),
       picks=st.lists(st.integers(0, 10**6), min_size=60, max_size=300))
def test_every_link_sees_the_view_made_from_scratch_at_every_seq(
        edition: str, optional: bool, seats: int, seed: int, picks: list[int]) -> None:
    options = {"edition": edition, "game_length": 4000, **(OPTIONAL[edition] if optional else {})}
    game = Game.start(RULES, options, [f"p{i}" for i in range(seats)], seed=seed)
    assert drive(game, picks) >= 1
    _marker_table_is_what_it_shows()


@SETTINGS
@given(picks=st.lists(st.integers(0, 10**6), min_size=10, max_size=60))
def test_a_sandbox_start_too(picks: list[int]) -> None:
    """A scenario writes its position in one event (Forts of two owners, the Rastur, face-up
    markers of the same kind on two boxes, a seat's observations): the same views."""
    game = start({
        "players": [{"name": "Ann", "race": "humans", "cash": 300},
                    {"name": "Bob", "race": "dell", "cash": 250},
                    {"name": "Cy", "cash": 120}],
        "options": {"combat": True, "rastur": True},
        "cultures": {"polluted-planet": "qossuth"}, "observed": {1: {"polluted-planet": "qossuth"}},
        "qboxes": {"jungle-planet.8": {"kind": "telegate", "number": 6, "face_up": True},
                   "polluted-planet.9": {"kind": "telegate", "number": 6, "face_up": True}},
        "forts": {"polluted-planet.10": 1, "polluted-planet.1": 0},
        "rastur": {"polluted-planet.2": 2},
    })
    assert drive(game, picks) >= 1
    shown = views.public_view(game.state)["qboxes"]
    up = [shown[d] for d, b in game.state.qboxes.items() if b.face_up and b.marker]
    assert up, "the scenario's face-up markers"


def test_the_server_public_view_takes_the_prompt_the_game_asked(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``Game.pending()`` asks the ruleset once per seq; the public view the frames make
    takes that prompt instead of asking again (``SharedViews.public_view``'s ``prompt``)."""
    game = Game.start(RULES, {"edition": "avalon-hill"}, ["A", "B", "C", "D"], seed=5)
    entry = Entry("g", VENUS, game, "playing", set(), None, 0, committed=game.seq)
    asked = _count_pending(monkeypatch, views)
    for viewer, role in LINKS:
        fr.view_message(entry, viewer, role)
    assert asked == []
    assert views.public_view(game.state) == views.public_view(game.state, entry.pending())
    assert asked == [1]


def test_one_dict_per_distinct_marker_and_a_changed_marker_is_looked_up_anew() -> None:
    """Two boxes showing the same marker share one (read-only) dict; a marker whose fields
    differ gets its own, even the same object changed in place."""
    a = views.Marker(kind="penalty", color="red", amount=20)
    b = views.Marker(kind="penalty", color="red", amount=20)
    assert views.marker_view(a) is views.marker_view(b)
    assert views.marker_view(a) == {"kind": "penalty", "color": "red", "amount": 20}
    a.amount = 30
    assert views.marker_view(a) == {"kind": "penalty", "color": "red", "amount": 30}
    assert views.marker_view(b)["amount"] == 20


def test_the_legal_commands_ask_the_prompt_only_when_a_take_back_may_be_offered(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``legal_actions`` asks ``pending`` for the take-back offer only when the seat has a
    command of its own to take back (``takeback.point``); the commands are the same."""
    from engine.kernel import takeback
    from engine.venus import legal as venus_legal

    game = Game.start(RULES, {"edition": "avalon-hill"}, ["A", "B", "C", "D"], seed=9)
    seat = pending(game.state).seats[0]  # type: ignore[union-attr]
    assert takeback.point(game.state, seat) is None  # nothing played yet
    asked = _count_pending(monkeypatch, venus_legal)
    commands = list(RULES.legal_actions(game.state, seat))
    assert asked == [] and commands and all(cmd.type != "TakeBack" for cmd in commands)
