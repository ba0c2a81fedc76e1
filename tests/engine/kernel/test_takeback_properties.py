"""Take-backs over random bot games (house rule, ``engine.kernel.takeback``): wherever a
take-back is legal, taking it back gives exactly the state replayed to its rewind point;
replaying the whole log (or only the events still in effect, or from a copy taken between an
action and its taking back, as the server's timeline checkpoints do) gives the game's state; and
in Merchant of Venus money and markers are conserved (4.1, 13.3 small bank; 10.1, 2.7).
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.bots.random_bot import RandomBot
from engine.kernel import Game, Ruleset, TakeBack, fold, takeback
from engine.startraders.ruleset import ruleset as star_traders
from engine.venus.ruleset import ruleset as venus
from engine.venus_standard.ruleset import ruleset as venus_standard

SETTINGS = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def markers(state: Any) -> int:
    """Every Goods/Bonus marker of a Venus game: cup, cultures, ships, set aside."""
    return (len(state.cup) + len(state.aside) + sum(len(m) for m in state.market.values())
            + sum(len(p.goods) + len(p.fares) for p in state.players))


def play_with_takebacks(ruleset: Ruleset[Any], options: dict[str, Any], players: int,
                        seed: int, picks: list[int], check: Any = None) -> Game[Any]:
    """A random bot plays every seat; where a take-back is legal, ``picks`` decide whether
    the seat takes back (then the state must equal the log replayed to the rewind point)."""
    game = Game.start(ruleset, options, [f"p{i}" for i in range(players)], seed)
    bot = RandomBot(seed)
    took = 0
    for pick in picks:
        pending = ruleset.pending(game.state)
        if pending is None:
            break
        seat = pending.seats[0]
        if TakeBack() in list(ruleset.legal_actions(game.state, seat)) and pick % 3 == 0:
            (ev,) = game.play(seat, TakeBack())
            to_seq = ev.data["to_seq"]
            replayed = fold(ruleset, [e for e in game.events if e.seq <= to_seq])
            assert replayed == game.state, f"take-back to {to_seq} differs from the replay"
            # a checkpoint between the action and its taking back (the server's timeline):
            # a copy taken there and folded on gives the same state
            mid = fold(ruleset, [e for e in game.events if e.seq <= to_seq + 1])
            assert fold(ruleset, [e for e in game.events if e.seq > to_seq + 1],
                        ruleset.clone(mid)) == game.state
            took += 1
        else:
            command = bot.choose(ruleset, game.state, seat, game.seq)
            assert command is not None and command.type != "TakeBack"
            game.play(seat, command)
        if check is not None:
            check(game.state)
    assert fold(ruleset, game.events) == game.state
    assert fold(ruleset, takeback.in_effect(game.events)) == game.state
    snapshot = ruleset.load_state(ruleset.dump_state(game.state))
    assert snapshot == game.state  # the marks survive a snapshot
    return game


def venus_conserved(state: Any) -> None:
    if state.bank is not None:  # 13.3: the small Bank and the players hold all the money
        assert state.bank + sum(p.cash for p in state.players) == 12000
    if state.cup:
        assert len(state.cup) == 48 and markers(state) == 48 + 74 + 14  # 10.1, 2.7, 4.13


@SETTINGS
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4),
       picks=st.lists(st.integers(0, 10**6), min_size=50, max_size=300))
def test_venus_take_backs_equal_the_replay_and_conserve_money_and_markers(
        seed: int, players: int, picks: list[int]) -> None:
    play_with_takebacks(venus, {"small_bank": True, "game_length": 1000}, players, seed,
                        picks, venus_conserved)


@SETTINGS
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), advanced=st.booleans(),
       picks=st.lists(st.integers(0, 10**6), min_size=50, max_size=300))
def test_star_traders_take_backs_equal_the_replay(seed: int, players: int, advanced: bool,
                                                  picks: list[int]) -> None:
    play_with_takebacks(star_traders, {"advanced": advanced}, players, seed, picks)


@SETTINGS
@given(seed=st.integers(0, 10**6), players=st.integers(1, 4),
       variant=st.sampled_from(["standard", "light-speed", "epic"]),
       picks=st.lists(st.integers(0, 10**6), min_size=50, max_size=300))
def test_venus_standard_take_backs_equal_the_replay(seed: int, players: int, variant: str,
                                                    picks: list[int]) -> None:
    play_with_takebacks(venus_standard, {"variant": variant}, players, seed, picks)


def test_random_games_do_take_back() -> None:
    """The properties above are not vacuous: seeded games reach legal take-backs."""
    # a standard turn's thin phases are three commands: the picks must not stay in step
    for ruleset, options, picks in ((venus, {"small_bank": True}, range(0, 900)),
                                    (star_traders, {}, range(0, 900)),
                                    (venus_standard, {}, [i // 2 for i in range(1800)])):
        # the shortest prefix of the picks that takes back (the same seed plays the same
        # opening): every take-back refolds the log, so the whole list costs minutes
        for length in (60, 240, len(picks)):
            game = play_with_takebacks(ruleset, options, 3, 7, list(picks)[:length])
            if any(e.type == "TookBack" for e in game.events):
                break
        assert any(e.type == "TookBack" for e in game.events), ruleset.id
