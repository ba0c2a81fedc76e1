"""Bots for Star Traders: the shared ``random`` bot and the ``star-trader``; the simulator."""

from __future__ import annotations

import json

import pytest

from engine.bots.simulate import BotGames
from engine.cli import main
from engine.startraders.definition import GAME
from tests.bots.openings import log_digest, opening

play_game = BotGames(GAME).play_game


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_trader_bots_finish_without_stall_or_refused_command(n: int) -> None:
    result = play_game(["star-trader"] * n, seed=f"bots{n}")
    assert not result.stalled and result.fallbacks == 0
    assert result.reason == "mission" and result.winner is not None


def test_trader_bots_finish_the_advanced_game() -> None:
    result = play_game(["star-trader"] * 5, seed="adv", options={"advanced": True})
    assert result.reason == "imperial-chain" and result.fallbacks == 0


def test_the_trader_beats_the_random_bot() -> None:
    """The uniform random bot (shared with Merchant of Venus) plays legal commands only; the
    trader wins against it."""
    result = play_game(["star-trader", "random"], seed="duel", max_rounds=120)
    assert result.fallbacks == 0 and result.winner == 0


def test_the_server_bot_registry_knows_the_star_trader() -> None:
    assert GAME.make_bot("star-trader", "s").name == "trader"


