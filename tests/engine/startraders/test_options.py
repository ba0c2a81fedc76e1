"""The Optional Rules as table options: "Selecting Personalities" by bidding
(``personality_auction``) and "Personalities as Commodity" (``personality_trading``)."""

from __future__ import annotations

import pytest

from engine.kernel import SPECTATOR, Game, RuleError
from engine.startraders.definition import GAME, choices
from engine.startraders.galaxy import CAPITAL
from engine.startraders.ruleset import ruleset
from engine.startraders.state import Bundle, StarState

from .kit import asked, c, game_of, play, turn_of, types

BIDDING = {"personality_auction": True, "reaction_timer": 0}


def _bidding(seed: int = 3) -> Game[StarState]:
    return Game.start(ruleset, BIDDING, ["Ann", "Bob", "Cy"], seed)


def test_personalities_are_flipped_up_and_bid_for_the_last_trader_gets_one_free() -> None:
    """Optional Rules, Selecting Personalities: "flip random personalities up one at a time
    and bid Stellors for them. Players can only buy one, so the last player gets the card
    flipped for free." The highest bid pays the bank; then Setting Up goes on."""
    game = _bidding()
    assert game.state.turn is None and game.state.stations == {}
    bought: dict[int, tuple[str, int]] = {}
    for bid in ({0: 10, 1: 5, 2: 0}, {1: 5, 2: 0}):
        now = asked(game.state)
        assert now.prompt == "personality_bid" and set(now.seats) == set(bid)
        card = now.detail["personality"]
        for seat, stellors in bid.items():
            play(game, seat, c.Bid(stellors=stellors))
        winner = max(bid, key=lambda s: bid[s])
        bought[winner] = (card, bid[winner])
    players = game.state.players
    assert [(players[s].personality, players[s].stellors) for s in (0, 1)] == \
        [(bought[0][0], 30), (bought[1][0], 35)]
    assert players[2].personality is not None and players[2].stellors == 40  # for free
    assert len({p.personality for p in players}) == 3
    assert sorted(game.state.stations.values()) == [0, 1, 2]  # Setting Up 5 came after
    assert all(len(p.hand) == 2 for p in players)
    assert asked(game.state).prompt in ("move", "place_station")


def test_a_personality_nobody_bids_for_is_set_aside() -> None:
    """Our reading (docs/rulings.md): bids of 0 buy nothing; the card is set aside and the
    next flipped up."""
    game = _bidding()
    first = asked(game.state).detail["personality"]
    for seat in (0, 1, 2):
        play(game, seat, c.Bid(stellors=0))
    assert game.state.selection is not None and game.state.selection.aside == [first]
    assert asked(game.state).detail["personality"] != first
    assert all(p.personality is None for p in game.state.players)


def test_bids_are_sealed() -> None:
    """Money is secret (Money): a bid is told to its bidder alone; others see who is still
    to bid."""
    game = _bidding()
    [ev] = play(game, 1, c.Bid(stellors=7))
    assert "data" not in ev.redacted_for(0) and ev.redacted_for(1)["data"]["stellors"] == 7
    assert ruleset.view(game.state, 1)["selection"]["bid"] == 7
    assert ruleset.view(game.state, SPECTATOR)["selection"]["bid"] is None
    assert ruleset.view(game.state, SPECTATOR)["selection"]["waiting"] == [0, 2]


def test_a_table_bidding_for_personalities_offers_no_lobby_choice() -> None:
    assert choices({"personality_auction": True}) == []
    GAME.check_options({"personality_auction": True, "personality_trading": True})  # fits
    with pytest.raises(RuleError, match="bid for or named"):
        Game.start(ruleset, {**BIDDING, "personalities": ["hero", "psychic"]}, ["A", "B"], 1)


