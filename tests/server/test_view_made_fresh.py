"""The seats' views of a seq, made the server's cheaper way, are the ones made from scratch
(``docs/performance.md``, The levers: ``engine/venus/view.py``, ``server/frames.py``).

The server's way: ``frames.view_message`` per link kind and committed seq, the public part
made once with the prompt the game asked once per seq (``Game.pending()``), the "?" boxes'
and spied markers' dicts shared from one table of marker views (``view.marker_view``). From
scratch: ``ruleset.view`` with that table emptied and the prompt asked of the state itself,
and each part the way pydantic writes it (``model_dump``), a player's Net Worth summed anew
(13.1, 16.4) and his Forts picked out of the map's (15.1). Random legal play of both editions
with and without the optional rules, with take-backs, whole moves (``MoveAlong``), refused
commands (a command refused half-way rebuilds the state in place) and a sandbox start
(``engine.venus.scenario``), at every seq, for every seat, the spectator and the host: the
same bytes. Also the acting seat's legal commands (one shared object per command,
written once) and extras (the market's price list and buy checks shared with the legal
commands) are made from scratch too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.kernel import SPECTATOR, BadCommand, Game, RuleError, takeback
from engine.venus import commands, trading
from engine.venus import commands as c
from engine.venus import takeback as barriers
from engine.venus import view as views
from engine.venus.legal import pending, waits_for
from engine.venus.pieces import deed_values
from engine.venus.scenario import start
from engine.venus.state import VenusState
from engine.venus.winning import occupied
from server import frames as fr
from server.entries import Entry
from server.rulesets import hosted
from tests.engine.venus.movekit import random_command

# a game is 60 to 300 seqs, each checked for six links: a dozen games compare thousands of
# messages (both editions, with and without the optional rules, two to four seats)
SETTINGS = settings(max_examples=12, deadline=None,
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
            assert shown.get("spied", {}) == {d: m.model_dump(exclude_none=True)
                                      for d, m in p.spied.items()
                                      if not state.qboxes[d].face_up}
    return dict(view)


class PlainShop:
    """``trading.Shop`` as each caller made it before it was shared: the prices asked
    here, every item's check (``buy_problem``) asking them again."""

    def __init__(self, state: VenusState, board: Any, seat: int, culture: str) -> None:
        self.culture = culture
        self.offered = trading.prices(state, board, seat, culture)
        self.problem = lambda item: trading.buy_problem(state, board, seat, item)


def acting_from_scratch(entry: Entry, viewer: int) -> tuple[list[Any], dict[str, Any]]:
    """``viewer``'s legal commands and extras with nothing shared: every
    command a new object (``commands.made``'s table emptied) written by pydantic itself (not
    ``frames._dump``'s table), the extras outside any ``look.one_look`` (the market asks
    its own prices and checks), the take-back offered as ``takeback.offer`` decides with the
    prompt asked of the state. The shared tables are put back after, as they were."""
    state = entry.game.state
    prompt = pending(state)
    acting = prompt is not None and viewer != SPECTATOR and viewer in prompt.seats \
        and not entry.finished
    for seat in range(len(state.players)):
        assert waits_for(state, seat) == (prompt is not None and seat in prompt.seats)
    if not acting:
        return [], {}
    made, dumped, shop = dict(commands._MADE), dict(fr._DUMPED), trading.shop
    commands._MADE.clear()
    fr._DUMPED.clear()
    trading.shop = PlainShop  # type: ignore[assignment]
    try:
        listed = list(RULES.legal_actions(state, viewer))
        legal = [cmd.model_dump(mode="json") for cmd in listed]
        extras = VENUS.extras(state, viewer)
    finally:
        commands._MADE.update(made)
        fr._DUMPED.update(dumped)
        trading.shop = shop
    offered = list(takeback.offer(state, viewer, prompt, enabled=barriers.enabled(state)))
    assert [cmd for cmd in listed if cmd.type == "TakeBack"] == offered
    return legal, extras


def check_every_link(entry: Entry) -> None:
    """Each link's ``view`` message, as the server sends it, byte for byte the one whose view,
    legal commands and extras are made from scratch."""
    state = entry.game.state
    for viewer, role in LINKS:
        # the push's bytes first (as ``pushes.seat_frames`` asks), then the text and GET /view's
        encoded = fr.view_bytes(entry, viewer, role)
        sent = fr.view_message(entry, viewer, role)
        legal, extras = acting_from_scratch(entry, viewer)
        fresh = from_scratch(state, viewer)
        got = fr.view_body(entry, viewer, role)
        assert got["view"] == fresh  # the plain view: no written parts (Fragments) in it
        body = {**got, "view": fresh, "legal": legal, "extras": extras}
        assert sent == fr.HEAD + fr.dumps(body)[1:], f"seq {entry.seq}, {role} {viewer}"
        assert encoded == sent.encode()
        assert fr.view_json(entry, viewer, role) == fr.dumpb(body)


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


