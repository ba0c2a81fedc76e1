"""The bots' deals (Trades and Deals; ``engine/startraders/trader_deals.py``): the trader
offers a deal when it helps it by more than it helps the other Trader, two a turn at most,
never one made already this turn; it refuses to sell what it needs; the search levels make
the heuristic's offer."""

from __future__ import annotations

from typing import Any

from engine.bots import act
from engine.bots.legal import LazyCommands
from engine.bots.search import Budget, SearchBot
from engine.kernel import Command, Game
from engine.startraders import commands as c
from engine.startraders.bot import StarTrader
from engine.startraders.definition import GAME
from engine.startraders.ruleset import ruleset
from engine.startraders.scenario import start
from engine.startraders.state import Bundle, StarState

# Contract 2: Stasis Cubes from 56 to 14 (the station there is paid 8); contract 5:
# Microtechnology from 41 to 55 (8 to the station)
CONTRACTS = [3, 2, 5]


def _game(hold: list[str], stations: dict[str, int], stellors: int = 40,
          bob: dict[str, Any] | None = None) -> Game[StarState]:
    return start({"players": [{"name": "Ann", "world": 66, "hold": hold, "stellors": stellors},
                              {"name": "Bob", "world": 42, **(bob or {})}],
                  "contracts": CONTRACTS, "stations": stations})


def _trader_plays(game: Game[StarState], seat: int = 0) -> Command:
    command = act(StarTrader("s"), GAME, game.state, seat, game.seq)
    assert command is not None
    return command


def _buy(world: int) -> c.OfferDeal:
    return c.OfferDeal(to=1, give=Bundle(stellors=12), get=Bundle(stations=[world]))


def test_the_trader_offers_to_buy_the_station_where_it_delivers() -> None:
    """Its Stasis Cubes go to 14, where Bob's station stands: the station would pay it the
    owner's share (8) and make its last jump a station jump; Bob, carrying nothing for 14,
    loses nothing by selling at the price list's 12, so the trader offers before it moves
    and Bob's trader accepts."""
    game = _game(["Stasis Cubes"], {"14": 1})
    offer = _trader_plays(game)
    assert offer == _buy(14)
    game.play(0, offer)
    answer = _trader_plays(game, 1)
    assert answer == c.AnswerDeal(offer=1, accept=True)
    game.play(1, answer)
    assert game.state.stations[14] == 0 and game.state.player(0).stellors == 28


def test_no_offer_when_no_deal_helps_and_the_deals_are_not_even_listed() -> None:
    """Bob's station stands at 13, where it delivers nothing, and it has money: no deal
    gains it anything, so it jumps on without making the list of deals it could offer."""
    def never() -> list[Command]:
        raise AssertionError("the deals were listed")

    game = _game(["Stasis Cubes"], {"13": 1})
    assert isinstance(_trader_plays(game), c.Jump)
    view = ruleset.view(game.state, 0)
    lazy = LazyCommands([((c.OfferDeal,), never)])
    from engine.startraders.trader_deals import offer
    assert offer(view, lazy, 0) is None


def test_a_refused_offer_is_not_made_again_and_two_offers_a_turn_at_most() -> None:
    """Two stations it delivers to, both Bob's: Bob refuses the first offer, then the
    second; the trader makes neither again this turn and offers nothing more (two a turn),
    so it moves on."""
    game = _game(["Stasis Cubes", "Microtechnology"], {"14": 1, "55": 1})
    made = []
    for _ in range(2):
        offer = _trader_plays(game)
        assert isinstance(offer, c.OfferDeal) and offer not in made
        made.append(offer)
        game.play(0, offer)
        game.play(1, c.AnswerDeal(offer=game.state.offers[0].id, accept=False))
    assert {o.get.stations[0] for o in made} == {14, 55}
    assert not isinstance(_trader_plays(game), c.OfferDeal)
    offered = ruleset.view(game.state, 0)["turn"]["offered"]
    assert [o["get"]["stations"] for o in offered] == [o.get.stations for o in made]


def test_the_turns_offers_are_told_to_their_two_parties_only() -> None:
    game = start({"players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}],
                  "stations": {"14": 1}})
    game.play(0, _buy(14))
    assert len(ruleset.view(game.state, 1)["turn"]["offered"]) == 1
    assert ruleset.view(game.state, 2)["turn"]["offered"] == []


