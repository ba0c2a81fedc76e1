"""Property tests over random legal play (``docs/architecture.md``, Conventions: replay
and secrets).

Hypothesis drives random legal commands (``legal_actions``, plus ``MoveAlong`` paths from
the reachable query) through setup and movement, and checks that replay reproduces the
state exactly, that ``evolve`` never mutates its input, and that no view or redacted log
shows a seat a secret it has not seen.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.kernel import SPECTATOR, Event, Game, Randomness, fold, takeback
from engine.venus.pieces import bonus_markers, factory_goods_markers, goods_markers
from engine.venus.ruleset import ruleset
from engine.venus.state import VenusState

from .greedy import Greedy
from .movekit import move_along_to_pick

SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def play_randomly(
    seed: int, players: int, choices: list[int], small_bank: bool = False,
    optional: bool = False, armed: bool = False,
) -> Game[VenusState]:
    """Random legal commands, every other one from the greedy merchant (so that the games
    trade, sell, build and win, not only wander). ``optional``: with the combat and Rastur
    rules (15, 16); ``armed``: from a scenario where every ship carries weapons, so that
    blasts, fire-backs, hits, thefts and Forts happen."""
    options = {"edition": "avalon-hill", "small_bank": small_bank, "game_length": 1000}
    if optional:
        options.update(combat=True, rastur=True, game_length=4000)
    if armed:
        game = _armed(seed, players, small_bank)
    else:
        game = Game.start(ruleset, options, [f"p{i}" for i in range(players)], seed=seed)
    return _play(game, choices)


ARMED_DOTS = ["galactic-base", "jungle-planet.3", "polluted-planet.1", "polluted-planet.2",
              "galactic-base--colony-world.2", "polluted-planet.10"]
RACES = ["humans", "dell", "niks", "eeepeeep", "whynoms", "qossuth"]


def _armed(seed: int, players: int, small_bank: bool) -> Game[VenusState]:
    from engine.venus.scenario import start

    seats = [{"name": f"p{i}", "race": RACES[i], "cash": 400, "ship": "clipper",
              "dot": ARMED_DOTS[(seed + i) % len(ARMED_DOTS)],
              "equipment": ["laser", "nova_ball", "shield"], "relics": ["laser"] if i else [],
              "goods": ["goods:graw"] if i % 2 else []} for i in range(players)]
    return start({"players": seats, "options": {"combat": True, "rastur": True,
                                                "game_length": 4000},
                  "bank": 12000 - 400 * players if small_bank else None,
                  "discovered": ["polluted-planet", "jungle-planet"],
                  "spaceports": {"polluted-planet.1": 1, "jungle-planet.3": 0},
                  "forts": {"polluted-planet.10": 0}}, seed=seed)


def _play(game: Game[VenusState], choices: list[int]) -> Game[VenusState]:
    bot = Greedy()
    for pick in choices:
        pending = ruleset.pending(game.state)
        if pending is None:
            break
        actor = pending.seats[0]
        actions = list(ruleset.legal_actions(game.state, actor))
        assert actions, f"no legal action for the pending prompt {pending}"
        command = actions[pick % len(actions)]
        attacks = [a for a in actions if a.type in ("Blast", "Swindle", "Revolt")]
        if attacks and pick % 3 == 0:
            command = attacks[pick % len(attacks)]
        elif pick % 2 == 0 and game.state.stage == "playing":
            command = bot.choose(game.state, actor)
        if pending.prompt == "move" and pick % 6 == 3:
            command = move_along_to_pick(game.state, pick) or command
        game.play(actor, command)
    return game


games = st.builds(
    play_randomly,
    seed=st.integers(0, 10**6),
    players=st.integers(2, 6),
    choices=st.lists(st.integers(0, 10**6), min_size=20, max_size=400),
    small_bank=st.booleans(),
    optional=st.booleans(),
    armed=st.booleans(),
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


PAID_TO_BANK = {"PenaltyPaid": "amount", "Bought": "cash", "Theft": "cash"}
PAID_BY_BANK = {"Sold": "paid", "CommissionPaid": "amount", "FareDelivered": "paid",
                "Jettisoned": "paid", "Blasted": "paid"}


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
    scenario = [e for e in game.events if e.type == "ScenarioPosition"]
    if scenario:
        stakes = sum(p["cash"] for p in scenario[0].data["position"]["players"])
    flow = 0
    for e in takeback.in_effect(game.events):  # money taken back never moved
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


@SETTINGS
@given(games)
def test_every_rastur_and_fort_is_in_one_place(game: Game[VenusState]) -> None:
    """16.1, 16.3, 17.3: every Rastur of the game is in the Active pool, on the map, in the
    drawing player's hand, in the Reserve or the Transit Box; 15.11, 15.12: at most four
    Forts a player, one per dot, never on the Galactic Base or under a Rastur."""
    s = game.state
    pooled = [e for e in game.events if e.type == "RasturPooled"]
    if pooled:
        first = pooled[0].data
        start = sorted([*first["active"], *first["reserve"], *first.get("map", {}).values(),
                        *([first["transit"]] if first.get("transit") else [])])
        now = [*s.rastur_pool, *s.rastur_reserve, *s.rastur.values()]
        now += [v for v in (s.transit, s.rastur_hand) if v is not None]
        drawn_at_end = s.end is not None and s.end.get("reason") == "rastur"
        assert sorted(now) == start or drawn_at_end
    for seat in range(len(s.players)):
        assert sum(1 for o in s.forts.values() if o == seat) <= 4
    assert "galactic-base" not in s.forts
    for p in s.players:  # 15.431: damaged pieces are pieces the ship carries
        for key in set(p.damaged):
            assert p.damaged.count(key) <= p.equipment.count(key)