def _command_tables_are_what_they_show() -> None:
    """The shared commands and their JSON forms are read only: each command still is the
    value it was made for, each written form still its command's dump."""
    for (cls, *fields), cmd in commands._MADE.items():
        assert type(cmd) is cls and cmd == cls(**dict(fields))
    for key, (cmd, shown) in fr._DUMPED.items():
        assert key == id(cmd) and shown == cmd.model_dump(mode="json")


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
    _command_tables_are_what_they_show()


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


def test_the_parts_no_seat_changes_are_written_once_while_they_stay() -> None:
    """The public parts ``seat_view`` leaves as they are (``view.PUBLIC_PARTS``: options,
    hidden cultures, "?" boxes, market) go into the seats' messages as their JSON, written
    once and kept while the ruleset's kept part is the same object: across seqs that leave
    the part as it was, the same ``orjson.Fragment``; a part the state changed written anew;
    each one's bytes those of the part made from scratch."""
    assert getattr(RULES, "public_parts", None) == views.PUBLIC_PARTS
    game = Game.start(RULES, {"edition": "avalon-hill"}, ["A", "B", "C", "D"], seed=3)
    entry = Entry("g", VENUS, game, "playing", set(), None, 0, committed=game.seq)
    rng = __import__("random").Random(3)
    last: dict[str, tuple[Any, Any]] = {}
    kept_again = written_again = 0
    for _ in range(150):
        for seat in range(4):
            fr.view_bytes(entry, seat, "seat")
        fresh = views.public_view(game.state)
        known = game.views_kept["json"]  # type: ignore[index]
        for key in views.PUBLIC_PARTS:
            if not fresh[key]:
                continue
            source, written, digest = known[key]
            assert orjson.dumps(written) == orjson.dumps(fresh[key]), key
            assert (key, digest) in (entry.frames.parts or ())
            was = last.get(key)
            if was is not None:
                if was[0] == fresh[key]:
                    assert written is was[1], f"{key} unchanged: its JSON kept"
                    kept_again += 1
                else:
                    assert written is not was[1]
                    written_again += 1
            last[key] = (fresh[key], written)
        p = entry.pending()
        if p is None:
            break
        game.play(p.seats[0], random_command(game.state, p.seats[0], p, rng.randrange(10**6)))
        entry.committed = game.seq
    assert kept_again > 100 and written_again > 0


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


def test_the_legal_commands_never_ask_the_prompt_for_the_take_back_offer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``legal_actions`` offers ``TakeBack`` when the seat has a command of its own to take
    back (``takeback.point``) and the game waits for it (``legal.waits_for``), without
    making the prompt (the server asked ``Game.pending()`` for this seq already)."""
    from engine.venus import legal as venus_legal

    game = Game.start(RULES, {"edition": "avalon-hill"}, ["A", "B", "C", "D"], seed=9)
    seat = pending(game.state).seats[0]  # type: ignore[union-attr]
    assert takeback.point(game.state, seat) is None  # nothing played yet
    asked = _count_pending(monkeypatch, venus_legal)
    listed = list(RULES.legal_actions(game.state, seat))
    assert asked == [] and listed and all(cmd.type != "TakeBack" for cmd in listed)
    while game.state.stage == "choose_race":
        seat = game.state.race_queue[0]
        game.play(seat, next(iter(RULES.legal_actions(game.state, seat))))
    seat = game.state.turn.seat
    heading = next(cmd for cmd in RULES.legal_actions(game.state, seat)
                   if cmd.type == "DeclareHeading")
    game.play(seat, heading)
    assert takeback.point(game.state, seat) is not None  # his own heading, before the roll
    asked.clear()
    listed = list(RULES.legal_actions(game.state, seat))
    assert asked == [] and listed[-1].type == "TakeBack"
    assert not any(cmd.type == "TakeBack" for cmd in RULES.legal_actions(game.state, seat + 1))


def test_a_legal_command_is_one_object_per_value_and_written_once() -> None:
    """The same legal commands at two seqs (a heading declared, then another) are the same
    objects (``commands.made``), whose JSON form ``frames._dump`` writes once: the dict it
    gives again is the one it gave, equal to pydantic's own dump."""
    game = Game.start(RULES, {"edition": "avalon-hill"}, ["A", "B"], seed=3)
    while pending(game.state).prompt != "declare_heading":  # type: ignore[union-attr]
        seat = pending(game.state).seats[0]  # type: ignore[union-attr]
        game.play(seat, next(iter(RULES.legal_actions(game.state, seat))))
    seat = game.state.turn.seat
    before = list(RULES.legal_actions(game.state, seat))
    heading = next(cmd for cmd in before if cmd.type == "DeclareHeading")
    game.play(seat, c.DeclareHeading(dot=heading.dot))  # type: ignore[attr-defined]
    after = list(RULES.legal_actions(game.state, seat))
    kept = [cmd for cmd in after if cmd in before]
    assert kept and all(any(cmd is was for was in before) for cmd in kept)
    for cmd in kept:
        assert fr._dump(cmd) is fr._dump(cmd) == cmd.model_dump(mode="json")
    assert commands.made(c.MoveTo, dot="x", pilot=1) is commands.made(c.MoveTo, dot="x", pilot=1)
    assert commands.made(c.MoveTo, dot="x", pilot=1) != commands.made(c.MoveTo, dot="x", pilot=2)
    drives = commands.made(c.SetDrives, off=("x",))
    assert drives.off == ["x"] and drives == c.SetDrives(off=["x"])