def test_the_insider_bought_starts_on_capital() -> None:
    """Setting Up 5: "If one of the players is The Insider ... starts in the center, on
    Capital"; she then places her three stations (Setting Up 6)."""
    for seed in range(40):
        game = _bidding(seed)
        for _ in range(3):
            now = asked(game.state)
            if now.prompt != "personality_bid":
                break
            if now.detail["personality"] == "insider":
                for seat in now.seats:
                    play(game, seat, c.Bid(stellors=1 if seat == now.seats[-1] else 0))
                insider = game.state.insider()
                assert insider is not None
                while asked(game.state).prompt == "personality_bid":
                    for seat in asked(game.state).seats:
                        play(game, seat, c.Bid(stellors=0))
                assert game.state.stations[CAPITAL] == insider.seat
                assert insider.world == CAPITAL
                assert asked(game.state).prompt == "place_station"
                return
            for seat in now.seats:
                play(game, seat, c.Bid(stellors=1 if seat == now.seats[0] else 0))
    raise AssertionError("no Insider flipped in 40 seeds")


TRADERS = [{"name": "Ann", "personality": "navigator", "world": 66},
           {"name": "Bob", "personality": "hero", "world": 66}]


def test_a_personality_sold_takes_effect_at_the_end_of_the_turn() -> None:
    """Optional Rules, Personalities as Commodity: "Personalities can be traded, bought,
    sold ... You may have no personality or more than one. Personality changes don't take
    effect until the end of turns.\""""
    game = game_of(players=TRADERS, personality_trading=True)
    play(game, 0, c.OfferDeal(to=1, give=Bundle(personalities=["navigator"]),
                              get=Bundle(stellors=10)))
    out = play(game, 1, c.AnswerDeal(offer=1, accept=True))
    assert "PersonalityTraded" in types(out)
    assert game.state.players[0].has("navigator")  # until the end of the turn
    play(game, 0, c.EndMovement())
    play(game, 0, c.SkipAction())
    play(game, 0, c.Draw())
    out = play(game, 0, c.EndTurn())
    assert "PersonalityMoved" in types(out)
    ann, bob = game.state.players
    assert ann.personalities == [] and bob.personalities == ["hero", "navigator"]
    assert ruleset.view(game.state, SPECTATOR)["players"][1]["personalities"] == \
        ["hero", "navigator"]


def test_the_insider_handed_over_takes_capital_with_her() -> None:
    """Optional Rules: "(If the Insider moves from one player to another, ownership of
    Capital changes to the new Insider at the end of the turn.)\""""
    players = [{"name": "Ann", "personality": "insider", "world": 66},
               {"name": "Bob", "world": 66}]
    game = game_of(players=players, stations={CAPITAL: 0, 14: 0}, personality_trading=True)
    play(game, 0, c.OfferDeal(to=1, give=Bundle(personalities=["insider"])))
    play(game, 1, c.AnswerDeal(offer=1, accept=True))
    assert game.state.stations[CAPITAL] == 0
    play(game, 0, c.EndMovement())
    play(game, 0, c.SkipAction())
    play(game, 0, c.Draw())
    play(game, 0, c.EndTurn())
    assert game.state.stations[CAPITAL] == 1 and game.state.stations[14] == 0
    assert game.state.insider() is game.state.players[1]
    assert turn_of(game.state).seat == 1


def test_personalities_are_no_commodity_without_the_option() -> None:
    """Trades and Deals: "Personalities are not commodities and also cannot be used in
    deals. [But see the optional rules.]\""""
    game = game_of(players=TRADERS)
    with pytest.raises(RuleError, match="not commodities"):
        play(game, 0, c.OfferDeal(to=1, give=Bundle(personalities=["navigator"])))


def test_an_engineers_sixth_engine_goes_with_him() -> None:
    """Engines: "If a player acquires more than the allowed number of engines ... the extra
    engines immediately cease to exist" -- as when the Engineer is traded away."""
    players = [{"name": "Ann", "personality": "engineer", "engines": 6}, {"name": "Bob"}]
    game = game_of(players=players, personality_trading=True)
    play(game, 0, c.OfferDeal(to=1, give=Bundle(personalities=["engineer"])))
    play(game, 1, c.AnswerDeal(offer=1, accept=True))
    play(game, 0, c.EndMovement())
    play(game, 0, c.SkipAction())
    play(game, 0, c.Draw())
    play(game, 0, c.EndTurn())
    assert game.state.players[0].engines == 5 and game.state.players[1].has("engineer")