def test_simulate_prints_the_same_json_as_venus(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "star-traders", "--players", "3", "--games", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 2 and out["stalls"] == 0 and out["fallbacks"] == 0
    assert set(out["win_rate_by_personality"]) <= {"navigator", "psychic", "lucky-lou",
                                                   "negotiator", "engineer", "insider", "hero"}
    assert {"rounds", "win_rate_by_seat", "games_detail"} <= set(out)


def test_the_trader_accepts_fair_offers_and_declines_poor_ones() -> None:
    """Trades and Deals: the trader answers offers "sensibly" by its price list."""
    from engine.startraders import commands as c
    from engine.startraders.bot import StarTrader
    from engine.startraders.ruleset import ruleset
    from engine.startraders.scenario import start
    from engine.startraders.state import Bundle

    game = start({"players": [{"name": "Ann", "world": 25}, {"name": "Bot", "world": 25}],
                  "stations": {"13": 1}})
    game.play(0, c.OfferDeal(to=1, give=Bundle(stellors=20), get=Bundle(stations=[13])))
    game.play(0, c.OfferDeal(to=1, give=Bundle(stellors=5), get=Bundle(stations=[13])))
    bot = StarTrader("s")
    for expected in (True, False):
        legal = list(ruleset.legal_actions(game.state, 1))
        cmd = bot.choose(ruleset.view(game.state, 1), legal, seat=1, seq=game.seq)
        assert isinstance(cmd, c.AnswerDeal) and cmd.accept is expected
        game.play(1, cmd)
    assert game.state.stations[13] == 0 and game.state.offers == []


def test_the_trader_heads_for_a_completed_contract_it_may_deliver_dropping_off() -> None:
    """Dropping Off: a cargo held with a right-to-deliver marker is delivered to its
    Completed Contract; the trader plans the trip (a bot that only looked at Current
    Contracts sat on such a cargo for ever: a stalled game)."""
    from engine.startraders.bot import StarTrader, route_costs
    from engine.startraders.ruleset import ruleset
    from engine.startraders.scenario import start

    game = start({"players": [{"name": "Ann", "world": 56, "hold": ["Robots"]},
                              {"name": "Bob", "world": 42}],
                  "contracts": [1, 8], "completed": [{"contract": 4, "rights": {0: 1}}]})
    view = ruleset.view(game.state, 0)
    dist, _ = route_costs(view, 0, 56)
    assert StarTrader("s")._goal(view, 0, dist) == 15  # Robots to Jaxin (contract 4)


def test_the_random_bot_never_drops_out_and_games_against_it_last() -> None:
    """Dropping Out is never forced by the rules: the game's ``random`` bot (the uniform bot
    with the game's one preference) never picks it, so its games are not over in the first
    rounds by a random exit."""
    from engine.startraders import commands as c
    from engine.startraders.bot import RandomTrader
    from engine.startraders.ruleset import ruleset
    from engine.startraders.scenario import start

    game = start({"players": [{"name": "Ann"}, {"name": "Bob"}]})
    legal = list(ruleset.legal_actions(game.state, 1))
    assert c.DropOut() in legal
    picks = {RandomTrader(s).choose({}, legal, seat=1, seq=game.seq).type for s in range(300)}
    assert "DropOut" not in picks
    result = play_game(["random"] * 3, seed="rnd", max_rounds=4)
    assert result.reason != "last-trader" and result.rounds >= 4


def _log_digest(players: int, seed: str, options: dict[str, object],
                commands: int = 600) -> tuple[int, str, set[str]]:
    """The event log of ``commands`` commands of trader bots: its length, a digest of it and
    the event types in it."""
    game = opening("star-traders", commands, seed, players, options)
    return game.seq, log_digest(game), {ev.type for ev in game.events}


def test_a_fixed_seed_game_of_trader_bots_has_the_same_event_log() -> None:
    """The engine's and the trader's speed-ups change no choice and no event: the logs of
    two seeded games (5 players, through an accepted deal; advanced with every Personality)
    are the ones they were before them (a change of the rules or of the bot's play changes
    these digests on purpose)."""
    seq, digest, kinds = _log_digest(5, "pinned", {}, commands=450)
    assert (seq, digest) == (762, "1d845b31dd0f1a3bd1c1")
    assert {"DealOffered", "DealAccepted", "WindowOpened", "ContractDelivered"} <= kinds
    seq, digest, _ = _log_digest(4, "pinned-adv", {"advanced": True, "personalities": "all"})
    assert (seq, digest) == (1087, "d89db53623640a1e3adc")


def test_the_trader_weighs_each_route_once_per_view() -> None:
    """The plan and the goal ask the routes from each contract's pick-up again: within one
    view they are made once (the same answer as ``route_costs``); a new view makes them
    again (the stations it shows may differ)."""
    from engine.startraders.bot import StarTrader, route_costs
    from engine.startraders.ruleset import ruleset
    from engine.startraders.scenario import start

    game = start({"players": [{"name": "Ann", "world": 56}, {"name": "Bob", "world": 42}]})
    view = ruleset.view(game.state, 0)
    bot = StarTrader("s")
    routes = bot._routes(view, 0, 56)
    assert routes == route_costs(view, 0, 56) and bot._routes(view, 0, 56) is routes
    mine = {**view, "stations": {"55": 0, "57": 0}}
    assert bot._routes(mine, 0, 56) == route_costs(mine, 0, 56) != routes


@pytest.mark.parametrize(("prestige", "stellors", "trader", "searching"), [
    (15, 30, False, True),  # the search's own seat petitions as soon as it may
    (15, 29, False, False),  # ... with the price of a granted roll but the dearest
    (14, 90, False, False),  # Winning the Game: 15 Prestige to petition
    (20, 40, True, True),  # the trader at +1 on the Petition Table with 40 Stellors
    (25, 0, True, True),  # ... and at +2, where every roll is granted
])
def test_when_the_trader_and_the_search_s_own_seat_petition_petitioning(
        prestige: int, stellors: int, trader: bool, searching: bool) -> None:
    """Petitioning: the trader waits for the Petition Table's +1 or +2 area; the search
    levels' own seat (``StarTrader.searching``) petitions from 15 Prestige with 30 Stellors:
    in 600 four-player games of traders, one seat petitioning so won 34%, the others 26%
    (``docs/bots.md``, "Four players in Star Traders")."""
    from engine.startraders import commands as c
    from engine.startraders.bot import StarTrader
    from engine.startraders.ruleset import ruleset
    from engine.startraders.scenario import start

    game = start({"players": [{"name": "Ann", "world": 12, "prestige": prestige,
                               "stellors": stellors}, {"name": "Bob"}]})
    game.play(0, c.EndMovement())
    legal = list(ruleset.legal_actions(game.state, 0))
    view = ruleset.view(game.state, 0)
    for bot, petitions in ((StarTrader("s"), trader), (StarTrader.searching("s"), searching)):
        cmd = bot.choose(view, legal, seat=0, seq=game.seq)
        assert (cmd == c.Petition()) is petitions, (bot.eager, cmd)