def test_the_acting_seats_market_and_legal_commands_share_one_price_list_per_seq(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """9.2, 9.41: at a City, the trading seat's view asks the Culture's prices and each
    item's buy check once for its legal commands and its market panel together
    (``look.one_look``); made apart, each asks its own."""
    from tests.engine.venus.tradekit import at_city

    game = at_city("qossuth", cash=200)  # 12.4.1: not everything on sale is affordable
    entry = Entry("g", VENUS, game, "playing", set(), None, 0, committed=game.seq)
    asked: list[Any] = []
    real_prices, real_problem = trading.prices, trading.buy_problem

    def prices(*args: Any, **kw: Any) -> Any:
        asked.append("prices")
        return real_prices(*args, **kw)

    def problem(*args: Any, **kw: Any) -> Any:
        asked.append((args[3], args[4] if len(args) > 4 else kw.get("site")))  # item, site
        return real_problem(*args, **kw)

    monkeypatch.setattr(trading, "prices", prices)
    monkeypatch.setattr(trading, "buy_problem", problem)
    body = fr.view_body(entry, 0, "seat")
    assert body["extras"]["market"]["sells"] and body["extras"]["market"]["why"]
    assert any(cmd["type"] == "Buy" for cmd in body["legal"])
    items = [i for i in asked if i != "prices"]
    assert asked.count("prices") == 1 and len(items) == len(set(items)) > 1
    asked.clear()
    list(RULES.legal_actions(game.state, 0))
    VENUS.extras(game.state, 0)
    assert asked.count("prices") == 2  # apart: the legal commands' and the market's


def test_the_moving_seats_legal_commands_and_destinations_share_one_mover_per_seq(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """5.1, 6: during a move the acting seat's legal commands and its reachable destinations
    take one Mover for the seq (``look.one_look``), checked once against the state
    (``movement._made_of``); made apart, each checks its own."""
    from engine.venus import movement

    game = Game.start(RULES, {"edition": "avalon-hill"}, ["A", "B"], seed=4)
    while pending(game.state).prompt != "move":  # type: ignore[union-attr]
        seat = pending(game.state).seats[0]  # type: ignore[union-attr]
        listed = list(RULES.legal_actions(game.state, seat))
        game.play(seat, next((cmd for cmd in listed if cmd.type == "RollDice"), listed[0]))
    entry = Entry("g", VENUS, game, "playing", set(), None, 0, committed=game.seq)
    checked: list[int] = []
    real = movement._made_of

    def made_of(*args: Any) -> Any:
        checked.append(1)
        return real(*args)

    monkeypatch.setattr(movement, "_made_of", made_of)
    seat = game.state.turn.seat
    body = fr.view_body(entry, seat, "seat")
    assert body["extras"]["reachable"] and any(c["type"] == "MoveTo" for c in body["legal"])
    assert checked == [1]
    checked.clear()
    list(RULES.legal_actions(game.state, seat))
    VENUS.extras(game.state, seat)
    assert checked == [1, 1]