def test_the_trader_refuses_to_sell_the_station_where_it_delivers() -> None:
    """Bob carries Stasis Cubes to 14, his own station: 12 Stellors are less than the
    station is worth to him (its share of his payoff, a sure last jump)."""
    game = _game([], {"14": 1}, bob={"hold": ["Stasis Cubes"]})
    game.play(0, _buy(14))
    assert _trader_plays(game, 1) == c.AnswerDeal(offer=1, accept=False)


def test_the_search_levels_make_the_heuristics_offer() -> None:
    """The heuristic's offer is the search's first candidate: it is played unless another
    candidate clearly beats it in the playouts."""
    game = _game(["Stasis Cubes"], {"14": 1})
    bot = SearchBot(GAME, "s", Budget(iterations=24, seconds=None, depth=8, candidates=3))
    assert act(bot, GAME, game.state, 0, game.seq) == _buy(14)


class _Recorder(StarTrader):
    """The trader, keeping what it played."""

    def __init__(self, seed: str) -> None:
        super().__init__(seed)
        self.played: list[Command] = []

    def choose(self, view: dict[str, Any], legal: Any, *, seat: int, seq: int,
               aid: Any = None) -> Command:
        command = super().choose(view, legal, seat=seat, seq=seq, aid=aid)
        self.played.append(command)
        return command


def test_a_playout_has_the_offer_answered_at_once() -> None:
    """In the search's playouts the Trader offered a deal answers it at once, as a bot seat
    does on the server (``GameDefinition.answering``), not on its own next turn: so the
    search sees what the deal does within the turn it plays out."""
    game = _game([], {"14": 1})
    bob = _Recorder("b")
    gift = c.OfferDeal(to=1, give=Bundle(stellors=5), get=Bundle())
    bot = SearchBot(GAME, "s", Budget(iterations=1, seconds=None, depth=4))
    bot.playout(ruleset, game.state, 0, game.seq, gift, {1: bob}, "w")
    assert bob.played[:1] == [c.AnswerDeal(offer=1, accept=True)]


def test_short_of_money_it_sells_a_station_it_can_spare() -> None:
    """Under 10 Stellors a Stellor is worth two to it, while it has three stations or more:
    it offers one at the price list's 12; with two it keeps them."""
    spare = _game([], {"13": 0, "15": 0, "16": 0}, stellors=5)
    sale = _trader_plays(spare)
    assert isinstance(sale, c.OfferDeal) and sale.get == Bundle(stellors=12)
    assert sale.give.stations and sale.give.stations[0] in (13, 15, 16)
    assert not isinstance(_trader_plays(_game([], {"13": 0, "15": 0}, stellors=5)), c.OfferDeal)


def _window_for_ann(stellors: int) -> Game[StarState]:
    """Bob's jump opens the Quarantine window, where Ann (asked) may react, holding three
    stations, none where anyone delivers."""
    game = start({"players": [{"name": "Ann", "world": 15, "stellors": stellors,
                               "policy": "ask"},
                              {"name": "Bob", "world": 66, "stellors": 47}],
                  "active": 1, "stations": {"24": 0, "64": 0, "15": 0}, "dice": [6]})
    game.play(1, next(a for a in ruleset.legal_actions(game.state, 1) if isinstance(a, c.Jump)))
    now = ruleset.pending(game.state)
    assert now is not None and now.prompt == "quarantine" and now.seats == (0,)
    return game


def test_the_search_levels_never_sell_a_station_the_trader_would_keep() -> None:
    """In a reaction window, with money, Ann's trader keeps her stations (a sale at the price
    list's 12 Stellors gains it nothing): the search levels weigh no such sale, so whatever
    the seed they never offer one (sampled, a sale beat passing in the short playouts of one
    seed of these)."""
    budget = Budget(iterations=40, seconds=None, depth=32, candidates=8)
    for i in range(12):
        game = _window_for_ann(23)
        bot = SearchBot(GAME, f"k{i}", budget)
        assert not isinstance(act(bot, GAME, game.state, 0, game.seq), c.OfferDeal)


def test_the_search_levels_weigh_the_sales_the_trader_would_offer() -> None:
    """Short of money (5 Stellors) with three stations, a sale helps the trader: the search
    levels weigh the sales of each station; with money, none."""
    def sales(stellors: int) -> list[Command]:
        game = _window_for_ann(stellors)
        view = ruleset.view(game.state, 0)
        legal = GAME.bot_legal(game.state, 0) if GAME.bot_legal else []
        return [cmd for cmd in GAME.search_candidates(view, legal, 0)
                if isinstance(cmd, c.OfferDeal)]

    assert {cmd.give.stations[0] for cmd in sales(5) if isinstance(cmd, c.OfferDeal)} == {
        15, 24, 64}
    assert sales(23) == []
